import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DUPLICATE_MARK, type MarkConflict, type HistoryEntry } from '@shared/schemas/attendance';
import type { CollegeSettings } from '@shared/schemas/settings';
import { batchDelete } from '../batch';
import { countAll, db, queryAll, tableName } from '../db';
import { Conflict } from '../domain-errors';
import type { AttendanceSession } from '../entities/attendance-session';
import * as keys from '../keys';
import { IS_NEW, put, transact } from '../writes';
import { deleteHistoryOfCourse, historyItem } from './attendance-history';
import { deleteSummariesOfCourse } from './attendance-summaries';
import { countSession, recountCorrection } from './summary-shards';
import { getWithSettings } from './settings';
import { attendanceSessionId, sessionPlaceOfId } from '../item-ids';

/**
 * Attendance sessions, one item per course, slot kind, date, slot and group, in the course's
 * partition (keys.attendanceSession). The key is the exactly-once rule: a second mark is a
 * failed conditional put. The item keeps who was expected (the group's students then, with
 * their names) and each one's status, so a report stays true after students move, are renamed
 * or are deleted. `version` counts the states it has been in (1: as marked); a correction
 * replaces the item only if it is still at the version the corrector read.
 *
 * A session an older release stored without `statuses`, `_id` or `version` reads back as if it had
 * them: status present for the ids in `present`, absent for everyone else expected, `_id` from the
 * key, version 1.
 */
export type { AttendanceSession };

/** An item as stored: this shape, or an older release's (`present` instead of `statuses`, no `_id` or `version`). */
export type StoredSession = Omit<AttendanceSession, '_id' | 'statuses' | 'version'> &
  Partial<Pick<AttendanceSession, '_id' | 'statuses' | 'version'>> & { present?: string[] };

export function sessionOf(item: StoredSession): AttendanceSession {
  const { courseid, slotcount, date, slotid, groupid, expected, markedBy, markedAt } = item;
  const present = new Set(item.present ?? []);
  return {
    _id: item._id ?? attendanceSessionId(item),
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

const sessionItem = (session: AttendanceSession) => ({ ...keys.attendanceSession(session), entity: 'attendance', ...session });

/**
 * Stores a session unless one exists for the same key, counted in its group's summary in the same
 * transaction; answers null. When one exists (the write's condition failed: nothing more was read
 * before), it is read once: the same mark sent again (its clientMarkId, by the same user) answers
 * that session; any other mark is a Conflict carrying who marked the session and when.
 */
export async function putSessionOnce(session: AttendanceSession): Promise<AttendanceSession | null> {
  const exists = (await transact({ session: put(sessionItem(session), IS_NEW), summary: countSession(session) })) === 'session';
  if (!exists) return null;
  const stored = await getSession(session._id);
  if (stored && isSameMark(stored, session)) return stored;
  throw new Conflict(DUPLICATE_MARK, stored && markConflict(stored));
}

/** Whether `stored` was stored by this very mark (sent before, its answer lost). */
export const isSameMark = (stored: AttendanceSession, mark: AttendanceSession): boolean =>
  mark.clientMarkId !== undefined && stored.clientMarkId === mark.clientMarkId && stored.markedBy._id === mark.markedBy._id;

const markConflict = ({ _id, date, courseid, slotid, slotcount, groupid, markedBy, markedAt }: AttendanceSession): MarkConflict => ({
  _id,
  date,
  courseid,
  slotid,
  slotcount,
  groupid,
  markedBy,
  markedAt,
});

/** The session with this `_id`, or null (one consistent GetItem; none for an id no session can have). */
export async function getSession(id: string): Promise<AttendanceSession | null> {
  const place = sessionPlaceOfId(id);
  if (!place) return null;
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: keys.attendanceSession(place), ConsistentRead: true }));
  return result.Item ? sessionOf(result.Item as StoredSession) : null;
}

/** The session with this `_id` (null when there is none) and the college's settings, in one BatchGetItem. */
export async function getSessionWithSettings(id: string): Promise<{ session: AttendanceSession | null; settings: CollegeSettings }> {
  const place = sessionPlaceOfId(id);
  const { items, settings } = await getWithSettings<StoredSession>(place ? [keys.attendanceSession(place)] : []);
  return { session: items[0] ? sessionOf(items[0]) : null, settings };
}

/** The sessions of one course, kind, date and slot (every group, or one). One Query. */
export async function sessionsOn(query: { courseid: string; slotcount: 1 | 2; date: string; slotid: string; groupid?: string }) {
  const { courseid, ...slot } = query;
  return (await queryAll<StoredSession>(keys.sessionsOfSlot(courseid, slot))).map(sessionOf);
}

/** The sessions of one course and kind between two dates, inclusive (one Query, paged). */
export async function sessionsBetween(query: { courseid: string; slotcount: 1 | 2; from: string; to: string; groupid?: string }) {
  const sessions = await queryAll<StoredSession>(
    keys.sessionsOfCourse(query.courseid, query.slotcount, query.from, query.to),
    query.groupid ? { FilterExpression: 'groupid = :groupid', ExpressionAttributeValues: { ':groupid': query.groupid } } : {},
  );
  return sessions.map(sessionOf);
}

/**
 * Replaces `before` by `after`, adds the history entries and moves the changed students' counts in
 * the group's summary, in one transaction, only while the session is still at `before.version` (a
 * session stored without a version is at version 1). Answers false, writing nothing, when
 * someone else changed the session first.
 */
export async function saveCorrection(before: AttendanceSession, after: AttendanceSession, entries: HistoryEntry[]): Promise<boolean> {
  const stillAt =
    before.version === 1
      ? 'attribute_exists(pk) AND (attribute_not_exists(version) OR version = :read)'
      : 'attribute_exists(pk) AND version = :read';
  const failed = await transact({
    session: put(sessionItem(after), stillAt, { ':read': before.version }),
    history: entries.map((entry) => put(historyItem(after, entry), IS_NEW)),
    summary: recountCorrection(before, after),
  });
  return failed === null;
}

/** How many sessions a course has (one Query, Select COUNT). */
export async function countAttendanceOfCourse(courseid: string): Promise<number> {
  return countAll(keys.allSessionsOfCourse(courseid));
}

/**
 * Deletes every session of a course, then their history and summaries (its delete cascades here); answers how
 * many sessions. Sessions go first: a correction racing the delete either lands before (and its
 * entries are found) or finds its session gone.
 */
export async function deleteAttendanceOfCourse(courseid: string): Promise<number> {
  const sessions = await queryAll<keys.Key>(keys.allSessionsOfCourse(courseid), { ProjectionExpression: 'pk, sk', ConsistentRead: true });
  await batchDelete(sessions.map(({ pk, sk }) => ({ pk, sk })));
  await deleteHistoryOfCourse(courseid);
  await deleteSummariesOfCourse(courseid);
  return sessions.length;
}
