import type { ClassSessionView } from '@shared/schemas/attendance';
import type { PublicUser } from '@shared/schemas/auth';
import type { Status, Statuses } from '@web/components/attendance/statuses';
import { formatMoment } from '@web/lib/college-time';

/*
 * Who may correct a marked session, and until when (docs/product.md §6): any admin, always; the faculty
 * member who marked it, until the college's edit window closes (editableUntil); nobody else. The
 * server decides; the screen offers Edit only where it would agree, and says why not elsewhere.
 */

export interface CorrectionRight {
  may: boolean;
  /** What the session card says about it ('' when there is nothing to say). */
  note: string;
}

export function correctionRight(session: ClassSessionView, user: PublicUser | null, now = Date.now()): CorrectionRight {
  if (user?.role === 'admin') return { may: true, note: '' };
  const until = Date.parse(session.editableUntil);
  const open = now < until;
  if (open && user?._id === session.markedBy._id)
    return { may: true, note: `You can correct it until ${formatMoment(session.editableUntil)}.` };
  if (open)
    return {
      may: false,
      note: `${session.markedBy.username} can correct it until ${formatMoment(session.editableUntil)}, an admin at any time.`,
    };
  return { may: false, note: 'Only an admin can correct it now.' };
}

/** A session's statuses by student, as the marking form holds them. */
export const statusesOf = (session: ClassSessionView): Statuses =>
  Object.fromEntries(session.students.map((student) => [student._id, student.status]));

const COUNT_ORDER: Status[] = ['present', 'late', 'absent', 'excused'];

/** '27 present, 1 late, 2 absent': the statuses given, by kind, the kinds with none left out. */
export function statusSummary(statuses: readonly Status[]): string {
  const parts = COUNT_ORDER.map((status) => [status, statuses.filter((each) => each === status).length] as const)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} ${status}`);
  return parts.length ? parts.join(', ') : 'no students';
}
