import { idParam } from '../schemas/common';
import {
  batchDeleteSchema,
  batchRenameSchema,
  batchSchema,
  coordinatorsSchema,
  courseRenameSchema,
  courseSchema,
  divisionRenameSchema,
  divisionSchema,
  semesterRenameSchema,
  semesterSchema,
  slotSchema,
  slotUpdateSchema,
} from '../schemas/structure';
import type { RequestsOf } from './types';

/*
 * The five levels under a term (functions/structure.ts). A slot's ids in paths answer the original client's
 * "could't get id"; the other levels' "Some error occur" (docs/product.md §5).
 */
const ID = { params: idParam() };
const SLOT_ID = { params: idParam("could't get id") };

export const SEMESTER_REQUESTS = {
  'POST /semester': { body: semesterSchema },
  'GET /semester/{termid}': { params: idParam(undefined, 'termid') },
  'GET /semester/{id}/dependents': ID,
  'PATCH /semester/{id}': { ...ID, body: semesterRenameSchema },
  'DELETE /semester/{id}': ID,
} as const satisfies RequestsOf<'semester'>;

export const DIVISION_REQUESTS = {
  'POST /division': { body: divisionSchema },
  'GET /division/{semid}': { params: idParam(undefined, 'semid') },
  'DELETE /division/delete/{semid}': { params: idParam(undefined, 'semid') },
  'GET /division/{id}/dependents': ID,
  'PATCH /division/{id}': { ...ID, body: divisionRenameSchema },
  'PATCH /division/{id}/coordinators': { ...ID, body: coordinatorsSchema },
  'DELETE /division/{id}': ID,
} as const satisfies RequestsOf<'division'>;

export const BATCH_REQUESTS = {
  'POST /batch': { body: batchSchema },
  'GET /batch/{divisionid}': { params: idParam(undefined, 'divisionid') },
  'POST /batch/delete': { body: batchDeleteSchema },
  'GET /batch/{id}/dependents': ID,
  'PATCH /batch/{id}': { ...ID, body: batchRenameSchema },
  'DELETE /batch/{id}': ID,
} as const satisfies RequestsOf<'batch'>;

export const COURSE_REQUESTS = {
  'POST /course': { body: courseSchema },
  'GET /course/{semid}': { params: idParam(undefined, 'semid') },
  'GET /course/{id}/dependents': ID,
  'PATCH /course/{id}': { ...ID, body: courseRenameSchema },
  'DELETE /course/{id}': ID,
} as const satisfies RequestsOf<'course'>;

export const SLOT_REQUESTS = {
  'POST /slot': { body: slotSchema },
  'GET /slot/{termid}': { params: idParam("could't get id", 'termid') },
  'PATCH /slot/{id}': { ...SLOT_ID, body: slotUpdateSchema },
  'DELETE /slot/{id}': SLOT_ID,
} as const satisfies RequestsOf<'slot'>;
