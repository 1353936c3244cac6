import type { AttendanceStatus, AttendanceStudent, UserRef } from '@shared/schemas/attendance';

/**
 * A class session: one marked class (a course, slot kind, date, slot and group), as the code works
 * with it (functions/lib/repositories/attendance.ts stores and reads it): who was expected, each
 * one's status, who marked it and when, and the version a correction must still find. Named apart
 * from a user's sign-in, which is a login session.
 */
export interface ClassSession {
  _id: string;
  courseid: string;
  slotcount: 1 | 2;
  date: string;
  slotid: string;
  groupid: string;
  expected: AttendanceStudent[];
  statuses: Record<string, AttendanceStatus>;
  markedBy: UserRef;
  markedAt: string;
  version: number;
  /** The client's id of the mark that stored it (absent for marks sent without one): a replay of it is not a second mark. */
  clientMarkId?: string;
}
