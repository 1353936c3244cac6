import * as z from 'zod/mini';
import { slotKind, STATUSES } from '../schemas/attendance-kinds';
import { attendanceStudentShape } from './attendance';

// Answer shapes (shared/api-schemas.ts), kept out of shared/schemas/: the Lambdas load those, and zod schemas
// built at load time cannot be tree-shaken, so each Lambda would carry every answer.

export const namedRefShape = z.strictObject({
  _id: z.string(),
  name: z.string(),
});
export type NamedRef = z.output<typeof namedRefShape>;

/**
 * A student's standing in one course and kind under the college's rules (docs/product.md §5):
 * `attended` = present + late × lateCounts, `held` = the sessions that count (less excused ones
 * when they are excluded), `percentage` = 100 × attended / held (null when none counts).
 */
export const courseStandingShape = z.strictObject({
  courseid: z.string(),
  course: z.string(),
  slotcount: slotKind,
  attended: z.number(),
  held: z.number(),
  percentage: z.nullable(z.number()),
  /** Under the threshold: how many classes in a row bring the student back to it (null: never, at a threshold of 100). */
  classesNeeded: z.optional(z.nullable(z.number())),
});
export type CourseStanding = z.output<typeof courseStandingShape>;

export const defaulterRowShape = z.strictObject({
  ...attendanceStudentShape.shape,
  division: namedRefShape,
  batch: namedRefShape,
  courses: z.array(courseStandingShape),
  /** All courses and kinds together; null when none counts. */
  overall: z.nullable(z.number()),
  /** Under the threshold in any course or overall. */
  below: z.boolean(),
});
export type DefaulterRow = z.output<typeof defaulterRowShape>;

/** GET report/defaulters: data. */
export const defaulterReportShape = z.strictObject({
  threshold: z.number(),
  students: z.array(defaulterRowShape),
});
export type DefaulterReport = z.output<typeof defaulterReportShape>;

/** One session of a student's record. */
export const recordSessionShape = z.strictObject({
  /** The session's `_id` (as GET attendance lists it). */
  _id: z.string(),
  date: z.string(),
  courseid: z.string(),
  course: z.string(),
  slotcount: slotKind,
  slotid: z.string(),
  slot: z.string(),
  status: z.enum(STATUSES),
});
export type RecordSession = z.output<typeof recordSessionShape>;

/** GET report/student/{id}: data. */
export const studentRecordShape = z.strictObject({
  student: z.strictObject({ ...attendanceStudentShape.shape, semester: namedRefShape, division: namedRefShape, batch: namedRefShape }),
  threshold: z.number(),
  courses: z.array(courseStandingShape),
  overall: z.nullable(z.number()),
  /** Newest first. */
  sessions: z.array(recordSessionShape),
});
export type StudentRecord = z.output<typeof studentRecordShape>;
