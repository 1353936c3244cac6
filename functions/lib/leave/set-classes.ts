import type { AttendanceStatus, UserRef } from '@shared/schemas/attendance';
import type { CollegeSettings } from '@shared/schemas/settings';
import { correctedClassSession } from '../attendance/corrections';
import type { ClassSession } from '../entities/class-session';
import { correctionWrites, getClassSession } from '../repositories/attendance';
import { appliedWrite, finishApplying, type LeaveRecord } from '../repositories/leaves';
import { Busy } from '../domain-errors';
import { transact } from '../writes';
import { coveredSessions } from './classes';

/**
 * What an approved leave does to the classes already marked (docs/product.md §2.17): each one it covers is corrected
 * to the leave's status through the correction path (history: 'Leave <ref> approved by <name>'), in one transaction
 * with the application's note of it (the session's id and the status it replaced). The note's condition makes it
 * exactly once: a session already noted is skipped, so an interrupted approval run again finishes the rest. Revoking
 * restores each noted session the leave still holds, and takes the note off with it.
 */
export async function setClassesOnLeave(record: LeaveRecord, by: UserRef, settings: CollegeSettings): Promise<void> {
  const reason = `Leave ${record.ref} approved by ${by.username}`;
  for (const session of await coveredSessions(record)) {
    if (Object.hasOwn(record.applied, session._id)) continue;
    await withFreshSession(session, (current) => {
      const status = current.statuses[record.studentid];
      if (status === undefined) return null;
      return { leave: appliedWrite(record, current._id, status), ...correctionTo(current, record, record.countsAs, reason, by, settings) };
    });
  }
  await finishApplying(record);
}

export async function restoreClassesOfLeave(record: LeaveRecord, by: UserRef, settings: CollegeSettings): Promise<void> {
  const reason = `Leave ${record.ref} revoked by ${by.username}`;
  for (const [sessionId, replaced] of Object.entries(record.applied)) {
    const leave = appliedWrite(record, sessionId, null);
    const session = await getClassSession(sessionId);
    if (!session) {
      await transact({ leave });
      continue;
    }
    await withFreshSession(session, (current) => {
      // A status someone corrected since the leave set it stays as they left it.
      const stillOnLeave = current.statuses[record.studentid] === record.countsAs;
      return { leave, ...(stillOnLeave ? correctionTo(current, record, replaced, reason, by, settings) : {}) };
    });
  }
  await finishApplying(record);
}

/** The correction of the student's status in `session` to `to`, unless it is already that. */
function correctionTo(
  session: ClassSession,
  record: LeaveRecord,
  to: AttendanceStatus,
  reason: string,
  by: UserRef,
  settings: CollegeSettings,
): ReturnType<typeof correctionWrites> | Record<string, never> {
  if (session.statuses[record.studentid] === to) return {};
  const input = { statuses: { [record.studentid]: to }, reason, version: session.version };
  const { after, entries } = correctedClassSession(session, input, by, settings, new Date());
  return correctionWrites(session, after, entries);
}

/**
 * Writes what `writes` makes of the class session, reading it again when someone corrected it meanwhile. The
 * leave's own item failing its condition means this session was already done (or the leave moved on): nothing to do.
 */
async function withFreshSession(
  session: ClassSession,
  writes: (current: ClassSession) => Parameters<typeof transact>[0] | null,
): Promise<void> {
  let current: ClassSession | null = session;
  for (let attempt = 0; current && attempt < 20; attempt++) {
    const items = writes(current);
    if (!items) return;
    const failed = await transact(items);
    if (failed === null || failed === 'leave') return;
    current = await getClassSession(session._id);
  }
  if (current) throw new Busy('This class kept being corrected by others meanwhile: decide again to finish');
}
