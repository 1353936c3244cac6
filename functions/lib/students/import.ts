import {
  IMPORT_MESSAGES,
  rowProblems,
  type ImportOutcome,
  type ImportRowInput,
  type ImportRowResult,
  type StudentImportInput,
  type StudentImportResult,
} from '@shared/schemas/student-import';
import { sameGuardians } from '@shared/schemas/guardians';
import { Conflict, DomainError, Invalid } from '../domain-errors';
import { isRetryableDatabaseError } from '../http/errors';
import { logger } from '../http/logger';
import { lookalikeKeys } from '@shared/text/lookalike';
import { TEXT_MESSAGES } from '@shared/text/normalize';
import { naturalKey } from '../natural-key';
import { createNode, getNode, listActiveTerms, listChildren, type Kind, type StructureItem } from '../repositories/structure';
import { enrollmentKey, findLookalikeHolders, findStudentsByEnrollment } from '../repositories/student-lookups';
import { createStudentIn, replaceStudent, type StudentItem } from '../repositories/students';

/**
 * POST student/import (docs/api.md "Student import"): each row is checked on its own, placed in
 * the structure of the term the admin chose (`termid`; without it the current term, the first
 * active one) by names, compared with the student
 * holding its enrollment, and then added, changed or left alone. An error row never stops the
 * others. Every write is one student's transaction from the repository, whose enrollment claim
 * keeps enrollments unique: running a file again, or two imports of it at once, cannot double a
 * student, and a run stopped midway is completed by running it again.
 */

/** Transactions in flight at once: 500 rows stay well inside API Gateway's 29 s. */
const PARALLEL_WRITES = 10;

interface Placed {
  batch: StructureItem | null;
  /** Levels a dry run would create, or a real run created, for this row ("Division "3"…"). */
  creates: string[];
}

type Checked = { row: number; input: ImportRowInput } | { row: number; result: ImportRowResult };

const errorResult = (row: number, message: string): ImportRowResult => ({ row, outcome: 'error', message, studentId: null });

export async function importStudents({
  rows,
  dryRun = false,
  createMissing = false,
  termid,
}: StudentImportInput): Promise<StudentImportResult> {
  const checked = checkRows(rows);
  const valid = checked.filter((one): one is { row: number; input: ImportRowInput } => 'input' in one);

  const enrollments = valid.map(({ input }) => input.enrollment);
  const [structure, { existing, lookalikeHolders }] = await Promise.all([
    valid.length ? termStructure(termid) : null,
    lookups(enrollments),
  ]);

  const results = await inParallel(checked, async (one): Promise<ImportRowResult> => {
    if ('result' in one) return one.result;
    if (!structure) return errorResult(one.row, IMPORT_MESSAGES.noActiveTerm);
    try {
      const before = existing.get(enrollmentKey(one.input.enrollment));
      return await importRow(one.row, one.input, structure, before, { dryRun, createMissing, lookalikeHolders });
    } catch (error) {
      if (error instanceof DomainError) return errorResult(one.row, error.message);
      if (isRetryableDatabaseError(error)) logger.warn('import row not saved', { row: one.row, error: error as Error });
      else logger.error('import row failed', { row: one.row, error: error as Error });
      return errorResult(one.row, IMPORT_MESSAGES.notSaved);
    }
  });

  const counts: Record<ImportOutcome, number> = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const result of results) counts[result.outcome] += 1;
  return { dryRun, results, counts };
}

/**
 * The holders of the enrollments' look-alike keys, then the students holding the enrollments: in
 * this order, a student another import adds between the two reads is found by its enrollment (and
 * compared), never by its look-alike keys alone, which refused the row as a look-alike of itself.
 */
async function lookups(enrollments: string[]) {
  if (!enrollments.length) return { existing: new Map<string, StudentItem | null>(), lookalikeHolders: new Map<string, string>() };
  const lookalikeHolders = await findLookalikeHolders(enrollments);
  return { existing: await findStudentsByEnrollment(enrollments), lookalikeHolders };
}

