import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DUPLICATE_MARK, type MarkConflict, type HistoryEntry } from '@shared/schemas/attendance';
import type { CollegeSettings } from '@shared/schemas/settings';
import type { ClassKind } from '@shared/schemas/wire-names';
import { batchDelete } from '../batch';
import { countAll, db, queryAll, tableName } from '../db';
import { Conflict } from '../domain-errors';
import {
  allClassSessionsOfCourse,
  classSessionItem,
  classSessionKey,
  classSessionOf,
  classSessionPlaceOfId,
  classSessionsOfCourse,
  classSessionsOfSlot,
  isSameMark,
  type ClassSession,
  type StoredClassSession,
} from '../entities/class-session';
import type { Key } from '../keys';
import { IS_NEW, put, transact } from '../writes';
import { deleteHistoryOfCourse, historyItem } from './attendance-history';
import { deleteSummariesOfCourse } from './attendance-summaries';
import { countClassSession, recountCorrection } from './summary-shards';
import { getWithSettings } from './settings';
import { appliedWrite, leaveDayUnchanged } from './leaves';
import { leavePlaceOfId } from '../entities/leave';
import type { MarkedLeave } from '../attendance/mark-leave';

/**
 * Class sessions (marked classes), one item per course, slot kind, date, slot and group
 * (functions/lib/entities/class-session.ts: key, id, stored shape). The key is the exactly-once rule:
 * a second mark is a failed conditional put. The item keeps who was expected (the group's students
 * then, with their names) and each one's status, so a report stays true after students move, are
 * renamed or are deleted.
 */
export type { ClassSession };

/**
 * Stores a class session unless one exists for the same key, counted in its group's summary in the
 * same transaction; answers null. When one exists (the write's condition failed: nothing more was
 * read before), it is read once: the same mark sent again (its clientMarkId, by the same user)
 * answers that class session; any other mark is a Conflict carrying who marked it and when.
 * With the leaves it applied (docs/product.md §2.17): stored only while the group's day of leave is as
 * the mark read it, each leave noting the class it set; 'leave moved' when a leave was approved or
 * revoked meanwhile (the mark is checked again).
 */
export async function putClassSessionOnce(classSession: ClassSession, leave?: MarkedLeave): Promise<ClassSession | null | 'leave moved'> {
  const writes = {
    classSession: put(classSessionItem(classSession), IS_NEW),
    summary: countClassSession(classSession),
    leaveDay: leave ? leaveDayUnchanged(classSession.groupid, classSession.date, leave.dayVersion) : null,
    leaves: (leave?.applied ?? []).map(({ leaveid, replaced }) => appliedWrite(leavePlaceOfId(leaveid)!, classSession._id, replaced)),
  };
  const failed = await transact(writes);
  if (failed === 'leaveDay' || failed === 'leaves') return 'leave moved';
  if (failed !== 'classSession') return null;
  const stored = await getClassSession(classSession._id);
  if (stored && isSameMark(stored, classSession)) return stored;
  throw new Conflict(DUPLICATE_MARK, stored && markConflict(stored));
}

const markConflict = ({ _id, date, courseid, slotid, classKind, groupid, markedBy, markedAt }: ClassSession): MarkConflict => ({
  _id,
  date,
  courseid,
  slotid,
  classKind,
  groupid,
  markedBy,
  markedAt,
});

/** The class session with this `_id`, or null (one consistent GetItem; none for an id no class session can have). */
export async function getClassSession(id: string): Promise<ClassSession | null> {
  const place = classSessionPlaceOfId(id);
  if (!place) return null;
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: classSessionKey(place), ConsistentRead: true }));
  return result.Item ? classSessionOf(result.Item as StoredClassSession) : null;
}

/** The class session with this `_id` (null when there is none) and the college's settings, in one BatchGetItem. */
export async function getClassSessionWithSettings(id: string): Promise<{ classSession: ClassSession | null; settings: CollegeSettings }> {
  const place = classSessionPlaceOfId(id);
  const { items, settings } = await getWithSettings<StoredClassSession>(place ? [classSessionKey(place)] : []);
  return { classSession: items[0] ? classSessionOf(items[0]) : null, settings };
}

/** The class sessions of one course, kind, date and slot (every group, or one). One Query. */
export async function classSessionsOn(query: { courseid: string; classKind: ClassKind; date: string; slotid: string; groupid?: string }) {
  return (await queryAll<StoredClassSession>(classSessionsOfSlot(query))).map(classSessionOf);
}

/** The class sessions of one course and kind between two dates, inclusive (one Query, paged). */
export async function classSessionsBetween(query: { courseid: string; classKind: ClassKind; from: string; to: string; groupid?: string }) {
  const sessions = await queryAll<StoredClassSession>(
    classSessionsOfCourse(query.courseid, query.classKind, query.from, query.to),
    query.groupid ? { FilterExpression: 'groupid = :groupid', ExpressionAttributeValues: { ':groupid': query.groupid } } : {},
  );
  return sessions.map(classSessionOf);
}

/**
 * Replaces `before` by `after`, adds the history entries and moves the changed students' counts in
 * the group's summary, in one transaction, only while the class session is still at `before.version`
 * (one stored without a version is at version 1). Answers false, writing nothing, when someone else
 * changed it first.
 */
export async function saveCorrection(before: ClassSession, after: ClassSession, entries: HistoryEntry[]): Promise<boolean> {
  return (await transact(correctionWrites(before, after, entries))) === null;
}

/** The writes of a correction (saveCorrection), for a transaction that writes more with them (a leave's). */
export function correctionWrites(before: ClassSession, after: ClassSession, entries: HistoryEntry[]) {
  const stillAt =
    before.version === 1
      ? 'attribute_exists(pk) AND (attribute_not_exists(version) OR version = :read)'
      : 'attribute_exists(pk) AND version = :read';
  return {
    classSession: put(classSessionItem(after), stillAt, { ':read': before.version }),
    history: entries.map((entry) => put(historyItem(after, entry), IS_NEW)),
    summary: recountCorrection(before, after),
  };
}

/** How many class sessions a course has (one Query, Select COUNT). */
export async function countAttendanceOfCourse(courseid: string): Promise<number> {
  return countAll(allClassSessionsOfCourse(courseid));
}

/**
 * Deletes every class session of a course, then their history and summaries (its delete cascades here);
 * answers how many class sessions. They go first: a correction racing the delete either lands before
 * (and its entries are found) or finds its class session gone.
 */
export async function deleteAttendanceOfCourse(courseid: string): Promise<number> {
  const sessions = await queryAll<Key>(allClassSessionsOfCourse(courseid), {
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  await batchDelete(sessions.map(({ pk, sk }) => ({ pk, sk })));
  await deleteHistoryOfCourse(courseid);
  await deleteSummariesOfCourse(courseid);
  return sessions.length;
}
