import * as z from 'zod/mini';
import { calendarDate, entityId, optionalText, requiredText } from './common';
import { CLASS_KINDS } from './wire-names';

/*
 * Leave, on-duty and medical applications (docs/product.md §2.17): a student or guardian applies, a
 * coordinator of the student's division or an admin decides, and an approved leave marks the classes it
 * covers excused (or present, for the kinds that count so).
 */

export const LEAVE_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn', 'revoked'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
/** An open (pending) or approved application blocks another over the same classes. */
export const BLOCKING_STATUSES: readonly LeaveStatus[] = ['pending', 'approved'];

/** What may be attached: a photo or scan of a certificate, or a PDF. */
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
/** At most this many chosen classes in one application. */
export const MAX_CHOSEN_CLASSES = 100;

export const LEAVE_MESSAGES = {
  kind: 'Choose the kind of leave',
  unknownKind: (kinds: string[]) => `Choose one of the college's kinds of leave: ${kinds.join(', ')}`,
  from: 'Enter the first day of the leave as YYYY-MM-DD',
  to: 'Enter the last day of the leave as YYYY-MM-DD',
  order: 'The last day must not be before the first day',
  reason: 'Say why you are applying',
  classes: `Choose from 1 to ${MAX_CHOSEN_CLASSES} classes, or leave the choice out for whole days`,
  classOutside: 'Each chosen class must fall between the first and the last day',
  tooLong: (kind: string, max: number) => `${kind} leave can be at most ${max} day${max === 1 ? '' : 's'} long`,
  tooFarBack: (days: number, earliest: string) =>
    `Leave may start at most ${days} day${days === 1 ? '' : 's'} back: choose ${earliest} or later`,
  certificateNeeded: (kind: string, days: number) =>
    days === 0
      ? `${kind} leave needs a certificate: attach it`
      : `${kind} leave over ${days} day${days === 1 ? '' : 's'} needs a certificate: attach it`,
  overlaps: (id: string, from: string, to: string, status: string) =>
    `This overlaps application ${id} (${from} to ${to}, ${status}): withdraw it or choose other days`,
  fileName: 'Name the file being attached',
  fileType: 'Attach a photo (JPEG, PNG, WebP, HEIC) or a PDF',
  fileSize: `Attach a file of at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB`,
  uploadMissing: 'The attachment was not uploaded, or its upload expired: attach it again',
  uploadInvalid: `The attachment must be a photo or a PDF of at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB: attach another`,
  noAttachment: 'This application has no attachment',
  notFound: 'Leave application not found',
  studentNotFound: 'Student not found',
  notYours: 'Only the student, their guardians, the coordinators of their division and admins can see this application',
  notCoordinator: "Only a coordinator of the student's division or an admin can decide this application",
  notApplicant: 'Only the student, their guardians or an admin can withdraw this application',
  notPending: (status: string) => `This application is ${status}: only a pending one can be decided or withdrawn`,
  notApproved: (status: string) => `This application is ${status}: only an approved one can be revoked`,
  changed: 'This application changed since you opened it: look again and decide',
  decision: "Decide 'approve' or 'reject'",
  comment: 'At most 500 characters',
  revokeComment: 'Say why the leave is revoked',
  version: 'Reload the application and try again',
  status: `Filter by one of: ${LEAVE_STATUSES.join(', ')}`,
  groupid: 'Please choose the division or batch',
  date: 'Enter a real date as YYYY-MM-DD',
  applied: 'Application sent',
  withdrawn: 'Application withdrawn',
  approved: 'Leave approved',
  rejected: 'Application rejected',
  revoked: 'Leave revoked',
  list: 'Leave applications',
  none: 'No leave applications',
  uploadReady: 'Upload the file with this form',
  link: 'Attachment link',
  onLeave: 'Students on leave',
} as const;
const M = LEAVE_MESSAGES;

/** One class of a day: chosen by its date, slot, course and kind (1 lecture, 2 lab). */
export const leaveClassSchema = z.object({
  date: calendarDate(M.date),
  slotid: entityId(M.classes),
  courseid: entityId(M.classes),
  classKind: z.enum(CLASS_KINDS, { error: M.classes }),
});
export type LeaveClass = z.output<typeof leaveClassSchema>;

/** POST leave/student/{id}: an application; without `classes`, it covers whole days. */
export const leaveApplicationSchema = z
  .object({
    kind: requiredText(M.kind, 40, 'Kind of leave'),
    from: calendarDate(M.from),
    to: calendarDate(M.to),
    classes: z.optional(
      z
        .array(leaveClassSchema, { error: M.classes })
        .check(z.minLength(1, { error: M.classes }), z.maxLength(MAX_CHOSEN_CLASSES, { error: M.classes })),
    ),
    reason: requiredText(M.reason, 500, 'Reason'),
    /** An upload made with POST leave/student/{id}/attachment. */
    attachment: z.optional(z.object({ uploadId: entityId(M.uploadMissing), name: requiredText(M.fileName, 200, 'File name') })),
  })
  .check(
    z.refine((input) => input.to >= input.from, { error: M.order, path: ['to'] }),
    z.refine((input) => (input.classes ?? []).every((one) => one.date >= input.from && one.date <= input.to), {
      error: M.classOutside,
      path: ['classes'],
    }),
  );
export type LeaveApplicationInput = z.output<typeof leaveApplicationSchema>;

/** POST leave/student/{id}/attachment: the file about to be uploaded. */
export const uploadRequestSchema = z.object({
  name: requiredText(M.fileName, 200, 'File name'),
  type: z.enum(ATTACHMENT_TYPES, { error: M.fileType }),
  bytes: z.int({ error: M.fileSize }).check(z.gte(1, { error: M.fileSize }), z.lte(MAX_ATTACHMENT_BYTES, { error: M.fileSize })),
});

const version = z.int({ error: M.version }).check(z.gte(1, { error: M.version }));

/** POST leave/{id}/decision. */
export const decisionSchema = z.object({
  decision: z.enum(['approve', 'reject'], { error: M.decision }),
  comment: z.optional(optionalText(M.comment, 500, 'Comment')),
  version,
});
export type LeaveDecision = z.output<typeof decisionSchema>;

/** POST leave/{id}/withdraw. */
export const withdrawSchema = z.object({ version });

/** POST leave/{id}/revoke: an admin says why. */
export const revokeSchema = z.object({ comment: requiredText(M.revokeComment, 500, 'Comment'), version });

/** GET leave: the applications a coordinator or admin may decide, filtered (of every status when none is given). */
export const leaveListQuerySchema = z.object({
  status: z.optional(z.enum(LEAVE_STATUSES, { error: M.status })),
  divisionid: z.optional(entityId(M.groupid)),
  kind: z.optional(requiredText(M.kind, 40, 'Kind of leave')),
});

/** GET leave/group/{groupid}: who is on leave on a date, for the marking form. */
export const onLeaveQuerySchema = z.object({ date: calendarDate(M.date) });

/** GET leave/student/{id}/classes: the student's timetable classes between two days (to choose from). */
export const studentClassesQuerySchema = z
  .object({ from: calendarDate(M.from), to: calendarDate(M.to) })
  .check(z.refine((input) => input.to >= input.from, { error: M.order, path: ['to'] }));
