import type { MarkInput } from '@shared/schemas/attendance';
import { Busy, DomainError } from '../domain-errors';
import type { CurrentUser } from '../http/types';
import { classSessionId, isSameMark } from '../entities/class-session';
import { getClassSession, putClassSessionOnce, type ClassSession } from '../repositories/attendance';
import { validatedClassSession } from './marking';

/**
 * A mark, stored exactly once (docs/product.md §4, marking offline): `replayed` when this mark
 * (its clientMarkId) was already stored, which answers the class session stored then. A phone that
 * lost the answer, or queued the mark offline, sends it again; that is not a second mark.
 *
 * A replay the checks refuse when it arrives (a student moved since, the timetable changed) still
 * answers the class session it stored: only then, on the refused path, is the class session looked
 * up first, so a mark the checks accept sends no extra request.
 */
export async function markOnce(
  input: MarkInput,
  user: CurrentUser,
): Promise<{ classSession: ClassSession; replayed: boolean; backdated: boolean }> {
  for (let attempt = 1; ; attempt++) {
    let validated: Awaited<ReturnType<typeof validatedClassSession>>;
    try {
      validated = await validatedClassSession(input, user);
    } catch (refusal) {
      const stored = refusal instanceof DomainError ? await storedByThisMark(input, user) : null;
      if (stored) return { classSession: stored, replayed: true, backdated: false };
      throw refusal;
    }
    const classSession = { ...validated.classSession, ...(input.clientMarkId ? { clientMarkId: input.clientMarkId } : {}) };
    const stored = await putClassSessionOnce(classSession, validated.leave);
    // A leave approved or revoked while this mark was checked: check it again with the leave as it is now.
    if (stored === 'leave moved' && attempt < LEAVE_ATTEMPTS) continue;
    if (stored === 'leave moved') throw new Busy('Leave of this class kept changing while it was marked');
    return stored
      ? { classSession: stored, replayed: true, backdated: false }
      : { classSession, replayed: false, backdated: validated.backdated };
  }
}

const LEAVE_ATTEMPTS = 5;

/** The class session this very mark stored earlier, if the mark names its group and carries a clientMarkId. */
async function storedByThisMark(input: MarkInput, user: CurrentUser): Promise<ClassSession | null> {
  const { clientMarkId, courseid, classKind, date, slotid, groupid } = input;
  if (!clientMarkId || !groupid) return null;
  const stored = await getClassSession(classSessionId({ courseid, classKind, date, slotid, groupid }));
  return stored && isSameMark(stored, { clientMarkId, markedBy: { _id: user._id, username: user.username } }) ? stored : null;
}
