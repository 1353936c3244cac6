import * as z from 'zod/mini';
import type { StudentImportResult } from '../answers/student-import';
import { MESSAGES } from '../messages';
import { entityId, personName, requiredEmail, requiredText } from './common';
import { GUARDIAN_COLUMNS, guardianFromCells, guardianGiven, guardianSchema, MAX_GUARDIANS, type GuardianColumn } from './guardians';
import { dateFromCell, dateOfBirth } from './date-of-birth';

/**
 * Importing students from a CSV file (docs/api.md "Student import", docs/product.md §2.13): the
 * file's columns, one row's checks, the body of POST student/import and its answer. The web app
 * parses the file and checks rows with these same schemas; the server checks them again.
 */
export const IMPORT_COLUMNS = ['enrollment', 'name', 'email', 'semester', 'division', 'batch'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
/**
 * Optional columns: a student's guardian contacts (shared/schemas/guardians.ts). A file with any of
 * them states each row's guardians whole (empty cells: none); a file without them leaves guardians as they are.
 */
export { GUARDIAN_COLUMNS, type GuardianColumn };
/**
 * Optional column: the student's date of birth, YYYY-MM-DD or, as Indian spreadsheets write it, DD-MM-YYYY or
 * DD/MM/YYYY. A file with it states each row's (an empty cell: none); a file without it leaves the dates as they are.
 */
export const DOB_COLUMN = 'dob' as const;

/** Rows per call: 500 rows of a college's CSV stay far below the 256 KB body limit and API Gateway's 29 s. */
export const IMPORT_MAX_ROWS = 500;

export { IMPORT_OUTCOMES, type ImportOutcome } from './import-outcomes';

export const IMPORT_MESSAGES = {
  rowsRequired: 'Send the rows to import as a list',
  noRows: 'There are no rows to import',
  tooManyRows: `At most ${IMPORT_MAX_ROWS} rows per call`,
  cellNotText: 'Each cell of a row must be text',
  rowNumber: 'A row number must be a whole number of at least 1',
  flag: 'dryRun and createMissing must be true or false',
  noActiveTerm: 'There is no active term to import into',
  duplicate: (enrollment: string) => `Enrollment ${enrollment} appears more than once in the file`,
  lookalike: (enrollment: string) => `Enrollment ${enrollment} looks like another enrollment in the file`,
  noSemester: (semester: string, term?: string) => `Semester "${semester}" does not exist in ${term ?? 'the active term'}`,
  noTerm: 'Term not found: choose the term to import into again',
  noDivision: (division: string, semester: string) => `Division "${division}" does not exist in ${semester}`,
  noBatch: (batch: string, division: string) => `Batch "${batch}" does not exist in ${division}`,
  claimWithoutStudent: (enrollment: string) => `Enrollment ${enrollment} belongs to a student being deleted; try again in a moment`,
  changedMeanwhile: 'The student changed while importing; run the import again',
  notSaved: 'This row could not be saved; run the import again',
  rowTooLarge: 'This row is too long to send; shorten its cells',
  // The file, read in the browser.
  emptyFile: 'The file is empty',
  headerOnly: 'The file has a header but no students',
  missingColumns: (columns: string[]) => `The file has no column ${columns.join(', ')} (expected: ${IMPORT_COLUMNS.join(', ')})`,
  unreadable: 'The file could not be read as CSV',
} as const;

/** One row's cells, checked as the Student form checks them, plus where the student goes. */
export const importRowSchema = z.object({
  enrollment: requiredText('Please enter enrollment', 50, 'Enrollment'),
  name: personName('Please enter name'),
  email: requiredEmail('Please enter email', MESSAGES.invalidEmail),
  semester: requiredText('Please enter semester', 200, 'Semester'),
  division: requiredText('Please enter division', 200, 'Division'),
  batch: requiredText('Please enter batch', 200, 'Batch'),
});
export type ImportRowInput = z.output<typeof importRowSchema> & {
  /** Absent: the file has no guardian columns, and the student's guardians stay as they are. */
  guardians?: z.output<typeof guardianSchema>[];
  /** Absent: the file has no dob column, and the student's date of birth stays; null: the cell is empty (none). */
  dob?: string | null;
};

const cell = z.optional(z.string({ error: IMPORT_MESSAGES.cellNotText }));
const guardianCellsSent = Object.fromEntries(GUARDIAN_COLUMNS.map((column) => [column, cell])) as Record<GuardianColumn, typeof cell>;

/** A row as sent: its cells (each checked on its own, so one bad row never stops the others) and its line in the file. */
const sentRow = z.object({
  row: z.optional(z.int({ error: IMPORT_MESSAGES.rowNumber }).check(z.minimum(1, { error: IMPORT_MESSAGES.rowNumber }))),
  enrollment: cell,
  name: cell,
  email: cell,
  semester: cell,
  division: cell,
  batch: cell,
  ...guardianCellsSent,
  dob: cell,
});
export type ImportRow = z.output<typeof sentRow>;

const flag = z.optional(z.boolean({ error: IMPORT_MESSAGES.flag }));

export const studentImportSchema = z.object({
  rows: z
    .array(sentRow, { error: IMPORT_MESSAGES.rowsRequired })
    .check(z.minLength(1, { error: IMPORT_MESSAGES.noRows }), z.maxLength(IMPORT_MAX_ROWS, { error: IMPORT_MESSAGES.tooManyRows })),
  dryRun: flag,
  createMissing: flag,
  /** The term whose structure the rows name (any term: next term is prepared alongside); absent, the active term. */
  termid: z.optional(entityId(IMPORT_MESSAGES.noTerm)),
});
export type StudentImportInput = z.output<typeof studentImportSchema>;

/** POST student/import's answer: shared/answers/student-import.ts. */
export type { ImportRowResult, StudentImportResult } from '../answers/student-import';

/** The first message of each field that fails, in column order, joined: what a row's error says. */
export function rowProblems(row: ImportRow): { value: ImportRowInput } | { error: string } {
  const result = z.safeParse(importRowSchema, row);
  const seen = new Set<string>(result.success ? [] : result.error.issues.map((issue) => issue.message));
  const guardians = rowGuardians(row);
  for (const message of guardians.errors) seen.add(message);
  const dob = rowDateOfBirth(row.dob);
  if ('error' in dob) seen.add(dob.error);
  if (!result.success || 'error' in dob || seen.size) return { error: [...seen].join('; ') };
  return {
    value: {
      ...result.data,
      ...(guardians.list && { guardians: guardians.list }),
      ...(dob.value !== undefined && { dob: dob.value }),
    },
  };
}

/** A row's date of birth: undefined without the column, null for an empty cell, else the date as YYYY-MM-DD. */
function rowDateOfBirth(text: string | undefined): { value: string | null | undefined } | { error: string } {
  if (text === undefined) return { value: undefined };
  if (text.trim() === '') return { value: null };
  const result = z.safeParse(dateOfBirth, dateFromCell(text));
  return result.success ? { value: result.data } : { error: result.error.issues[0]!.message };
}

/** A row's guardians, each whose cells are not all empty, in order; its problems say which guardian ('Guardian 2: …'). */
function rowGuardians(row: ImportRow) {
  const cells = row as Partial<Record<string, string>>;
  if (!GUARDIAN_COLUMNS.some((column) => cells[column] !== undefined)) return { list: undefined, errors: [] };
  const list: z.output<typeof guardianSchema>[] = [];
  const errors: string[] = [];
  for (let n = 1; n <= MAX_GUARDIANS; n++) {
    if (!guardianGiven(cells, n)) continue;
    const result = z.safeParse(guardianSchema, guardianFromCells(cells, n));
    if (result.success) list.push(result.data);
    else errors.push(...new Set(result.error.issues.map((issue) => `Guardian ${n}: ${issue.message}`)));
  }
  return { list, errors };
}

/** The summary line of an import's answer. */
export function importSummary({ dryRun, counts }: Pick<StudentImportResult, 'dryRun' | 'counts'>): string {
  const parts = dryRun
    ? [`${counts.create} to add`, `${counts.update} to change`, `${counts.unchanged} unchanged`, `${counts.error} with errors`]
    : [`${counts.create} added`, `${counts.update} changed`, `${counts.unchanged} unchanged`, `${counts.error} with errors`];
  return `${dryRun ? 'Preview' : 'Import'}: ${parts.join(', ')}`;
}
