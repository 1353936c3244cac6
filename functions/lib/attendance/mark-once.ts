import type { MarkInput } from '@shared/schemas/attendance';
import { DomainError } from '../domain-errors';
import type { SessionUser } from '../http/types';
import { getSession, isSameMark, putSessionOnce, type AttendanceSession } from '../repositories/attendance';
import { validatedSession } from './marking';
import { attendanceSessionId } from '../item-ids';

/**
 * A mark, stored exactly once (docs/product.md §4, marking offline): `replayed` when this mark
 * (its clientMarkId) was already stored, which answers the session stored then. A phone that lost
 * the answer, or queued the mark offline, sends it again; that is not a second mark.
 *
 * A replay the checks refuse when it arrives (a student moved since, the timetable changed) still
 * answers the session it stored: only then, on the refused path, is the session looked up first, so
 * a mark the checks accept sends no extra request.
 */
export async function markOnce(
  input: MarkInput,
  user: SessionUser,
): Promise<{ session: AttendanceSession; replayed: boolean; backdated: boolean }> {
  let session: AttendanceSession;
  let backdated: boolean;
  try {
    const validated = await validatedSession(input, user);
    session = { ...validated.session, ...(input.clientMarkId ? { clientMarkId: input.clientMarkId } : {}) };
    backdated = validated.backdated;
  } catch (refusal) {
    const stored = refusal instanceof DomainError ? await storedByThisMark(input, user) : null;
    if (stored) return { session: stored, replayed: true, backdated: false };
    throw refusal;
  }
  const stored = await putSessionOnce(session);
  return stored ? { session: stored, replayed: true, backdated: false } : { session, replayed: false, backdated };
}

/** The session this very mark stored earlier, if the mark names its group and carries a clientMarkId. */
async function storedByThisMark(input: MarkInput, user: SessionUser): Promise<AttendanceSession | null> {
  const { clientMarkId, courseid, slotcount, date, slotid, groupid } = input;
  if (!clientMarkId || !groupid) return null;
  const stored = await getSession(attendanceSessionId({ courseid, slotcount, date, slotid, groupid }));
  const mark = { clientMarkId, markedBy: { _id: user._id, username: user.username } } as AttendanceSession;
  return stored && isSameMark(stored, mark) ? stored : null;
}
