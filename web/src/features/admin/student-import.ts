import { MAX_BODY_BYTES } from '@shared/constants';
import { GUARDIAN_COLUMNS, guardianCells, type GuardianColumn } from '@shared/schemas/guardians';
import {
  DOB_COLUMN,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportColumn,
  type ImportOutcome,
  type ImportRowResult,
} from '@shared/schemas/student-import';
import type { Batch, Division, Student } from '@shared/schemas/structure';
import { callRoute } from '@web/lib/api-client';
import { csvText } from '@web/lib/csv';

/**
 * Students in and out as CSV (docs/product.md §2.13): the file read in the browser (papaparse,
 * loaded only when a file is read), sent in chunks of at most 500 rows and IMPORT_BODY_BUDGET bytes, the rows with errors as
 * CSV, and a batch, division or semester exported with the same columns.
 */

/**
 * A row of the file: its number (the header is row 1) and its cells by column; the guardian and dob cells
 * only when the file has those columns (without them the students' guardians and dates of birth stay as they are).
 */
export type FileRow = { row: number } & Record<ImportColumn, string> & Partial<Record<GuardianColumn | typeof DOB_COLUMN, string>>;

/** Reads a CSV file's text: UTF-8 with or without a byte order mark, comma or semicolon, quoted cells. */
export async function parseStudentsCsv(text: string): Promise<{ rows: FileRow[] } | { error: string }> {
  const { default: Papa } = await import('papaparse');
  const clean = text.replace(/^\uFEFF/, '');
  if (clean.trim() === '') return { error: IMPORT_MESSAGES.emptyFile };
  const parsed = Papa.parse<string[]>(clean, { delimitersToGuess: [',', ';'], skipEmptyLines: 'greedy' });
  const [header, ...records] = parsed.data;
  if (!header) return { error: IMPORT_MESSAGES.emptyFile };
  const names = header.map((name) => name.trim().toLowerCase());
  const missing = IMPORT_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length) return { error: IMPORT_MESSAGES.missingColumns(missing) };
  if (!records.length) return { error: IMPORT_MESSAGES.headerOnly };
  const optional = [...GUARDIAN_COLUMNS, DOB_COLUMN].filter((column) => names.includes(column));
  const columns = [...IMPORT_COLUMNS, ...optional];
  return {
    rows: records.map(
      (record, index) =>
        ({
          row: index + 2,
          ...Object.fromEntries(columns.map((column) => [column, (record[names.indexOf(column)] ?? '').trim()])),
        }) as FileRow,
    ),
  };
}

const enrollmentKey = (enrollment: string) => enrollment.trim().toLowerCase();

/** Rows whose enrollment appears more than once in the file: errors here, never sent (a chunk could split them). */
export function duplicateRows(rows: FileRow[]): ImportRowResult[] {
  const times = new Map<string, number>();
  for (const { enrollment } of rows) if (enrollment) times.set(enrollmentKey(enrollment), (times.get(enrollmentKey(enrollment)) ?? 0) + 1);
  return rows
    .filter(({ enrollment }) => enrollment && times.get(enrollmentKey(enrollment))! > 1)
    .map(({ row, enrollment }) => ({ row, outcome: 'error', message: IMPORT_MESSAGES.duplicate(enrollment), studentId: null }));
}

/**
 * The most bytes of JSON (UTF-8) a chunk's body may take: the server refuses a body over
 * MAX_BODY_BYTES with 413, and 500 rows of long Devanagari names (3 bytes a letter) are over it.
 * 16 KB are kept in hand, so a field added to the body later does not tip a full chunk over.
 */
export const IMPORT_BODY_BUDGET = MAX_BODY_BYTES - 16 * 1024;

const utf8Bytes = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * The rows split into the bodies sent, in order: each at most `maxRows` rows and `maxBytes` bytes
 * of JSON. A row too large to go even alone is in `tooLarge`, never sent.
 */
export function importChunks<T>(
  rows: T[],
  options: object,
  maxRows = IMPORT_MAX_ROWS,
  maxBytes = IMPORT_BODY_BUDGET,
): { chunks: T[][]; tooLarge: T[] } {
  const empty = utf8Bytes({ rows: [], ...options });
  const chunks: T[][] = [];
  const tooLarge: T[] = [];
  let chunk: T[] = [];
  let bytes = empty;
  for (const row of rows) {
    const rowBytes = utf8Bytes(row) + 1; // its comma
    if (empty + rowBytes > maxBytes) {
      tooLarge.push(row);
      continue;
    }
    if (chunk.length === maxRows || bytes + rowBytes > maxBytes) {
      chunks.push(chunk);
      chunk = [];
      bytes = empty;
    }
    chunk.push(row);
    bytes += rowBytes;
  }
  if (chunk.length) chunks.push(chunk);
  return { chunks, tooLarge };
}

