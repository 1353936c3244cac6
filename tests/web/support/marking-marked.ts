import { collegeToday } from '@tests/support/college-time';
import type { AttendanceRecord, ClassSessionView } from '@shared/schemas/attendance';
import { collegeMoment, DEFAULT_TIME_ZONE } from '@shared/dates';
import { kindCode, type ClassKind } from '@shared/schemas/wire-names';
import { ADMIN } from './fixtures';

/*
 * A class already marked today, for the marking form's and steps' checks (GET attendance for the date,
 * course, kind and slot, every group: web/src/features/marking/marked-sessions.ts).
 */

/** 09:05 in the college (Asia/Kolkata by default) on today's date. */
export const MARKED_AT = `${collegeToday()}T03:35:00.000Z`;
/** What the screens show of MARKED_AT. */
export const MARKED_AT_SHOWN = collegeMoment(MARKED_AT, DEFAULT_TIME_ZONE);

/** The fake API's key (its wire path) of the check for the class of `classKind` at slot9 of course c1, today. */
export const markedCheckKey = (classKind: ClassKind = 'lecture') =>
  `GET /attendance?date=${collegeToday()}&slotid=slot9&slotcount=${kindCode(classKind)}&courseid=c1` as const;

/** A session of `groupid`, marked by the demo admin at MARKED_AT. */
export function markedSession(groupid: string): ClassSessionView {
  return {
    _id: `sess-${groupid}`,
    groupid,
    version: 1,
    markedBy: { _id: ADMIN._id, username: ADMIN.username },
    markedAt: MARKED_AT,
    editableUntil: `${collegeToday()}T23:59:00.000Z`,
    corrections: 0,
    students: [{ _id: 'st1', name: 'Aarav Patel', enrollment: '25CE001', status: 'present' }],
  };
}

/** GET attendance's answer with the sessions of `groupids` marked. */
export function markedRecord(classKind: ClassKind, ...groupids: string[]): { data: AttendanceRecord[] } {
  return {
    data: [
      {
        date: collegeToday(),
        courseid: 'c1',
        slotid: 'slot9',
        classKind,
        sessions: groupids.map(markedSession),
        presentStudentsName: [{ _id: 'st1', name: 'Aarav Patel', enrollment: '25CE001' }],
      },
    ],
  };
}
