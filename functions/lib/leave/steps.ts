import type { LeaveApplication } from '@shared/answers/leave';
import { LEAVE_MESSAGES as M, type LeaveDecision } from '@shared/schemas/leave';
import { Conflict, NotFound } from '../domain-errors';
import type { CurrentUser } from '../http/types';
import { getLeave, leaveDayWrites, saveStep, type LeaveRecord } from '../repositories/leaves';
import { getSettings } from '../repositories/settings';
import { restoreClassesOfLeave, setClassesOnLeave } from './set-classes';

type Action = LeaveApplication['history'][number]['action'];

const step = (record: LeaveRecord, action: Action, user: CurrentUser, comment?: string): LeaveRecord['history'] => [
  ...record.history,
  {
    action,
    at: new Date().toISOString(),
    by: { _id: user._id, username: user.username, role: user.role },
    ...(comment ? { comment } : {}),
  },
];

/** The application, or NotFound. */
export async function leaveOrNotFound(id: string): Promise<LeaveRecord> {
  const record = await getLeave(id);
  if (!record) throw new NotFound(M.notFound);
  return record;
}

/** Moves the application on, or Conflict when it changed since the caller read it (the version they name). */
async function moveOn(record: LeaveRecord, version: number, after: LeaveRecord, days: boolean | null): Promise<LeaveRecord> {
  if (record.version !== version) throw new Conflict(M.changed);
  const written = await saveStep(record, after, days === null ? [] : leaveDayWrites(record, days));
  if (!written) throw new Conflict(M.changed);
  return { ...after, version: record.version + 1 };
}

/**
 * Approves or rejects a pending application. Approval puts the leave on its days (what marking reads from then on)
 * in the same write as its new status, then sets the classes already marked. An approved one whose classes are not
 * all set yet (an approval interrupted) is finished by approving it again.
 */
export async function decide(record: LeaveRecord, input: LeaveDecision, user: CurrentUser): Promise<LeaveRecord> {
  if (record.status === 'approved' && record.applying && input.decision === 'approve') return finish(record, user);
  if (record.status !== 'pending') throw new Conflict(M.notPending(record.status));
  const approve = input.decision === 'approve';
  const after: LeaveRecord = {
    ...record,
    status: approve ? 'approved' : 'rejected',
    history: step(record, approve ? 'approved' : 'rejected', user, input.comment || undefined),
    applying: approve,
  };
  const moved = await moveOn(record, input.version, after, approve ? true : null);
  return approve ? finish(moved, user) : moved;
}

export async function withdraw(record: LeaveRecord, version: number, user: CurrentUser): Promise<LeaveRecord> {
  if (record.status !== 'pending') throw new Conflict(M.notPending(record.status));
  return moveOn(record, version, { ...record, status: 'withdrawn', history: step(record, 'withdrawn', user) }, null);
}

/** Revokes an approved leave: off its days first, then each class it set back to what it was. Revoking again finishes it. */
export async function revoke(record: LeaveRecord, input: { comment: string; version: number }, user: CurrentUser): Promise<LeaveRecord> {
  if (record.status === 'revoked' && record.applying) return finish(record, user);
  if (record.status !== 'approved') throw new Conflict(M.notApproved(record.status));
  const after: LeaveRecord = { ...record, status: 'revoked', history: step(record, 'revoked', user, input.comment), applying: true };
  return finish(await moveOn(record, input.version, after, false), user);
}

/** Sets (approved) or restores (revoked) the classes, from the application as stored now, and answers it after. */
async function finish(record: LeaveRecord, user: CurrentUser): Promise<LeaveRecord> {
  const settings = await getSettings();
  const current = (await getLeave(record._id)) ?? record;
  const by = { _id: user._id, username: user.username };
  if (current.status === 'approved') await setClassesOnLeave(current, by, settings);
  else if (current.status === 'revoked') await restoreClassesOfLeave(current, by, settings);
  return (await getLeave(record._id)) ?? current;
}
