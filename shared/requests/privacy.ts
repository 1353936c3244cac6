import { idParam } from '../schemas/common';
import { eraseStudentSchema } from '../schemas/student-data';
import type { RequestsOf } from './types';

const ID = { params: idParam() };

export const PRIVACY_REQUESTS = {
  'GET /student/{id}/export': ID,
  'GET /student/{id}/data-request': ID,
  'POST /student/{id}/data-request': ID,
  'GET /student/data-requests': {},
  'POST /student/{id}/data-request/fulfil': ID,
  'POST /student/{id}/erase': { ...ID, body: eraseStudentSchema },
} as const satisfies RequestsOf<'privacy'>;
