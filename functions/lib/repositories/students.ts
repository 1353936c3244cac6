import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Student } from '@shared/schemas/structure';
import { batchDelete, batchGet } from '../batch';
import { countAll, db, queryAll, tableName } from '../db';
import { failedConditionAt, HttpError, isConditionFailure } from '../http/errors';
import { naturalKey } from '../natural-key';
import { GSI1 } from '../table-schema';
import { entityKey, requireParent, type StructureItem } from './structure';

/**
 * Students. Items, written together:
 *   STU#<id> / STU                                 the student, with batchid and its ancestors
 *   ENROLL#<enrollment lower> / ENROLL             claims the enrollment college-wide (uniqueness)
 *   BATCH#<batchid> / STU#<enrollment key>#<id>    the batch's list entry, in roll order
 *       gsi1: DIV#<divisionid>#STU / <enrollment key>#<id>   the division's list
 */
export interface StudentItem extends Student {
  divisionid: string;
  semid: string;
  termid: string;
}

const studentKey = (id: string) => ({ pk: `STU#${id}`, sk: 'STU' });
const enrollmentKey = (enrollment: string) => ({ pk: `ENROLL#${enrollment.trim().toLowerCase()}`, sk: 'ENROLL' });
const entryKey = (student: Pick<StudentItem, '_id' | 'batchid' | 'enrollment'>) => ({
  pk: `BATCH#${student.batchid}`,
  sk: `STU#${naturalKey(student.enrollment)}#${student._id}`,
});
/** Only the student's own fields: items read back also carry keys, which must not leak into other items. */
const fields = ({ _id, enrollment, name, email, batchid, divisionid, semid, termid }: StudentItem): StudentItem => ({
  _id,
  enrollment,
  name,
  email,
  batchid,
  divisionid,
  semid,
  termid,
});
const studentItem = (student: StudentItem) => ({ ...studentKey(student._id), entity: 'student', ...fields(student) });
const entryItem = (student: StudentItem) => ({
  ...entryKey(student),
  gsi1pk: `DIV#${student.divisionid}#STU`,
  gsi1sk: `${naturalKey(student.enrollment)}#${student._id}`,
  entity: 'studentEntry',
  ...fields(student),
});

export const toPublicStudent = ({ _id, enrollment, name, email, batchid }: StudentItem): Student => ({
  _id,
  enrollment,
  name,
  email,
  batchid,
});

const placeIn = (batch: StructureItem) => ({
  batchid: batch._id,
  divisionid: batch.divisionid!,
  semid: batch.semid!,
  termid: batch.termid!,
});

const batchCheck = (batchid: string) => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: entityKey('batch', batchid),
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleting)',
  },
});

const enrollmentTaken = (enrollment: string) => new HttpError(409, `A student with enrollment ${enrollment} already exists`);

/** Creates a student in a batch: the batch must exist and the enrollment be free (409). */
export async function createStudent(input: Omit<Student, '_id'>): Promise<StudentItem> {
  const batch = await requireParent('batch', input.batchid);
  const student: StudentItem = { _id: randomUUID(), ...input, ...placeIn(batch) };
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          batchCheck(student.batchid),
          {
            Put: {
              TableName: tableName(),
              Item: { ...enrollmentKey(student.enrollment), entity: 'enrollment', studentId: student._id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: { TableName: tableName(), Item: studentItem(student) } },
          { Put: { TableName: tableName(), Item: entryItem(student) } },
        ],
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    if (failedConditionAt(error) === 0) throw new HttpError(400, 'Batch not found');
    throw enrollmentTaken(student.enrollment);
  }
  return student;
}

export async function getStudent(id: string): Promise<StudentItem | null> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: studentKey(id), ConsistentRead: true }));
  return (result.Item as StudentItem | undefined) ?? null;
}

/** The students with these ids that exist (100 per BatchGetItem). */
export async function getStudents(ids: string[]): Promise<StudentItem[]> {
  return batchGet<StudentItem>(ids.map(studentKey));
}

/** A batch's students in roll order (one Query, paged). */
export async function listStudentsByBatch(batchid: string): Promise<StudentItem[]> {
  return queryAll<StudentItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `BATCH#${batchid}`, ':prefix': 'STU#' },
    ConsistentRead: true,
  });
}