export interface ImportRun {
  /** Every row's outcome, in the file's order. */
  results: ImportRowResult[];
  counts: Record<ImportOutcome, number>;
}

/**
 * Sends the file's rows in chunks of at most 500 rows and IMPORT_BODY_BUDGET bytes (duplicates,
 * and a row too large to send, stay here as errors), calling
 * `progress` with how many rows are done; a chunk refused for being busy is tried again once.
 * Throws the failure of a chunk that could not be sent: the rows sent before it are saved, and
 * running the file again finishes it.
 */
export async function runImport(
  rows: FileRow[],
  options: { dryRun: boolean; createMissing: boolean; termid?: string },
  progress: (done: number, total: number) => void,
  chunkSize = IMPORT_MAX_ROWS,
  byteBudget = IMPORT_BODY_BUDGET,
): Promise<ImportRun> {
  const duplicates = duplicateRows(rows);
  const skipped = new Set(duplicates.map((result) => result.row));
  const { chunks, tooLarge } = importChunks(
    rows.filter((row) => !skipped.has(row.row)),
    options,
    chunkSize,
    byteBudget,
  );
  const results: ImportRowResult[] = [
    ...duplicates,
    ...tooLarge.map(({ row }) => ({ row, outcome: 'error' as const, message: IMPORT_MESSAGES.rowTooLarge, studentId: null })),
  ];
  let done = results.length;
  progress(done, rows.length);
  for (const chunk of chunks) {
    const body = { rows: chunk, ...options };
    const answer = await callRoute('POST /student/import', { body }).catch(async (failure: unknown) => {
      if ((failure as { status?: number }).status !== 503) throw failure;
      return callRoute('POST /student/import', { body });
    });
    results.push(...answer.data.results);
    done += chunk.length;
    progress(done, rows.length);
  }
  results.sort((a, b) => a.row - b.row);
  const counts: Record<ImportOutcome, number> = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const result of results) counts[result.outcome] += 1;
  return { results, counts };
}

/** The rows with errors as CSV, the file's columns then the error: fixed, the file imports again. */
export function errorRowsCsv(rows: FileRow[], results: ImportRowResult[]): string {
  const byRow = new Map(rows.map((row) => [row.row, row]));
  const errors = results.filter((result) => result.outcome === 'error');
  const optional = [...GUARDIAN_COLUMNS, DOB_COLUMN].filter((column) => rows.some((row) => row[column] !== undefined));
  const columns = [...IMPORT_COLUMNS, ...optional];
  return csvText([
    [...columns, 'row', 'error'],
    ...errors.map((result) => {
      const row = byRow.get(result.row);
      return [...columns.map((column) => row?.[column] ?? ''), String(result.row), result.message];
    }),
  ]);
}

/** Where an export starts: a semester, or one of its divisions, or one batch (names as shown). */
export type ExportScope =
  | { level: 'semester'; semester: { id: string; name: string } }
  | { level: 'division'; semester: { name: string }; division: { id: string; name: string } }
  | { level: 'batch'; semester: { name: string }; division: { name: string }; batch: { id: string; name: string } };

/** The students of a batch, a division or a semester as CSV with the import's columns, guardians too (roll order, batch by batch). */
export async function exportStudentsCsv(scope: ExportScope): Promise<string> {
  const lines: string[][] = [[...IMPORT_COLUMNS, ...GUARDIAN_COLUMNS]];
  const addBatch = async (semester: string, division: string, batch: { id: string; name: string }) => {
    const students = (await callRoute('GET /student/{batchid}', { params: { batchid: batch.id } })).data as Student[];
    for (const student of students) {
      const guardians = guardianCells(student.guardians);
      lines.push([
        student.enrollment,
        student.name,
        student.email ?? '',
        semester,
        division,
        batch.name,
        ...GUARDIAN_COLUMNS.map((column) => guardians[column]),
      ]);
    }
  };
  const addDivision = async (semester: string, division: { id: string; name: string }) => {
    const batches = (await callRoute('GET /batch/{divisionid}', { params: { divisionid: division.id } })).data as Batch[];
    for (const batch of batches) await addBatch(semester, division.name, { id: batch._id, name: batch.name });
  };
  if (scope.level === 'batch') await addBatch(scope.semester.name, scope.division.name, scope.batch);
  if (scope.level === 'division') await addDivision(scope.semester.name, scope.division);
  if (scope.level === 'semester') {
    const divisions = (await callRoute('GET /division/{semid}', { params: { semid: scope.semester.id } })).data as Division[];
    for (const division of divisions) await addDivision(scope.semester.name, { id: division._id, name: division.name });
  }
  return csvText(lines);
}
