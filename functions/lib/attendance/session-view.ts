import type { AttendanceStudent, ClassSessionView } from '@shared/schemas/attendance';
import type { CollegeSettings } from '@shared/schemas/settings';
import type { ClassKind } from '@shared/schemas/wire-names';
import { naturalKey } from '../natural-key';
import type { ClassSession } from '../repositories/attendance';

const HOUR_MS = 3_600_000;

/** Until when the faculty member who marked the class session may correct it: markedAt + the college's edit window. */
export const editableUntil = (session: ClassSession, settings: CollegeSettings): string =>
  new Date(Date.parse(session.markedAt) + settings.editWindowHours * HOUR_MS).toISOString();

/** 'division' for a lecture, 'batch' for a lab: how messages name the group marked. */
export const groupLabel = (kind: ClassKind): 'division' | 'batch' => (kind === 'lecture' ? 'division' : 'batch');

/**
 * A class session as clients see it (the shared ClassSessionView). `details` gives today's name and
 * enrollment of the students who still exist (a report shows renamed students by their new name);
 * others keep the name they had when marked.
 */
export function classSessionView(
  session: ClassSession,
  settings: CollegeSettings,
  details: ReadonlyMap<string, AttendanceStudent> = new Map(),
): ClassSessionView {
  return {
    _id: session._id,
    groupid: session.groupid,
    version: session.version,
    markedBy: session.markedBy,
    markedAt: session.markedAt,
    editableUntil: editableUntil(session, settings),
    corrections: session.version - 1,
    students: byEnrollment(
      session.expected.map((student) => ({ ...(details.get(student._id) ?? student), status: session.statuses[student._id] ?? 'absent' })),
    ),
  };
}

/** Roll order: by enrollment, counting digits as numbers ('CE2' before 'CE10'). */
export const byEnrollment = <T extends AttendanceStudent>(students: T[]): T[] =>
  students.sort((a, b) =>
    naturalKey(a.enrollment) < naturalKey(b.enrollment) ? -1 : naturalKey(a.enrollment) > naturalKey(b.enrollment) ? 1 : 0,
  );
