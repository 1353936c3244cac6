import * as z from 'zod/mini';
import { classKind, STATUSES } from '../schemas/attendance-kinds';

// Answer shapes (shared/api-schemas.ts), kept out of shared/schemas/: the Lambdas load those, and zod schemas
// built at load time cannot be tree-shaken, so each Lambda would carry every answer.

/** A student as the attendance answers and reports name one. */
export const attendanceStudentShape = z.strictObject({
  _id: z.string(),
  name: z.string(),
  enrollment: z.string(),
});
export type AttendanceStudent = z.output<typeof attendanceStudentShape>;

export const userRefShape = z.strictObject({
  _id: z.string(),
  username: z.string(),
});
export type UserRef = z.output<typeof userRefShape>;

/** A class of a day by its ids: what a marked session and a check-in are of. */
export const classOfDayFields = { date: z.string(), courseid: z.string(), slotid: z.string(), classKind, groupid: z.string() };

/** POST attendance's 409 to a different mark of a session that exists: which session, who marked it and when. */
export const markConflictShape = z.strictObject({
  _id: z.string(),
  ...classOfDayFields,
  markedBy: userRefShape,
  markedAt: z.string(),
});
export type MarkConflict = z.output<typeof markConflictShape>;

/** POST attendance: the session marked (its id and version), and how many of its expected students were there. */
export const markedClassSessionShape = z.strictObject({
  _id: z.string(),
  version: z.number(),
  date: z.string(),
  groupid: z.string(),
  present: z.number(),
  expected: z.number(),
});
export type MarkedClassSession = z.output<typeof markedClassSessionShape>;

/** One marked session of a group, as GET attendance lists it and PATCH attendance/{id} answers it. */
export const classSessionViewShape = z.strictObject({
  _id: z.string(),
  groupid: z.string(),
  /** What a correction sends back: it is refused (409) once someone else has changed the session. */
  version: z.number(),
  markedBy: userRefShape,
  markedAt: z.string(),
  /** Until when the faculty member who marked it may correct it (admins always may). */
  editableUntil: z.string(),
  /** How many corrections it has had. */
  corrections: z.number(),
  /** Every student expected, in roll order. */
  students: z.array(z.strictObject({ ...attendanceStudentShape.shape, status: z.enum(STATUSES) })),
});
export type ClassSessionView = z.output<typeof classSessionViewShape>;

/** GET attendance: data[0]. */
export const attendanceRecordShape = z.strictObject({
  date: z.string(),
  courseid: z.string(),
  slotid: z.string(),
  classKind,
  /** The sessions found (one per group). */
  sessions: z.array(classSessionViewShape),
  /** Present and late students of every session found. */
  presentStudentsName: z.array(attendanceStudentShape),
});
export type AttendanceRecord = z.output<typeof attendanceRecordShape>;

/** One student's row of GET attendance/criteria. */
export const studentTotalsShape = z.strictObject({
  ...attendanceStudentShape.shape,
  /** Present and late. */
  totalPresent: z.number(),
  /** The sessions the student was expected at. */
  totalLecture: z.number(),
  totalLate: z.number(),
  totalAbsent: z.number(),
  totalExcused: z.number(),
  /** 0–100, unrounded, under the college's rules; null when no session counts. */
  percentage: z.nullable(z.number()),
});
export type StudentTotals = z.output<typeof studentTotalsShape>;

/** GET attendance/criteria: data. */
export const percentageReportShape = z.strictObject({
  totalLecture: z.number(),
  studentData: z.array(studentTotalsShape),
});
export type PercentageReport = z.output<typeof percentageReportShape>;

/** GET attendance/{id}/history: one mark or correction, oldest first. */
export const historyEntryShape = z.strictObject({
  /** The session's version this entry made: 1 is the original mark. */
  version: z.number(),
  by: userRefShape,
  at: z.string(),
  /** null for the original mark. */
  reason: z.nullable(z.string()),
  /** Each student it changed: `from` is null in the original mark. */
  changes: z.array(z.strictObject({ ...attendanceStudentShape.shape, from: z.nullable(z.enum(STATUSES)), to: z.enum(STATUSES) })),
});
export type HistoryEntry = z.output<typeof historyEntryShape>;
