import * as z from 'zod/mini';
import { LEAVE_STATUSES, ATTACHMENT_TYPES } from '../schemas/leave';
import { CLASS_KINDS } from '../schemas/wire-names';

// Answer shapes (shared/api-schemas.ts), kept out of shared/schemas/: the Lambdas load those, and zod schemas
// built at load time cannot be tree-shaken, so each Lambda would carry every answer.

const leaveClassShape = z.strictObject({
  date: z.string(),
  slotid: z.string(),
  courseid: z.string(),
  classKind: z.enum(CLASS_KINDS),
});

/** One step of an application's life: who applied, decided, withdrew or revoked it, when, and what they said. */
export const leaveStepShape = z.strictObject({
  action: z.enum(['applied', 'approved', 'rejected', 'withdrawn', 'revoked']),
  at: z.string(),
  by: z.strictObject({ _id: z.string(), username: z.string(), role: z.string() }),
  comment: z.optional(z.string()),
});

/** A leave, on-duty or medical application (docs/product.md §2.17). */
export const leaveApplicationShape = z.strictObject({
  _id: z.string(),
  /** Its short reference, as messages and emails name it: 'K7P2QX'. */
  ref: z.string(),
  /** Its state's number: a decision, withdrawal or revocation names the one it read. */
  version: z.number(),
  studentid: z.string(),
  student: z.strictObject({ name: z.string(), enrollment: z.string() }),
  divisionid: z.string(),
  batchid: z.string(),
  kind: z.string(),
  /** How its classes count once approved (the kind's rule when it was applied for). */
  countsAs: z.enum(['excused', 'present']),
  from: z.string(),
  to: z.string(),
  /** The chosen classes; absent: whole days. */
  classes: z.optional(z.array(leaveClassShape)),
  reason: z.string(),
  attachment: z.optional(z.strictObject({ name: z.string(), type: z.enum(ATTACHMENT_TYPES), bytes: z.number() })),
  status: z.enum(LEAVE_STATUSES),
  history: z.array(leaveStepShape),
  /** Marked classes the approved leave has set: excused or present. */
  classesOnLeave: z.number(),
  /** Approved or revoked, and its classes not all set yet (the next decision call or the jobs finish it). */
  applying: z.boolean(),
});
export type LeaveApplication = z.output<typeof leaveApplicationShape>;

/** A class an application covers, as the coordinator sees it before deciding. */
export const coveredClassShape = z.strictObject({
  ...leaveClassShape.shape,
  courseName: z.string(),
  /** The student's status there now; null: not marked yet. */
  status: z.nullable(z.enum(['present', 'absent', 'late', 'excused'])),
});

export type CoveredClass = z.output<typeof coveredClassShape>;

/** GET leave/{id}: the application and the classes it covers. */
export const leaveDetailShape = z.strictObject({ application: leaveApplicationShape, covers: z.array(coveredClassShape) });

/** A class of the student's timetable on a day (to choose from when applying for some classes only). */
export const studentClassShape = z.strictObject({
  ...leaveClassShape.shape,
  courseName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
});

export type StudentClass = z.output<typeof studentClassShape>;

/** POST leave/student/{id}/attachment: where and how the browser uploads the file, straight to storage. */
export const uploadFormShape = z.strictObject({
  uploadId: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  expiresAt: z.string(),
  maxBytes: z.number(),
});

/** GET leave/{id}/attachment: a short-lived link to the file. */
export const attachmentLinkShape = z.strictObject({ url: z.string(), name: z.string(), type: z.string() });

/** GET leave/group/{groupid}: a student on approved leave on that day, for the marking form. */
export const onLeaveShape = z.strictObject({
  studentid: z.string(),
  leaveid: z.string(),
  kind: z.string(),
  status: z.enum(['excused', 'present']),
  /** The classes of the day it covers; absent: all of them. */
  classes: z.optional(z.array(z.strictObject({ slotid: z.string(), courseid: z.string(), classKind: z.enum(CLASS_KINDS) }))),
});
export type OnLeave = z.output<typeof onLeaveShape>;
