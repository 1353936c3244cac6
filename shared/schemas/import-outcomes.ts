/*
 * What a student import does with each row, in a module of its own: the import's code (student-import.ts)
 * and its answer (shared/answers/student-import.ts) both name the outcomes, and neither imports the other.
 */

export const IMPORT_OUTCOMES = ['create', 'update', 'unchanged', 'error'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];
