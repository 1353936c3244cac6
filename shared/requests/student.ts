import { idParam } from '../schemas/common';
import { studentImportSchema } from '../schemas/student-import';
import { studentSearchQuerySchema } from '../schemas/student-search';
import { changeTermSchema, studentDeleteSchema, studentSchema, studentUpdateSchema } from '../schemas/structure';
import type { RequestsOf } from './types';

const ID = { params: idParam() };

export const STUDENT_REQUESTS = {
  'POST /student/delete': { body: studentDeleteSchema },
  'POST /student/import': { body: studentImportSchema },
  'POST /student': { body: studentSchema },
  'GET /student/{batchid}': { params: idParam(undefined, 'batchid') },
  'PATCH /student/updateterm': { body: changeTermSchema },
  'PATCH /student/{id}': { ...ID, body: studentUpdateSchema },
  'GET /student/student/{id}': ID,
  'GET /student/search': { query: studentSearchQuerySchema },
  'GET /student/division/{divisionid}': { params: idParam(undefined, 'divisionid') },
  'DELETE /student/{id}': ID,
} as const satisfies RequestsOf<'student'>;
