import { correctionSchema, criteriaQuerySchema, markSchema, viewQuerySchema } from '../schemas/attendance';
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
  'GET /settings': {},
  'PATCH /settings': { body: settingsPatchSchema },
} as const satisfies RequestsOf<'attendance'>;
