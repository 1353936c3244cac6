import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { IMPORT_MESSAGES } from '@shared/schemas/student-import';
import type { Student } from '@shared/schemas/structure';
import { lookalikeKeys } from '@shared/text/lookalike';
import { TEXT_MESSAGES } from '@shared/text/normalize';
import { batchGet } from '../batch';
import { db, tableName } from '../db';
import { BeingDeleted, Conflict, NotFound } from '../domain-errors';
import { structureNode } from '../entities/structure-node';
import {
  enrollmentClaim,
  enrollmentLookalikeClaim,
  studentById,
  studentEntry,
  studentFields,
  studentInDivision,
  type StudentItem,
  withEarlierGroups,
} from '../entities/student';
import { ACCOUNT_MESSAGES, accountEmailMove } from './accounts';
import { lookalikeClaimWrites, lookalikeReleases } from '../lookalike-claims';
import { check, EXISTS, IS_NEW, LIVE, put, remove, transact, type TransactItem } from '../writes';
import { getWithSettings } from './settings';
import { requireParent, type StructureItem } from './structure';
import { listStudentsByBatch } from './group-students';

/**
 * Students. Items, written together: the student (studentById, with batchid and its
 * ancestors), the enrollment claim that keeps an enrollment unique college-wide
 * (enrollmentClaim) and its look-alike claims that keep look-alike enrollments out
 * (enrollmentLookalikeClaim, functions/lib/lookalike-claims.ts), and the entry in the
 * batch's list, roll order, which gsi1 also lists by division (studentEntry, studentInDivision).
 *
 * Not found: lookups (`get…`) answer null; updates and deletes throw NotFound. A batch that
 * is missing or being deleted is the input's fault: Invalid or BeingDeleted.
 */
export type { StudentItem };

const studentItem = (student: StudentItem) => ({ ...studentById(student._id), entity: 'student', ...studentFields(student) });
/** The student's fields but the ones only its own item holds (guardiansInformed: an entry's copy would go stale). */
const listedFields = (student: StudentItem) => {
  const { guardiansInformed: _, ...fields } = studentFields(student);
  return fields;
};
const entryItem = (student: StudentItem) => ({
  ...studentEntry(student),
  ...studentInDivision(student),
  entity: 'studentEntry',
  ...listedFields(student),
});

/**
 * Rewrites the student item with `after`'s fields (those it lacks removed) while `when` holds: an update, not a put,
 * so that the guardians' informed-at, which the invitations set one key at a time meanwhile, is kept whatever the
 * change was read from (a list entry does not carry it).
 */
function studentRewrite(after: StudentItem, [when, values]: readonly [string, Record<string, unknown>]): TransactItem {
  const fields = Object.entries({ entity: 'student', ...listedFields(after) });
  const set = fields.filter(([, value]) => value !== undefined);
  const removed = fields.filter(([, value]) => value === undefined);
  return {
    Update: {
      TableName: tableName(),
      Key: studentById(after._id),
      UpdateExpression: [
        `SET ${set.map((_, at) => `#s${at} = :s${at}`).join(', ')}`,
        ...(removed.length ? [`REMOVE ${removed.map((_, at) => `#r${at}`).join(', ')}`] : []),
      ].join(' '),
      ConditionExpression: when,
      ExpressionAttributeNames: {
        ...Object.fromEntries(set.map(([name], at) => [`#s${at}`, name])),
        ...Object.fromEntries(removed.map(([name], at) => [`#r${at}`, name])),
      },
      ExpressionAttributeValues: { ...values, ...Object.fromEntries(set.map(([, value], at) => [`:s${at}`, value])) },
    },
  };
}
const claimItem = (student: StudentItem) => ({ ...enrollmentClaim(student.enrollment), entity: 'enrollment', studentId: student._id });
/** The look-alike claims that take a student from `held` to the keys of its (new) enrollment. */
const lookalikeWrites = (held: StudentItem['lookalikes'], student: StudentItem) =>
  lookalikeClaimWrites(enrollmentLookalikeClaim, held, student.lookalikes ?? [], {
    entity: 'enrollmentLookalike',
    studentId: student._id,
  });

const placeIn = (batch: StructureItem) => ({
  batchid: batch._id,
  divisionid: batch.divisionid!,
  semid: batch.semid!,
  termid: batch.termid!,
});

const batchIsLive = (batchid: string) => check(structureNode('batch', batchid), LIVE);
const batchGone = () => new BeingDeleted('Batch not found');
const enrollmentTaken = (enrollment: string) => new Conflict(`A student with enrollment ${enrollment} already exists`);
const lookalikeTaken = () => new Conflict(TEXT_MESSAGES.lookalikeEnrollment);
const studentNotFound = () => new NotFound('Student not found');

/** Creates a student in a batch: the batch must exist and the enrollment be free (Conflict). */
export async function createStudent(input: Omit<Student, '_id'>): Promise<StudentItem> {
  return createStudentIn(await requireParent('batch', input.batchid), input);
}

/** A new student in the batch and the writes that create it (the conditions keep the batch live and the enrollment unique). */
export function newStudent(batch: StructureItem, fields: Omit<Student, '_id' | 'batchid'>) {
  const student: StudentItem = { _id: randomUUID(), ...fields, ...placeIn(batch), lookalikes: lookalikeKeys(fields.enrollment) };
  return {
    student,
    writes: {
      batch: batchIsLive(student.batchid),
      claim: put(claimItem(student), IS_NEW),
      lookalikes: lookalikeWrites([], student),
      student: put(studentItem(student)),
      entry: put(entryItem(student)),
    },
  };
}

/** Creates a student in a batch already read (an import reads its batches once): as createStudent. */
export async function createStudentIn(batch: StructureItem, input: Omit<Student, '_id' | 'batchid'>): Promise<StudentItem> {
  const { student, writes } = newStudent(batch, input);
  const failed = await transact(writes);
  if (failed === 'batch') throw batchGone();
  if (failed === 'lookalikes') throw lookalikeTaken();
  if (failed) throw enrollmentTaken(student.enrollment);
  return student;
}

export async function getStudent(id: string): Promise<StudentItem | null> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: studentById(id), ConsistentRead: true }));
  return (result.Item as StudentItem | undefined) ?? null;
}

