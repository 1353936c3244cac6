import { timetableChangeSchema, timetableEntrySchema, timetableQuerySchema, todayQuerySchema } from '../schemas/timetable';
import type { RequestsOf } from './types';

export const TIMETABLE_REQUESTS = {
  'POST /timetable': { body: timetableEntrySchema },
  'GET /timetable': { query: timetableQuerySchema },
  'GET /timetable/today': { query: todayQuerySchema },
  'PATCH /timetable/{id}': { body: timetableChangeSchema },
  'DELETE /timetable/{id}': {},
} as const satisfies RequestsOf<'timetable'>;
