import * as z from 'zod/mini';

/*
 * A student's data on request, and erasure (docs/product.md §2.21). Answers: shared/answers/student-data.ts.
 */
export type { DataRequest, ErasedStudent, ListedDataRequest, StudentData } from '../answers/student-data';

/** How long a fulfilled request lets the student and their guardians download their data. */
export const DATA_READY_DAYS = 30;

export const STUDENT_DATA_MESSAGES = {
  exported: 'Student data',
  notReady: 'Your data is not ready to download: ask for it from Home, and an admin prepares it',
  requested: 'Your request is with the college: an admin prepares your data',
  alreadyRequested: 'Your request is already with the college',
  requests: 'Data requests',
  request: 'Data request',
  noRequest: 'No data request',
  fulfilled: 'The data is ready: the student and their guardians can download it from Home',
  nothingToFulfil: 'There is no open request for this student’s data',
  confirm: 'Type the student’s enrollment to confirm the erasure',
  confirmMismatch: 'The enrollment typed is not this student’s: nothing was erased',
  erased: 'The student was erased: their personal data is gone, their classmates’ attendance is unchanged',
  studentNotFound: 'Student not found',
} as const;

/** POST student/{id}/erase: the student's enrollment, typed again. */
export const eraseStudentSchema = z.object({
  enrollment: z.string({ error: STUDENT_DATA_MESSAGES.confirm }).check(z.trim(), z.minLength(1, { error: STUDENT_DATA_MESSAGES.confirm })),
});
