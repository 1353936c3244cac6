import type { AttendanceStatus } from '@shared/schemas/attendance';

/*
 * A session's statuses as the marking form holds them (docs/product.md §2.4): every student of the group
 * with one status. Pure functions, so the form's taps, its summary and what it sends cannot disagree.
 */

export type Status = AttendanceStatus;
export type Statuses = Readonly<Record<string, Status>>;

/** What a tap on a student marks: the mode chosen at the top of the form. */
export type TapMode = Exclude<Status, 'present'>;
export const TAP_MODES: readonly TapMode[] = ['absent', 'late', 'excused'];

export const STATUS_LABELS: Record<Status, string> = { present: 'Present', late: 'Late', absent: 'Absent', excused: 'Excused' };

export interface MarkedStudent {
  _id: string;
  enrollment: string;
  name: string;
}

/** In the room: a present or a late student (their switch is on, and they count as present). */
export const inClass = (status: Status | undefined): boolean => status === 'present' || status === 'late';

/** Everyone present: how a new session starts. */
export const allPresent = (students: readonly MarkedStudent[]): Statuses =>
  Object.fromEntries(students.map((student) => [student._id, 'present' as const]));

/**
 * A tap on a student. Absent mode is the plain switch: in the room ⇄ absent. Late and excused mode
 * mark that status, and a second tap takes it back to present.
 */
export function tapped(status: Status, mode: TapMode): Status {
  if (mode === 'absent') return inClass(status) ? 'absent' : 'present';
  return status === mode ? 'present' : mode;
}

/**
 * Select all: on makes everyone who is not in the room present (the late stay late); off (offered only
 * when everyone is in the room) makes everyone absent.
 */
export function selectAll(statuses: Statuses, on: boolean): Statuses {
  const next: Record<string, Status> = {};
  for (const [id, status] of Object.entries(statuses)) {
    next[id] = on ? (inClass(status) ? status : 'present') : inClass(status) ? 'absent' : status;
  }
  return next;
}

export type StatusCounts = Record<Status, number>;

export function countStatuses(students: readonly MarkedStudent[], statuses: Statuses): StatusCounts {
  const counts: StatusCounts = { present: 0, late: 0, absent: 0, excused: 0 };
  for (const student of students) counts[statuses[student._id] ?? 'absent'] += 1;
  return counts;
}

/** The statuses that differ from `before`, in list order (a correction sends only these). */
export function changedStatuses(students: readonly MarkedStudent[], before: Statuses, after: Statuses): Record<string, Status> {
  const changed: Record<string, Status> = {};
  for (const { _id } of students) {
    if (after[_id] && after[_id] !== before[_id]) changed[_id] = after[_id];
  }
  return changed;
}

/** A new mark's payload: the students in the room, and the late and excused ones (only when there are any). */
export function markPayload(students: readonly MarkedStudent[], statuses: Statuses) {
  const presentStudentIds = students.filter((student) => inClass(statuses[student._id])).map((student) => student._id);
  const special = Object.fromEntries(
    students.flatMap(({ _id }) => (statuses[_id] === 'late' || statuses[_id] === 'excused' ? [[_id, statuses[_id]] as const] : [])),
  );
  return Object.keys(special).length > 0 ? { presentStudentIds, statuses: special } : { presentStudentIds };
}
