import * as z from 'zod/mini';

// Answer shapes (shared/api-schemas.ts), kept out of shared/schemas/: the Lambdas load those, and zod schemas
// built at load time cannot be tree-shaken, so each Lambda would carry every answer.

/** What deleting a semester, division, batch or course removes besides itself (GET <kind>/{id}/dependents, and DELETE's answer). */
export const dependentsShape = z.strictObject({
  divisions: z.number(),
  batches: z.number(),
  students: z.number(),
  courses: z.number(),
  attendance: z.number(),
});
export type Dependents = z.output<typeof dependentsShape>;

/** DELETE <kind>/{id}: the deleted item's id and what went with it. */
export const deletedTreeShape = z.strictObject({
  _id: z.string(),
  deleted: dependentsShape,
});
export type DeletedTree = z.output<typeof deletedTreeShape>;
