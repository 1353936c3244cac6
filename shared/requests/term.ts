import { idParam } from '../schemas/common';
import { termActivationSchema, termSchema, termStatusSchema } from '../schemas/structure';
import type { RequestsOf } from './types';

export const TERM_REQUESTS = {
  'POST /term': { body: termSchema },
  'GET /term': {},
  'GET /term/active': {},
  'PATCH /term/{id}': { params: idParam(), body: termStatusSchema },
  'POST /term/{id}/activate': { params: idParam(), body: termActivationSchema },
} as const satisfies RequestsOf<'term'>;
