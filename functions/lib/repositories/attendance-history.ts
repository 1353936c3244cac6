import type { HistoryEntry } from '@shared/schemas/attendance';
import { batchDelete } from '../batch';
import { queryAll } from '../db';
import type { Key } from '../keys';
import { allHistoryOfCourse, historyEntryKey, historyOfClassSession, type ClassSession } from '../entities/class-session';

/**
 * A class session's history: one immutable item per version (entities/class-session.ts: historyEntryKey), written
 * in the transaction that makes that version and never changed after. The original mark (version 1)
 * is written by the first correction, from the class session as it was until then; one never
 * corrected has no history item, the class session being exactly its original mark.
 */
type Place = Pick<ClassSession, 'courseid' | 'classKind' | 'date' | 'slotid' | 'groupid'>;

export const historyItem = (classSession: Place & { _id: string }, entry: HistoryEntry) => ({
  ...historyEntryKey(classSession, entry.version),
  entity: 'attendanceHistory',
  // The stored attribute keeps its name: `sessionId` is the class session's `_id`.
  sessionId: classSession._id,
  courseid: classSession.courseid,
  // Outside the key too: a filter may not name the key, and a student's record filters the history by group.
  groupid: classSession.groupid,
  ...entry,
});

/** The original mark of a class session, read from it as marked (version 1). */
export function originalMark(session: ClassSession): HistoryEntry {
  return {
    version: 1,
    by: session.markedBy,
    at: session.markedAt,
    reason: null,
    changes: session.expected.map((student) => ({ ...student, from: null, to: session.statuses[student._id]! })),
  };
}

/** Every entry of a class session, oldest first: none stored yet means the original mark alone (a Query only then). */
export async function historyOf(session: ClassSession): Promise<HistoryEntry[]> {
  if (session.version === 1) return [originalMark(session)];
  const items = await queryAll<HistoryEntry>(historyOfClassSession(session), { ConsistentRead: true });
  return items.map(({ version, by, at, reason, changes }) => ({ version, by, at, reason, changes }));
}

/** Deletes the history of every class session of a course (its delete cascades here). */
export async function deleteHistoryOfCourse(courseid: string): Promise<void> {
  const entries = await queryAll<Key>(allHistoryOfCourse(courseid), { ProjectionExpression: 'pk, sk', ConsistentRead: true });
  await batchDelete(entries.map(({ pk, sk }) => ({ pk, sk })));
}