/** The students with these ids that exist (100 per BatchGetItem). */
export async function getStudents(ids: string[]): Promise<StudentItem[]> {
  return batchGet<StudentItem>(ids.map(studentById));
}

/** The students with these ids that exist, and the college's settings, in the same BatchGetItem (reports need both). */
export async function getStudentsWithSettings(ids: string[]) {
  const { items, settings } = await getWithSettings<StudentItem>(ids.map(studentById));
  return { students: items, settings };
}

/**
 * Replaces a student read by an import with new fields and, when `batch` is given, a new place,
 * in one transaction that holds only if the student is still in the batch and under the
 * enrollment it was read with (Conflict otherwise: something changed it meanwhile).
 */
export async function replaceStudent(
  before: StudentItem,
  changes: Pick<Student, 'enrollment' | 'name' | 'email' | 'guardians' | 'dob'>,
  batch: StructureItem | null,
): Promise<StudentItem> {
  const after = withLookalikes(before, { ...studentFields(before), ...changes, ...(batch ? placeIn(batch) : {}) });
  const failed = await transact({
    batch: batch && batch._id !== before.batchid ? batchIsLive(after.batchid) : null,
    ...replaceWrites(before, after),
  });
  if (failed === 'batch') throw batchGone();
  if (failed === 'student') throw new Conflict(IMPORT_MESSAGES.changedMeanwhile);
  if (failed === 'lookalikes') throw lookalikeTaken();
  if (failed) throw enrollmentTaken(after.enrollment);
  return after;
}

/** The student item still exists in the batch and under the enrollment it was read with. */
const asRead = (student: StudentItem) =>
  [
    `${EXISTS} AND batchid = :batchid AND enrollment = :enrollment`,
    { ':batchid': student.batchid, ':enrollment': student.enrollment },
  ] as const;

/**
 * Claims the look-alike keys of a student stored before those claims (npm run lookalikes):
 * 'claimed'; 'lookalike' when another student holds one of them (nothing written); 'changed'
 * when it changed or went since it was read.
 */
export async function claimStoredLookalikes(before: StudentItem): Promise<'claimed' | 'lookalike' | 'changed'> {
  const after = { ...studentFields(before), lookalikes: lookalikeKeys(before.enrollment) };
  const failed = await transact(replaceWrites(before, after));
  return failed === null ? 'claimed' : failed === 'lookalikes' ? 'lookalike' : 'changed';
}

/**
 * `after` with the look-alike keys it claims: those of its enrollment when the enrollment changed
 * (a student stored before look-alike claims claims them then), else the ones it holds.
 */
const withLookalikes = (before: StudentItem, after: StudentItem): StudentItem =>
  after.enrollment === before.enrollment
    ? { ...after, lookalikes: before.lookalikes }
    : { ...after, lookalikes: lookalikeKeys(after.enrollment) };

