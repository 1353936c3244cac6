import type { HistoryEntry } from '@shared/schemas/attendance';
import type { ClassKind } from '@shared/schemas/wire-names';
import { queryAll } from '../db';
import { historyOfCourse } from '../entities/class-session';

/** The latest correction that changed one student's status at a class session. */
export interface StudentCorrection {
  at: string;
  reason: string | null;
}

type StoredEntry = Pick<HistoryEntry, 'version' | 'at' | 'reason' | 'changes'> & { sessionId: string };

/**
 * One student's corrections in a course and kind between two dates, at the class sessions of these
 * groups, by class session `_id`: the latest correction of each that changed this student's status.
 * One Query of the history (repositories/attendance-history.ts), filtered to the corrections (the
 * original mark, version 1, is left out) of these groups (an entry stored without its `groupid` passes:
 * the caller keeps only the class sessions it has), reading back only the session, version, time,
 * reason and changes; a correction's changes hold only the students it changed, so they are few.
 */
export async function correctionsOfStudent(query: {
  studentId: string;
  courseid: string;
  classKind: ClassKind;
  from: string;
  to: string;
  groupids: string[];
}): Promise<Map<string, StudentCorrection>> {
  const groups = query.groupids.map((_, at) => `:g${at}`);
  const entries = await queryAll<StoredEntry>(historyOfCourse(query.courseid, query.classKind, query.from, query.to), {
    FilterExpression: `(groupid IN (${groups.join(', ')}) OR attribute_not_exists(groupid)) AND #version > :original`,
    ProjectionExpression: 'sessionId, #version, #at, #reason, #changes',
    ExpressionAttributeNames: { '#version': 'version', '#at': 'at', '#reason': 'reason', '#changes': 'changes' },
    ExpressionAttributeValues: { ':original': 1, ...Object.fromEntries(query.groupids.map((id, at) => [`:g${at}`, id])) },
  });
  const latest = new Map<string, StoredEntry>();
  for (const entry of entries) {
    if (!entry.changes.some((change) => change._id === query.studentId)) continue;
    const before = latest.get(entry.sessionId);
    if (!before || before.version < entry.version) latest.set(entry.sessionId, entry);
  }
  return new Map([...latest].map(([sessionId, { at, reason }]) => [sessionId, { at, reason }]));
}
