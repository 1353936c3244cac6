import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AttendanceStudent } from '@shared/schemas/attendance';
import { batchDelete } from '../batch';
import { countAll, db, queryAll, tableName } from '../db';
import { isConditionFailure } from '../http/errors';

/**
 * Attendance sessions, one item per course, slot kind, date, slot and group, in the course's
 * partition:
 *   COURSE#<courseid> / ATT#<slotcount>#<date>#<slotid>#<groupid>
 * The key is the exactly-once rule: a second mark is a failed conditional put. The item keeps
 * who was expected (the group's students then, with their names) and who was present, so a
 * report stays true after students move, are renamed or are deleted.
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

const partition = (courseid: string) => `COURSE#${courseid}`;
const sessionSortKey = (s: Pick<AttendanceSession, 'slotcount' | 'date' | 'slotid' | 'groupid'>) =>
  `ATT#${s.slotcount}#${s.date}#${s.slotid}#${s.groupid}`;

/** Stores a session unless one exists for the same key; false when it already existed. */
export async function putSessionOnce(session: AttendanceSession): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { pk: partition(session.courseid), sk: sessionSortKey(session), entity: 'attendance', ...session },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The sessions of one course, kind, date and slot (every group, or one). One Query. */
export async function sessionsOn(query: { courseid: string; slotcount: 1 | 2; date: string; slotid: string; groupid?: string }) {
  const prefix = `ATT#${query.slotcount}#${query.date}#${query.slotid}#${query.groupid ?? ''}`;
  return queryAll<AttendanceSession>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': partition(query.courseid), ':prefix': prefix },
  });
}

/** The sessions of one course and kind between two dates, inclusive (one Query, paged). */
export async function sessionsBetween(query: { courseid: string; slotcount: 1 | 2; from: string; to: string; groupid?: string }) {
  return queryAll<AttendanceSession>({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ...(query.groupid ? { FilterExpression: 'groupid = :groupid' } : {}),
    ExpressionAttributeValues: {
      ':pk': partition(query.courseid),
      ':from': `ATT#${query.slotcount}#${query.from}`,
      // '~' sorts after every character of an id, so the whole last day is included.
      ':to': `ATT#${query.slotcount}#${query.to}#~`,
      ...(query.groupid ? { ':groupid': query.groupid } : {}),
    },
  });
}

/** How many sessions a course has (one Query, Select COUNT). */
export async function countAttendanceOfCourse(courseid: string): Promise<number> {
  return countAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': partition(courseid), ':prefix': 'ATT#' },
  });
}

/** Deletes every session of a course (its delete cascades here). */
export async function deleteAttendanceOfCourse(courseid: string): Promise<number> {
  const sessions = await queryAll<{ pk: string; sk: string }>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': partition(courseid), ':prefix': 'ATT#' },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  await batchDelete(sessions.map(({ pk, sk }) => ({ pk, sk })));
  return sessions.length;
}
