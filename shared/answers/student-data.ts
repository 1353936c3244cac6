import * as z from 'zod/mini';
import { auditEntryShape } from './audit';
import { lastSignInShape } from './auth';
import { leaveApplicationShape } from './leave';
import { courseStandingShape, recordClassSessionShape, studentRecordShape } from './reports';
import { studentShape } from './structure';

// Answer shapes (shared/api-schemas.ts), kept out of shared/schemas/ (see shared/answers/auth.ts).

const by = z.strictObject({ _id: z.string(), username: z.string(), role: z.string() });

/**
 * A request for a student's data (docs/product.md §2.21): made by the student, a guardian or an admin; fulfilled by
 * an admin, after which the student and their guardians may download the export until `readyUntil`.
 */
export const dataRequestShape = z.strictObject({
  studentid: z.string(),
  status: z.enum(['requested', 'ready']),
  requestedAt: z.string(),
  requestedBy: by,
  fulfilledAt: z.optional(z.string()),
  fulfilledBy: z.optional(by),
  readyUntil: z.optional(z.string()),
});
export type DataRequest = z.output<typeof dataRequestShape>;

/** An open request as admins list it, with whose data it is. */
export const listedDataRequestShape = z.strictObject({
  ...dataRequestShape.shape,
  student: z.nullable(z.strictObject({ name: z.string(), enrollment: z.string() })),
});
export type ListedDataRequest = z.output<typeof listedDataRequestShape>;

/** One check-in of the student's, named. */
export const exportedCheckInShape = z.strictObject({
  date: z.string(),
  course: z.string(),
  slot: z.string(),
  classKind: z.enum(['lecture', 'lab']),
  at: z.string(),
  flags: z.array(z.string()),
});

/** One alert email sent to the student or to a guardian about them (kept 8 weeks). */
export const exportedAlertShape = z.strictObject({
  job: z.string(),
  period: z.string(),
  /** 'the student', or the guardian's address. */
  to: z.string(),
  state: z.string(),
  sentAt: z.optional(z.string()),
});

/** Everything SAMS holds about one student (GET student/{id}/export): every kind of item, named for a reader. */
export const studentDataShape = z.strictObject({
  exportedAt: z.string(),
  college: z.string(),
  student: studentShape,
  place: z.strictObject({ term: z.string(), semester: z.string(), division: z.string(), batch: z.string() }),
  /** Their sign-in: the account, its last sign-in and the browsers signed in now; null when they never had one. */
  account: z.nullable(
    z.strictObject({
      email: z.string(),
      invitedAt: z.optional(z.string()),
      lastSignIn: z.optional(lastSignInShape),
      sessions: z.array(z.strictObject({ device: z.string(), signedInAt: z.string(), lastSeenAt: z.string() })),
    }),
  ),
  /** Marks and corrections: every class session of their record, and their standing per course. */
  record: studentRecordShape,
  /** Their marks in the courses of earlier semesters (before a change of term): the class sessions and standings. */
  earlier: z.strictObject({ courses: z.array(courseStandingShape), sessions: z.array(recordClassSessionShape) }),
  leave: z.array(leaveApplicationShape),
  checkIns: z.array(exportedCheckInShape),
  alerts: z.array(exportedAlertShape),
  /** The audit trail's entries about them (reads and changes of their data) and by them. */
  audit: z.array(auditEntryShape),
  dataRequest: z.nullable(dataRequestShape),
});
export type StudentData = z.output<typeof studentDataShape>;

/** POST student/{id}/erase: what went. */
export const erasedStudentShape = z.strictObject({
  _id: z.string(),
  erasedAt: z.string(),
  removed: z.record(z.string(), z.number()),
});
export type ErasedStudent = z.output<typeof erasedStudentShape>;
