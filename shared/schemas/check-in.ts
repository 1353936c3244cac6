import * as z from 'zod/mini';
import { TIMETABLE_MESSAGES } from '../timetable-words';
import { entityId } from './common';
import { CLASS_KINDS } from './wire-names';

/*
 * Check-in (docs/product.md §2.18): the teacher opens it for a class of now; students check in with the code on
 * the classroom screen; the teacher's form is filled from who checked in. A check-in proposes, the teacher marks.
 */

export const CHECK_IN_MESSAGES = {
  opened: 'Check-in open',
  read: 'Check-in',
  closed: 'Check-in closed',
  notFound: 'Check-in not found: open it from the class’s marking form',
  notToday: 'Check-in opens only for a class of today',
  notNow: (from: string, to: string) => `Check-in for this class can be open from ${from} to ${to} (college time)`,
  code: 'Type the code shown on the classroom screen',
  deviceKey: 'This phone has no check-in key: sign out and sign in again',
  noneOpen: 'No check-in is open for your classes now: ask your teacher to open it',
  wrongCode: 'That is not the code on the screen now: scan or type the code shown',
  checkedIn: 'Checked in: your teacher will see you present',
  already: 'You are already checked in for this class',
  deviceTaken: 'This phone already checked in another student for this class: check in from your own phone',
} as const;

/** POST checkin (the teacher): the class of today to open check-in for. */
export const openCheckInSchema = z.object({
  courseid: entityId(TIMETABLE_MESSAGES.courseid),
  slotid: entityId(TIMETABLE_MESSAGES.slotid),
  classKind: z.enum(CLASS_KINDS, { error: TIMETABLE_MESSAGES.classKind }),
  groupid: entityId(TIMETABLE_MESSAGES.groupid),
});
export type OpenCheckInInput = z.infer<typeof openCheckInSchema>;

/** POST checkin/student: the code on the screen (6 characters; spaces and dashes allowed) and the phone's key. */
export const studentCheckInSchema = z.object({
  code: z
    .string({ error: CHECK_IN_MESSAGES.code })
    .check(z.minLength(1, { error: CHECK_IN_MESSAGES.code }), z.maxLength(20, { error: CHECK_IN_MESSAGES.code })),
  deviceKey: z
    .string({ error: CHECK_IN_MESSAGES.deviceKey })
    .check(z.minLength(16, { error: CHECK_IN_MESSAGES.deviceKey }), z.maxLength(128, { error: CHECK_IN_MESSAGES.deviceKey })),
});
export type StudentCheckInInput = z.infer<typeof studentCheckInSchema>;