/**
 * Each row's cells checked on their own; an enrollment given twice, or with a look-alike in
 * another row ('25CE001' and '25СЕ001' in Cyrillic), is an error on every row that gives it.
 */
function checkRows(rows: StudentImportInput['rows']): Checked[] {
  const checked: Checked[] = rows.map((sent, at) => {
    const row = sent.row ?? at + 1;
    const problems = rowProblems(sent);
    return 'error' in problems ? { row, result: errorResult(row, problems.error) } : { row, input: problems.value };
  });
  // Per spelling of an enrollment, how many rows give it; per look-alike key, the spellings that have it.
  const times = new Map<string, number>();
  const spellings = new Map<string, Set<string>>();
  for (const one of checked) {
    if (!('input' in one)) continue;
    const spelling = enrollmentKey(one.input.enrollment);
    times.set(spelling, (times.get(spelling) ?? 0) + 1);
    for (const key of lookalikeKeys(one.input.enrollment)) spellings.set(key, (spellings.get(key) ?? new Set()).add(spelling));
  }
  const problem = (enrollment: string) => {
    if (times.get(enrollmentKey(enrollment))! > 1) return IMPORT_MESSAGES.duplicate(enrollment);
    if (lookalikeKeys(enrollment).some((key) => spellings.get(key)!.size > 1)) return IMPORT_MESSAGES.lookalike(enrollment);
    return null;
  };
  return checked.map((one) => {
    const message = 'input' in one ? problem(one.input.enrollment) : null;
    return message ? { row: one.row, result: errorResult(one.row, message) } : one;
  });
}

/** A row's student: compared with the one holding its enrollment, then added, changed or left alone. */
async function importRow(
  row: number,
  input: ImportRowInput,
  structure: Structure,
  before: StudentItem | null | undefined,
  options: { dryRun: boolean; createMissing: boolean; lookalikeHolders: Map<string, string> },
): Promise<ImportRowResult> {
  if (before === null) return errorResult(row, IMPORT_MESSAGES.claimWithoutStudent(input.enrollment));
  // Said before any write, so that a dry run shows it too: another student holds a look-alike of this enrollment.
  const holders = lookalikeKeys(input.enrollment).map((key) => options.lookalikeHolders.get(key));
  if (holders.some((holder) => holder !== undefined && holder !== before?._id)) return errorResult(row, TEXT_MESSAGES.lookalikeEnrollment);
  const place = await structure.place(input, options);
  if (typeof place === 'string') return errorResult(row, place);
  const { enrollment, name, email, guardians, dob } = input;
  // Without guardian columns the row says nothing of guardians: the student's stay; so with the dob column and its date.
  const fields = { enrollment, name, email, ...(guardians && { guardians }), ...(dob !== undefined && { dob: dob ?? undefined }) };
  const created = place.creates.length ? ` (${options.dryRun ? 'creates' : 'created'} ${place.creates.join(', ')})` : '';

  if (before === undefined) {
    if (options.dryRun || !place.batch) return { row, outcome: 'create', message: `Will be added${created}`, studentId: null };
    try {
      const student = await createStudentIn(place.batch, fields);
      return { row, outcome: 'create', message: `Added${created}`, studentId: student._id };
    } catch (error) {
      // Another import (or the Student form) added this enrollment meanwhile: compare with that one.
      if (!(error instanceof Conflict)) throw error;
      const now = (await findStudentsByEnrollment([enrollment])).get(enrollmentKey(enrollment));
      if (!now) throw error;
      return importRow(row, input, structure, now, options);
    }
  }

  const changed = [
    enrollment !== before.enrollment && 'enrollment',
    name !== before.name && 'name',
    email !== before.email && 'email',
    guardians !== undefined && !sameGuardians(guardians, before.guardians) && 'guardians',
    dob !== undefined && (dob ?? undefined) !== before.dob && 'date of birth',
    place.batch?._id !== before.batchid && 'batch',
  ].filter((field): field is string => field !== false);
  if (!changed.length) return { row, outcome: 'unchanged', message: 'Already up to date', studentId: before._id };
  if (options.dryRun || !place.batch) {
    return { row, outcome: 'update', message: `Will change ${changed.join(', ')}${created}`, studentId: before._id };
  }
  const moving = place.batch._id !== before.batchid ? place.batch : null;
  await replaceStudent(before, fields, moving);
  return { row, outcome: 'update', message: `Changed ${changed.join(', ')}${created}`, studentId: before._id };
}

