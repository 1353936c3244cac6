import { correctionSchema, criteriaQuerySchema, markSchema, viewQuerySchema } from '../schemas/attendance';
import { openCheckInSchema, studentCheckInSchema } from '../schemas/check-in';
import { settingsPatchSchema } from '../schemas/settings';
import { missingQuerySchema } from '../schemas/timetable';
import type { RequestsOf } from './types';

export const ATTENDANCE_REQUESTS = {
  'POST /attendance': { body: markSchema },
  'GET /attendance': { query: viewQuerySchema },
  'GET /attendance/criteria': { query: criteriaQuerySchema },
  'PATCH /attendance/{id}': { body: correctionSchema },
  'GET /attendance/{id}/history': {},
  'GET /attendance/missing': { query: missingQuerySchema },
  'POST /checkin': { body: openCheckInSchema },
  'GET /checkin/{id}': {},
  'POST /checkin/{id}/close': {},
  'POST /checkin/student': { body: studentCheckInSchema },
  'GET /settings': {},
  'PATCH /settings': { body: settingsPatchSchema },
} as const satisfies RequestsOf<'attendance'>;
