import * as z from 'zod/mini';
import { daysFromTo } from '../dates';
import { calendarDate, entityId } from './common';

/*
 * The audit trail (docs/product.md §2.19): who changed what, and who read a person's data, searched by admins
 * by date, by who did it and by the person or record concerned.
 */

/** The most days one search covers (each day is a Query; a year's trail is searched a month at a time). */
export const MAX_AUDIT_DAYS = 31;
/** The most entries one search answers, newest first: a narrower search finds the rest. */
export const MAX_AUDIT_ENTRIES = 500;

export const AUDIT_MESSAGES = {
  read: 'Audit trail',
  from: 'Enter a real first day as YYYY-MM-DD',
  to: 'Enter a real last day as YYYY-MM-DD',
  order: 'The last day must not be before the first day',
  tooLong: `The audit trail is searched at most ${MAX_AUDIT_DAYS} days at a time: choose a last day closer to the first`,
  who: 'Choose who did it from the list',
  subject: 'Choose the person or record from the list',
  more: `More entries match: the newest ${MAX_AUDIT_ENTRIES} are shown. Narrow the days, or who did it.`,
} as const;

/** GET audit: the college days from `from` to `to`, and optionally who did it (a user id) and whom or what it concerns (an id). */
export const auditQuerySchema = z
  .object({
    from: calendarDate(AUDIT_MESSAGES.from),
    to: calendarDate(AUDIT_MESSAGES.to),
    who: z.optional(entityId(AUDIT_MESSAGES.who)),
    subject: z.optional(entityId(AUDIT_MESSAGES.subject)),
  })
  .check(
    z.refine((query) => query.to >= query.from, { error: AUDIT_MESSAGES.order }),
    z.refine((query) => query.to < query.from || daysFromTo(query.from, query.to) <= MAX_AUDIT_DAYS, { error: AUDIT_MESSAGES.tooLong }),
  );
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** What each scheduled job's entry did (functions/lib/privacy/retention.ts), by its action. */
export const JOB_ACTIONS: Record<string, string> = { retention: 'Erased a student after the retention period' };

/** What each audited route did, in an admin's words (a test checks every audited route of the route table has its words). */
export const AUDIT_ACTIONS: Record<string, string> = {
  'POST /auth/register': 'Added a user',
  'POST /auth/password': 'Changed their password',
  'DELETE /auth/sessions/{id}': 'Signed out one of their sessions',
  'DELETE /auth/sessions': 'Signed out all their sessions',
  'DELETE /user/{id}': 'Deleted a user',
  'POST /user/{id}/reset-password': "Reset a user's password",
  'POST /user/{id}/unlock': 'Unlocked a user',
  'DELETE /user/{id}/sessions': 'Signed a user out everywhere',
  'POST /user/invite': 'Invited a user',
  'POST /user/{id}/set-password-link': 'Sent a set-password link',
  'POST /invitation': 'Invited students and guardians',
  'POST /term': 'Added a term',
  'PATCH /term/{id}': 'Changed a term',
  'POST /term/{id}/activate': 'Activated a term',
  'POST /semester': 'Added a semester',
  'PATCH /semester/{id}': 'Renamed a semester',
  'DELETE /semester/{id}': 'Deleted a semester',
  'POST /division': 'Added a division',
  'DELETE /division/delete/{semid}': "Deleted a semester's divisions",
  'PATCH /division/{id}': 'Renamed a division',
  'PATCH /division/{id}/coordinators': "Changed a division's coordinators",
  'DELETE /division/{id}': 'Deleted a division',
  'POST /batch': 'Added a batch',
  'POST /batch/delete': "Deleted a division's batches",
  'PATCH /batch/{id}': 'Renamed a batch',
  'DELETE /batch/{id}': 'Deleted a batch',
  'POST /student/delete': "Deleted a batch's students",
  'POST /student/import': 'Imported students',
  'POST /student': 'Added a student',
  'PATCH /student/updateterm': 'Moved students to the next term',
  'PATCH /student/{id}': 'Changed a student',
  'GET /student/student/{id}': "Read a student's details",
  'DELETE /student/{id}': 'Deleted a student',
  'GET /student/{id}/export': "Downloaded a student's data",
  'POST /student/{id}/data-request': "Asked for a student's data",
  'POST /student/{id}/data-request/fulfil': "Fulfilled a request for a student's data",
  'POST /student/{id}/erase': 'Erased a student',
  'POST /course': 'Added a course',
  'PATCH /course/{id}': 'Renamed a course',
  'DELETE /course/{id}': 'Deleted a course',
  'POST /slot': 'Added a slot',
  'PATCH /slot/{id}': 'Changed a slot',
  'DELETE /slot/{id}': 'Deleted a slot',
  'POST /attendance': 'Marked attendance',
  'PATCH /attendance/{id}': 'Corrected attendance',
  'POST /checkin': 'Opened check-in',
  'POST /checkin/{id}/close': 'Closed check-in',
  'POST /checkin/student': 'Checked in',
  'PATCH /settings': 'Changed the settings',
  'POST /timetable': 'Added a timetable entry',
  'PATCH /timetable/{id}': 'Changed a timetable entry',
  'DELETE /timetable/{id}': 'Deleted a timetable entry',
  'GET /report/student/{id}': "Read a student's attendance",
  'GET /report/student/{id}/standing': "Read a student's standing",
  'POST /leave/student/{id}/attachment': 'Started a leave attachment',
  'POST /leave/student/{id}': 'Applied for leave',
  'GET /leave/student/{id}': "Read a student's leave",
  'GET /leave/{id}': 'Read a leave application',
  'GET /leave/{id}/attachment': "Opened a leave application's attachment",
  'POST /leave/{id}/withdraw': 'Withdrew a leave application',
  'POST /leave/{id}/decision': 'Decided a leave application',
  'POST /leave/{id}/revoke': 'Revoked a leave approval',
};