interface Structure {
  /** The row's batch by its names, or the error that says which level is missing. */
  place(input: ImportRowInput, options: { dryRun: boolean; createMissing: boolean }): Promise<Placed | string>;
}

/**
 * The chosen term's (else the current term's) semesters, divisions and batches, each list read once per call (one Query)
 * and only when a row needs it; names match as the structure's own uniqueness does (naturalKey:
 * case and spacing ignored). With createMissing, a missing division or batch is created once,
 * whichever rows ask for it; one that another import created meanwhile is read back.
 */
async function termStructure(termid: string | undefined): Promise<Structure | null> {
  const term = termid ? await getNode('term', termid) : (await listActiveTerms())[0];
  if (!term && termid) throw new Invalid(IMPORT_MESSAGES.noTerm);
  if (!term) return null;
  const semesters = byName(await listChildren('semester', term._id));
  const lists = new Map<string, Promise<Map<string, StructureItem>>>();
  const childrenOf = (kind: Kind, parentId: string) => {
    const key = `${kind}#${parentId}`;
    if (!lists.has(key)) lists.set(key, listChildren(kind, parentId).then(byName));
    return lists.get(key)!;
  };
  const creations = new Map<string, Promise<StructureItem>>();
  const createOnce = (kind: 'division' | 'batch', name: string, parentId: string) => {
    const key = `${kind}#${parentId}#${naturalKey(name)}`;
    if (!creations.has(key)) creations.set(key, createOrRead(kind, name, parentId));
    return creations.get(key)!;
  };

  return {
    async place(input, { dryRun, createMissing }) {
      const semester = semesters.get(naturalKey(input.semester));
      if (!semester) return IMPORT_MESSAGES.noSemester(input.semester, termid ? term.name : undefined);
      const creates: string[] = [];
      let division: StructureItem | null = (await childrenOf('division', semester._id)).get(naturalKey(input.division)) ?? null;
      if (!division) {
        if (!createMissing) return IMPORT_MESSAGES.noDivision(input.division, semester.name);
        creates.push(`Division "${input.division}"`);
        division = dryRun ? null : await createOnce('division', input.division, semester._id);
      }
      let batch = division ? ((await childrenOf('batch', division._id)).get(naturalKey(input.batch)) ?? null) : null;
      if (!batch) {
        if (!createMissing) return IMPORT_MESSAGES.noBatch(input.batch, division?.name ?? input.division);
        creates.push(`Batch "${input.batch}"`);
        batch = dryRun || !division ? null : await createOnce('batch', input.batch, division._id);
      }
      return { batch, creates };
    },
  };
}

const byName = (items: StructureItem[]) => new Map(items.map((item) => [naturalKey(item.name), item]));

/** Creates a division or batch, or reads back the one of that name created meanwhile (Conflict). */
async function createOrRead(kind: 'division' | 'batch', name: string, parentId: string): Promise<StructureItem> {
  try {
    return await createNode(kind, { name, parentId });
  } catch (error) {
    if (!(error instanceof Conflict)) throw error;
    const existing = byName(await listChildren(kind, parentId)).get(naturalKey(name));
    if (!existing) throw error;
    return existing;
  }
}

/** Runs `work` on every item, PARALLEL_WRITES at a time, answering in the items' order. */
async function inParallel<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_WRITES, items.length) }, worker));
  return results;
}
