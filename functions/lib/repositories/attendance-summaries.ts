import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AttendanceStatus } from '@shared/schemas/attendance';
import { batchDelete } from '../batch';
import { db, queryAll, tableName } from '../db';
import * as keys from '../keys';
import { IS_NEW, put, type TransactItem } from '../writes';

/**
 * Attendance summaries (docs/data-model.md): one item per course, kind and group — the group a
 * session is marked for — holding how many sessions the group had (`held`), the first and last of
 * their dates, and per student expected at any of them the count of each status (with the name and
 * enrollment of the last mark, for students deleted since). A student's summary for a course and
 * kind is the sum over the groups they were in, so a move changes nothing here.
 *
 * A summary is written in the same transaction as the session it counts (a mark, a correction),
 * only if it is still at the `version` read: nothing is counted twice or lost, and a change that
 * loses the race reads it again (applySession). It goes with its course, after the sessions.
 */
export type StatusCounts = Record<AttendanceStatus, number>;

export interface StudentSummary extends StatusCounts {
  name: string;
  enrollment: string;
}

export interface GroupSummary {
  courseid: string;
  slotcount: 1 | 2;
  groupid: string;
  held: number;
  /** The dates of the group's first and last session; null before any. */
  first: string | null;
  last: string | null;
  students: Record<string, StudentSummary>;
  /** 0 while nothing is stored. */
  version: number;
}

/** What a summary counts of a session. */
export interface CountedSession {
  courseid: string;
  slotcount: 1 | 2;
  groupid: string;
  date: string;
  expected: { _id: string; name: string; enrollment: string }[];
  statuses: Record<string, AttendanceStatus>;
}

export const noCounts = (): StatusCounts => ({ present: 0, late: 0, absent: 0, excused: 0 });

export const emptySummary = (place: { courseid: string; slotcount: 1 | 2; groupid: string }): GroupSummary => ({
  courseid: place.courseid,
  slotcount: place.slotcount,
  groupid: place.groupid,
  held: 0,
  first: null,
  last: null,
  students: {},
  version: 0,
});

/**
 * The summary with `session` counted once more (`sign` 1) or once less (-1). A correction is the
 * session before taken out and the session after put in. Pure: the caller stores the result.
 */
export function counted(summary: GroupSummary, session: CountedSession, sign: 1 | -1): GroupSummary {
  const students = { ...summary.students };
  for (const { _id, name, enrollment } of session.expected) {
    const status = session.statuses[_id] ?? 'absent';
    const own = { ...noCounts(), ...students[_id], name, enrollment };
    own[status] += sign;
    students[_id] = own;
  }
  const dates = sign === 1 ? [summary.first, summary.last, session.date].filter((date): date is string => date !== null).sort() : [];
  return {
    ...summary,
    held: summary.held + sign,
    first: sign === 1 ? dates[0]! : summary.first,
    last: sign === 1 ? dates[dates.length - 1]! : summary.last,
    students,
  };
}

/** The summary of a course, kind and group (one consistent GetItem); an empty one at version 0 when none is stored. */
export async function getSummary(place: { courseid: string; slotcount: 1 | 2; groupid: string }): Promise<GroupSummary> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: keys.attendanceSummary(place), ConsistentRead: true }));
  return (result.Item as GroupSummary | undefined) ?? emptySummary(place);
}

/** The write of `next`, read at `readVersion`: only if no one has changed the summary since. */
export function summaryPut(next: GroupSummary, readVersion: number): TransactItem {
  const { courseid, slotcount, groupid, held, first, last, students } = next;
  const item = {
    ...keys.attendanceSummary(next),
    entity: 'attendanceSummary',
    ...{ courseid, slotcount, groupid, held, first, last, students },
    version: readVersion + 1,
  };
  return readVersion === 0 ? put(item, IS_NEW) : put(item, 'version = :read', { ':read': readVersion });
}

/** Every summary of a course, or of one kind of it (one Query, paged; consistent). */
export async function summariesOf(courseid: string, kind?: 1 | 2): Promise<GroupSummary[]> {
  return queryAll<GroupSummary>(keys.summariesOfCourse(courseid, kind), { ConsistentRead: true });
}

/** Deletes every summary of a course (its delete cascades here, after the sessions). */
export async function deleteSummariesOfCourse(courseid: string): Promise<void> {
  const items = await queryAll<keys.Key>(keys.summariesOfCourse(courseid), { ProjectionExpression: 'pk, sk', ConsistentRead: true });
  await batchDelete(items.map(({ pk, sk }) => ({ pk, sk })));
}
