import * as z from 'zod/mini';
import { IMPORT_OUTCOMES } from '../schemas/import-outcomes';

// Answer shapes (shared/api-schemas.ts), kept out of shared/schemas/: the Lambdas load those, and zod schemas
// built at load time cannot be tree-shaken, so each Lambda would carry every answer.

/** One row's outcome: `row` is the row's number as sent (its position, from 1, when it came without one). */
export const importRowResultShape = z.strictObject({
  row: z.number(),
  outcome: z.enum(IMPORT_OUTCOMES),
  message: z.string(),
  /** The student's id; null for an error, or a student a dry run would create. */
  studentId: z.nullable(z.string()),
});
export type ImportRowResult = z.output<typeof importRowResultShape>;

export const studentImportResultShape = z.strictObject({
  dryRun: z.boolean(),
  results: z.array(importRowResultShape),
  counts: z.record(z.enum(IMPORT_OUTCOMES), z.number()),
});
export type StudentImportResult = z.output<typeof studentImportResultShape>;
