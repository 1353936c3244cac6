import type { OnLeave } from '@shared/answers/leave';
import type { AttendanceStatus } from '@shared/schemas/attendance';
import type { ClassKind } from '@shared/schemas/wire-names';
import { coversClass } from '../entities/leave';

/**
 * An approved leave applies to a class marked after it (docs/product.md §2.17): the student's status is the leave's,
 * whatever the mark sent. What the teacher sent is kept for a revocation to restore; a status the form filled in from
 * the leave itself is no observation of theirs, so it restores as absent.
 */
export interface MarkedLeave {
  /** The version of the group's day of leave the mark read (0: none): the mark is stored only while it is unchanged. */
  dayVersion: number;
  /** The status each student on leave gets. */
  statuses: Map<string, AttendanceStatus>;
  /** Each leave applied: its id, its student and the status a revocation restores. */
  applied: { leaveid: string; studentid: string; replaced: AttendanceStatus }[];
}

export function leaveOfMark(
  onLeave: { entries: OnLeave[]; version: number },
  place: { slotid: string; courseid: string; classKind: ClassKind },
  students: ReadonlySet<string>,
  marked: (studentid: string) => AttendanceStatus,
): MarkedLeave {
  const covering = onLeave.entries.filter((entry) => students.has(entry.studentid) && coversClass(entry, place));
  return {
    dayVersion: onLeave.version,
    statuses: new Map(covering.map((entry) => [entry.studentid, entry.status])),
    applied: covering.map(({ leaveid, studentid, status }) => {
      const sent = marked(studentid);
      return { leaveid, studentid, replaced: sent === status ? 'absent' : sent };
    }),
  };
}