/** How many students a batch has (one Query, Select COUNT). */
export async function countStudentsOfBatch(batchid: string): Promise<number> {
  return countAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `BATCH#${batchid}`, ':prefix': 'STU#' },
  });
}

/** A division's students across its batches, in roll order (one Query on gsi1, paged). */
export async function listStudentsByDivision(divisionid: string): Promise<StudentItem[]> {
  return queryAll<StudentItem>({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': `DIV#${divisionid}#STU` },
  });
}

/** The writes that replace `before` by `after`: entity, list entry and, when it changed, the enrollment claim. */
function replaceWrites(before: StudentItem, after: StudentItem) {
  const enrollmentChanged = enrollmentKey(before.enrollment).pk !== enrollmentKey(after.enrollment).pk;
  const entryMoved = JSON.stringify(entryKey(before)) !== JSON.stringify(entryKey(after));
  return [
    { Put: { TableName: tableName(), Item: studentItem(after), ConditionExpression: 'attribute_exists(pk)' } },
    ...(entryMoved ? [{ Delete: { TableName: tableName(), Key: entryKey(before) } }] : []),
    { Put: { TableName: tableName(), Item: entryItem(after) } },
    ...(enrollmentChanged
      ? [
          { Delete: { TableName: tableName(), Key: enrollmentKey(before.enrollment) } },
          {
            Put: {
              TableName: tableName(),
              Item: { ...enrollmentKey(after.enrollment), entity: 'enrollment', studentId: after._id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ]
      : []),
  ];
}

/** Updates enrollment, name, email and batch in one transaction; null when there is no such student. */
export async function updateStudent(id: string, changes: Partial<Omit<Student, '_id'>>): Promise<StudentItem | null> {
  const before = await getStudent(id);
  if (!before) return null;
  changes = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const moving = changes.batchid !== undefined && changes.batchid !== before.batchid;
  const place = moving ? placeIn(await requireParent('batch', changes.batchid!)) : {};
  const after: StudentItem = { ...fields(before), ...changes, ...place };
  const writes = [...(moving ? [batchCheck(after.batchid)] : []), ...replaceWrites(before, after)];
  try {
    await db.send(new TransactWriteCommand({ TransactItems: writes }));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const failed = writes[failedConditionAt(error)];
    if (failed && 'ConditionCheck' in failed) throw new HttpError(400, 'Batch not found');
    if (failed && 'Put' in failed && failed.Put?.Item.entity === 'student') return null;
    throw enrollmentTaken(after.enrollment);
  }
  return after;
}

/** Moves every student of one batch into another (change of term); returns how many moved. */
export async function moveStudents(oldBatchId: string, newBatchId: string): Promise<number> {
  await requireParent('batch', oldBatchId);
  const place = placeIn(await requireParent('batch', newBatchId));
  const students = await listStudentsByBatch(oldBatchId);
  // 3 writes per student plus the batch check: 33 students per transaction (100 items at most).
  for (let start = 0; start < students.length; start += 33) {
    const chunk = students.slice(start, start + 33);
    try {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [batchCheck(newBatchId), ...chunk.flatMap((student) => replaceWrites(student, { ...fields(student), ...place }))],
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) throw new HttpError(409, 'The students changed while moving them; please try again');
      throw error;
    }
  }
  return students.length;
}

/** Deletes one student with its claim and entry; false when there was none. */
export async function deleteStudent(id: string): Promise<StudentItem | null> {
  const student = await getStudent(id);
  if (!student) return null;
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: studentKey(id), ConditionExpression: 'attribute_exists(pk)' } },
        { Delete: { TableName: tableName(), Key: enrollmentKey(student.enrollment) } },
        { Delete: { TableName: tableName(), Key: entryKey(student) } },
      ],
    }),
  );
  return student;
}

/**
 * Deletes every student of a batch: entities and claims first, list entries last, so a run
 * that stops midway is finished by running it again. Returns how many were deleted.
 */
export async function deleteStudentsOfBatch(batchid: string): Promise<number> {
  const students = await listStudentsByBatch(batchid);
  await batchDelete(students.flatMap((student) => [studentKey(student._id), enrollmentKey(student.enrollment)]));
  await batchDelete(students.map(entryKey));
  return students.length;
}
