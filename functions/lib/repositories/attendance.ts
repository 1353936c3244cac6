import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { DUPLICATE_MARK, type AttendanceStudent } from '@shared/schemas/attendance';
import { batchDelete } from '../batch';
import { countAll, db, queryAll, tableName } from '../db';
import { Conflict } from '../domain-errors';
import * as keys from '../keys';
import { IS_NEW, isConditionFailure } from '../writes';

/**
 * Attendance sessions, one item per course, slot kind, date, slot and group, in the course's
 * partition (keys.attendanceSession). The key is the exactly-once rule: a second mark is a
 * failed conditional put. The item keeps who was expected (the group's students then, with
 * their names) and who was present, so a report stays true after students move, are renamed
 * or are deleted.
 */
export interface AttendanceSession {
  courseid: string;
  slotcount: 1 | 2;
  date: string;
  slotid: string;
  groupid: string;
  expected: AttendanceStudent[];
  present: string[];
  markedBy: { _id: string; username: string };
  markedAt: string;
}

/** Stores a session unless one exists for the same key (Conflict). */
export async function putSessionOnce(session: AttendanceSession): Promise<void> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.attendanceSession(session), entity: 'attendance', ...session },
        ConditionExpression: IS_NEW,
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new Conflict(DUPLICATE_MARK);
    throw error;
  }
}

/** The sessions of one course, kind, date and slot (every group, or one). One Query. */
export async function sessionsOn(query: { courseid: string; slotcount: 1 | 2; date: string; slotid: string; groupid?: string }) {
  const { courseid, ...slot } = query;
  return queryAll<AttendanceSession>(keys.sessionsOfSlot(courseid, slot));
}

/** The sessions of one course and kind between two dates, inclusive (one Query, paged). */
export async function sessionsBetween(query: { courseid: string; slotcount: 1 | 2; from: string; to: string; groupid?: string }) {
  return queryAll<AttendanceSession>(
    keys.sessionsOfCourse(query.courseid, query.slotcount, query.from, query.to),
    query.groupid ? { FilterExpression: 'groupid = :groupid', ExpressionAttributeValues: { ':groupid': query.groupid } } : {},
  );
}

/** How many sessions a course has (one Query, Select COUNT). */
export async function countAttendanceOfCourse(courseid: string): Promise<number> {
  return countAll(keys.allSessionsOfCourse(courseid));
}

/** Deletes every session of a course (its delete cascades here). */
export async function deleteAttendanceOfCourse(courseid: string): Promise<number> {
  const sessions = await queryAll<{ pk: string; sk: string }>(keys.allSessionsOfCourse(courseid), {
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  await batchDelete(sessions.map(({ pk, sk }) => ({ pk, sk })));
  return sessions.length;
}
