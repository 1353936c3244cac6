import type { HistoryEntry } from '@shared/schemas/attendance';
import { batchDelete } from '../batch';
import { queryAll } from '../db';
import * as keys from '../keys';
import type { AttendanceSession } from '../entities/attendance-session';

/**
 * A session's history: one immutable item per version (keys.sessionHistoryEntry), written in
 * the transaction that makes that version and never changed after. The original mark (version 1)
 * is written by the first correction, from the session as it was until then; a session never
 * corrected has no history item, its session being exactly its original mark.
 */
type Place = Pick<AttendanceSession, 'courseid' | 'slotcount' | 'date' | 'slotid' | 'groupid'>;

export const historyItem = (session: Place & { _id: string }, entry: HistoryEntry) => ({
  ...keys.sessionHistoryEntry(session, entry.version),
  entity: 'attendanceHistory',
  sessionId: session._id,
  courseid: session.courseid,
  ...entry,
});

/** The original mark of a session, read from the session as marked (version 1). */
export function originalMark(session: AttendanceSession): HistoryEntry {
  return {
    version: 1,
    by: session.markedBy,
    at: session.markedAt,
    reason: null,
    changes: session.expected.map((student) => ({ ...student, from: null, to: session.statuses[student._id]! })),
  };
}

/** Every entry of a session, oldest first: none stored yet means the original mark alone (a Query only then). */
export async function historyOf(session: AttendanceSession): Promise<HistoryEntry[]> {
  if (session.version === 1) return [originalMark(session)];
  const items = await queryAll<HistoryEntry>(keys.historyOfSession(session), { ConsistentRead: true });
  return items.map(({ version, by, at, reason, changes }) => ({ version, by, at, reason, changes }));
}

/** Deletes the history of every session of a course (its delete cascades here). */
export async function deleteHistoryOfCourse(courseid: string): Promise<void> {
  const entries = await queryAll<keys.Key>(keys.allHistoryOfCourse(courseid), { ProjectionExpression: 'pk, sk', ConsistentRead: true });
  await batchDelete(entries.map(({ pk, sk }) => ({ pk, sk })));
}
