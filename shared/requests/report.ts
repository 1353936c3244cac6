import { defaultersQuerySchema, recordQuerySchema } from '../schemas/reports';
import type { RequestsOf } from './types';

export const REPORT_REQUESTS = {
  'GET /report/defaulters': { query: defaultersQuerySchema },
  'GET /report/student/{id}': { query: recordQuerySchema },
  'GET /report/student/{id}/standing': {},
} as const satisfies RequestsOf<'report'>;
