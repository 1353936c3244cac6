import { collegeMoment } from '@shared/dates';
import { CORRECTION_CONFLICT, type CorrectionInput, type HistoryEntry } from '@shared/schemas/attendance';
import type { CollegeSettings } from '@shared/schemas/settings';
import { Conflict, Forbidden, Invalid } from '../domain-errors';
import type { CurrentUser } from '../http/types';
import type { ClassSession } from '../repositories/attendance';
import { originalMark } from '../repositories/attendance-history';
import { byEnrollment, classSessionView, editableUntil, groupLabel } from './session-view';

/**
 * docs/product.md §6: any admin may correct a class session, always; the faculty member who marked it
 * until the college's edit window closes; anyone else never. Forbidden says who still can.
 */
export function assertMayCorrect(classSession: ClassSession, user: CurrentUser, settings: CollegeSettings, now: Date): void {
  if (user.role === 'admin') return;
  const until = editableUntil(classSession, settings);
  const open = now.getTime() < Date.parse(until);
  if (open && classSession.markedBy._id === user._id) return;
  if (settings.editWindowHours === 0) {
    throw new Forbidden('Only an admin can correct attendance: corrections by faculty are turned off in the settings');
  }
  if (!open)
    throw new Forbidden(
      `Only an admin can correct this attendance now: the edit window closed at ${collegeMoment(until, settings.timeZone)}`,
    );
  throw new Forbidden(
    `Only an admin, or ${classSession.markedBy.username} who marked it (until ${collegeMoment(until, settings.timeZone)}), can correct this attendance`,
  );
}

/**
 * The class session after the correction, and the history entries to write with it: the correction,
 * preceded by the original mark on the first correction (docs/product.md §4). Invalid when a
 * student is not in the class session or would keep their status; Conflict, carrying the class
 * session as it stands, when the client read another version.
 */
export function correctedClassSession(
  classSession: ClassSession,
  input: CorrectionInput,
  user: Pick<CurrentUser, '_id' | 'username'>,
  settings: CollegeSettings,
  now: Date,
): { after: ClassSession; entries: HistoryEntry[] } {
  const expected = new Map(classSession.expected.map((student) => [student._id, student]));
  const ids = Object.keys(input.statuses);
  if (ids.some((id) => !expected.has(id))) {
    throw new Invalid(`Some students are not in this session's ${groupLabel(classSession.classKind)}`);
  }
  if (input.version !== classSession.version) throw new Conflict(CORRECTION_CONFLICT, classSessionView(classSession, settings));
  const unchanged = ids.find((id) => classSession.statuses[id] === input.statuses[id]);
  if (unchanged) {
    const student = expected.get(unchanged)!;
    throw new Invalid(`${student.name} (${student.enrollment}) is already ${input.statuses[unchanged]}: leave them out of the correction`);
  }

  const correction: HistoryEntry = {
    version: classSession.version + 1,
    by: { _id: user._id, username: user.username },
    at: now.toISOString(),
    reason: input.reason,
    changes: byEnrollment(ids.map((id) => ({ ...expected.get(id)!, from: classSession.statuses[id]!, to: input.statuses[id]! }))),
  };
  return {
    after: { ...classSession, statuses: { ...classSession.statuses, ...input.statuses }, version: correction.version },
    entries: classSession.version === 1 ? [originalMark(classSession), correction] : [correction],
  };
}
