import * as z from 'zod/mini';

// Answer shapes (shared/api-schemas.ts), kept out of shared/schemas/: the Lambdas load those, and zod schemas
// built at load time cannot be tree-shaken, so each Lambda would carry every answer.

/** A student who matches, with where they study (names to tell namesakes apart, ids to open their batch or record). */
export const studentMatchShape = z.strictObject({
  _id: z.string(),
  enrollment: z.string(),
  name: z.string(),
  termid: z.string(),
  semid: z.string(),
  semester: z.string(),
  divisionid: z.string(),
  division: z.string(),
  batchid: z.string(),
  batch: z.string(),
});
export type StudentMatch = z.output<typeof studentMatchShape>;

export const studentSearchResultShape = z.strictObject({
  /** The best matches first (an exact enrollment, then names or enrollments that start with the text), at most 20. */
  students: z.array(studentMatchShape),
  /** More students match than are answered: the text should be longer. */
  more: z.boolean(),
});
export type StudentSearchResult = z.output<typeof studentSearchResultShape>;