/**
 * The writes that replace `before` by `after`: entity, list entry and, when it changed, the
 * enrollment's claims. The entity is put only while it is as `before` was read (asRead), else
 * two moves at once would each write their entry and one would be left in a list.
 */
function replaceWrites(before: StudentItem, changed: StudentItem): Record<'student' | 'entry' | 'claim' | 'lookalikes', TransactItem[]> {
  const after = withEarlierGroups(before, changed);
  const enrollmentChanged = enrollmentClaim(before.enrollment).pk !== enrollmentClaim(after.enrollment).pk;
  const entryMoved = JSON.stringify(studentEntry(before)) !== JSON.stringify(studentEntry(after));
  return {
    student: [studentRewrite(after, asRead(before))],
    entry: [...(entryMoved ? [remove(studentEntry(before))] : []), put(entryItem(after))],
    claim: enrollmentChanged ? [remove(enrollmentClaim(before.enrollment)), put(claimItem(after), IS_NEW)] : [],
    lookalikes: lookalikeWrites(before.lookalikes, after),
  };
}

/** What PATCH student/{id} may change: a student's fields but the recorded ones; a date of birth null clears it. */
export type StudentChanges = Partial<Omit<Student, '_id' | 'dob' | 'guardiansInformed'>> & { dob?: string | null };

/**
 * Updates enrollment, name, email, batch, guardians (the list given replaces the stored one) and date of birth
 * in one transaction.
 */
export async function updateStudent(id: string, sent: StudentChanges): Promise<StudentItem> {
  const before = await getStudent(id);
  if (!before) throw studentNotFound();
  const { dob, ...rest } = sent;
  const changes: Partial<StudentItem> = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  const moving = changes.batchid !== undefined && changes.batchid !== before.batchid;
  const place = moving ? placeIn(await requireParent('batch', changes.batchid!)) : {};
  const born = dob === undefined ? {} : { dob: dob ?? undefined };
  const after = withLookalikes(before, { ...studentFields(before), ...changes, ...born, ...place });
  // A student's sign-in follows their record's address (functions/lib/repositories/accounts.ts).
  const account = changes.email && changes.email !== before.email ? await accountEmailMove(id, changes.email) : [];
  const failed = await transact({ batch: moving ? batchIsLive(after.batchid) : null, ...replaceWrites(before, after), account });
  if (failed === 'account') throw new Conflict(ACCOUNT_MESSAGES.emailTaken);
  if (failed === 'batch') throw batchGone();
  if (failed === 'student') throw await goneOrChanged(id);
  if (failed === 'lookalikes') throw lookalikeTaken();
  if (failed) throw enrollmentTaken(after.enrollment);
  return after;
}

/**
 * Why a write conditioned on the student as it was read failed: it was deleted (NotFound), or
 * moved or renumbered meanwhile (Conflict) — writing anyway would leave its old list entry or
 * enrollment claim behind.
 */
async function goneOrChanged(id: string): Promise<NotFound | Conflict> {
  return (await getStudent(id)) ? new Conflict(STUDENT_CHANGED) : studentNotFound();
}
const STUDENT_CHANGED = 'The student was changed by someone else meanwhile; reload and try again';

/** Moves every student of one batch into another (change of term); returns how many moved. */
export async function moveStudents(oldBatchId: string, newBatchId: string): Promise<number> {
  await requireParent('batch', oldBatchId);
  const place = placeIn(await requireParent('batch', newBatchId));
  const students = await listStudentsByBatch(oldBatchId);
  // 3 writes per student plus the batch check: 33 students per transaction (100 items at most).
  for (let start = 0; start < students.length; start += 33) {
    const moves = students.slice(start, start + 33).map((student) => replaceWrites(student, { ...studentFields(student), ...place }));
    const failed = await transact({ batch: batchIsLive(newBatchId), students: moves.flatMap(Object.values).flat() });
    if (failed) throw new Conflict('The students changed while moving them; please try again');
  }
  return students.length;
}

/** Deletes one student with its claim and entry; answers the student. */
export async function deleteStudent(id: string): Promise<StudentItem> {
  const student = await getStudent(id);
  if (!student) throw studentNotFound();
  const failed = await transact({
    student: remove(studentById(id), ...asRead(student)),
    claim: remove(enrollmentClaim(student.enrollment)),
    lookalikes: lookalikeReleases(enrollmentLookalikeClaim, student.lookalikes),
    entry: remove(studentEntry(student)),
  });
  if (failed) throw await goneOrChanged(id);
  return student;
}
