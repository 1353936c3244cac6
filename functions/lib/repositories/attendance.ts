import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DUPLICATE_MARK, type MarkConflict, type HistoryEntry } from '@shared/schemas/attendance';
import type { CollegeSettings } from '@shared/schemas/settings';
import { batchDelete } from '../batch';
import { countAll, db, queryAll, tableName } from '../db';
import { Conflict } from '../domain-errors';
import type { ClassSession } from '../entities/class-session';
import * as keys from '../keys';
import { IS_NEW, put, transact } from '../writes';
import { deleteHistoryOfCourse, historyItem } from './attendance-history';
import { deleteSummariesOfCourse } from './attendance-summaries';
import { countClassSession, recountCorrection } from './summary-shards';
import { getWithSettings } from './settings';
import { classSessionId, classSessionPlaceOfId } from '../item-ids';

/**
 * Class sessions (marked classes), one item per course, slot kind, date, slot and group, in the
 * course's partition (keys.classSession). The key is the exactly-once rule: a second mark is a
 * failed conditional put. The item keeps who was expected (the group's students then, with
 * their names) and each one's status, so a report stays true after students move, are renamed
 * or are deleted. `version` counts the states it has been in (1: as marked); a correction
 * replaces the item only if it is still at the version the corrector read.
 *
 * A class session an older release stored without `statuses`, `_id` or `version` reads back as if it had
 * them: status present for the ids in `present`, absent for everyone else expected, `_id` from the
 * key, version 1.
 */
export type { ClassSession };

/** An item as stored: this shape, or an older release's (`present` instead of `statuses`, no `_id` or `version`). */
export type StoredClassSession = Omit<ClassSession, '_id' | 'statuses' | 'version'> &
  Partial<Pick<ClassSession, '_id' | 'statuses' | 'version'>> & { present?: string[] };

export function classSessionOf(item: StoredClassSession): ClassSession {
  const { courseid, slotcount, date, slotid, groupid, expected, markedBy, markedAt } = item;
  const present = new Set(item.present ?? []);
  return {
    _id: item._id ?? classSessionId(item),
    courseid,
    slotcount,
    date,
    slotid,
    groupid,
    expected,
    statuses: item.statuses ?? Object.fromEntries(expected.map(({ _id }) => [_id, present.has(_id) ? 'present' : 'absent'])),
    markedBy,
    markedAt,
    version: item.version ?? 1,
    ...(item.clientMarkId ? { clientMarkId: item.clientMarkId } : {}),
  };
}

const classSessionItem = (classSession: ClassSession) => ({ ...keys.classSession(classSession), entity: 'attendance', ...classSession });

/**
 * Stores a class session unless one exists for the same key, counted in its group's summary in the
 * same transaction; answers null. When one exists (the write's condition failed: nothing more was
 * read before), it is read once: the same mark sent again (its clientMarkId, by the same user)
 * answers that class session; any other mark is a Conflict carrying who marked it and when.
 */
export async function putClassSessionOnce(classSession: ClassSession): Promise<ClassSession | null> {
  const writes = { classSession: put(classSessionItem(classSession), IS_NEW), summary: countClassSession(classSession) };
  const exists = (await transact(writes)) === 'classSession';
  if (!exists) return null;
  const stored = await getClassSession(classSession._id);
  if (stored && isSameMark(stored, classSession)) return stored;
  throw new Conflict(DUPLICATE_MARK, stored && markConflict(stored));
}

/** Whether `stored` was stored by this very mark (sent before, its answer lost). */
export const isSameMark = (stored: ClassSession, mark: ClassSession): boolean =>
  mark.clientMarkId !== undefined && stored.clientMarkId === mark.clientMarkId && stored.markedBy._id === mark.markedBy._id;

const markConflict = ({ _id, date, courseid, slotid, slotcount, groupid, markedBy, markedAt }: ClassSession): MarkConflict => ({
  _id,
  date,
  courseid,
  slotid,
  slotcount,
  groupid,
  markedBy,
  markedAt,
});

/** The class session with this `_id`, or null (one consistent GetItem; none for an id no class session can have). */
export async function getClassSession(id: string): Promise<ClassSession | null> {
  const place = classSessionPlaceOfId(id);
  if (!place) return null;
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: keys.classSession(place), ConsistentRead: true }));
  return result.Item ? classSessionOf(result.Item as StoredClassSession) : null;
}

/** The class session with this `_id` (null when there is none) and the college's settings, in one BatchGetItem. */
export async function getClassSessionWithSettings(id: string): Promise<{ classSession: ClassSession | null; settings: CollegeSettings }> {
  const place = classSessionPlaceOfId(id);
  const { items, settings } = await getWithSettings<StoredClassSession>(place ? [keys.classSession(place)] : []);
  return { classSession: items[0] ? classSessionOf(items[0]) : null, settings };
}

/** The class sessions of one course, kind, date and slot (every group, or one). One Query. */
export async function classSessionsOn(query: { courseid: string; slotcount: 1 | 2; date: string; slotid: string; groupid?: string }) {
  const { courseid, ...slot } = query;
  return (await queryAll<StoredClassSession>(keys.classSessionsOfSlot(courseid, slot))).map(classSessionOf);
}

/** The class sessions of one course and kind between two dates, inclusive (one Query, paged). */
export async function classSessionsBetween(query: { courseid: string; slotcount: 1 | 2; from: string; to: string; groupid?: string }) {
  const sessions = await queryAll<StoredClassSession>(
    keys.classSessionsOfCourse(query.courseid, query.slotcount, query.from, query.to),
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
  const stillAt =
    before.version === 1
      ? 'attribute_exists(pk) AND (attribute_not_exists(version) OR version = :read)'
      : 'attribute_exists(pk) AND version = :read';
  const failed = await transact({
    classSession: put(classSessionItem(after), stillAt, { ':read': before.version }),
    history: entries.map((entry) => put(historyItem(after, entry), IS_NEW)),
    summary: recountCorrection(before, after),
  });
  return failed === null;
}

/** How many class sessions a course has (one Query, Select COUNT). */
export async function countAttendanceOfCourse(courseid: string): Promise<number> {
  return countAll(keys.allClassSessionsOfCourse(courseid));
}

/**
 * Deletes every class session of a course, then their history and summaries (its delete cascades here);
 * answers how many class sessions. They go first: a correction racing the delete either lands before
 * (and its entries are found) or finds its class session gone.
 */
export async function deleteAttendanceOfCourse(courseid: string): Promise<number> {
  const sessions = await queryAll<keys.Key>(keys.allClassSessionsOfCourse(courseid), {
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  await batchDelete(sessions.map(({ pk, sk }) => ({ pk, sk })));
  await deleteHistoryOfCourse(courseid);
  await deleteSummariesOfCourse(courseid);
  return sessions.length;
}
