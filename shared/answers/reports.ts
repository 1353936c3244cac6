import * as z from 'zod/mini';
import { classKind, STATUSES } from '../schemas/attendance-kinds';
import { attendanceStudentShape } from './attendance';
import { THRESHOLD_SCOPES } from '../schemas/settings-choices';

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
  classKind,
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
  /** Marked classes an approved leave has excused (or marked present, on duty): docs/product.md §2.17. */
  onLeave: z.number(),
});
export type DefaulterRow = z.output<typeof defaulterRowShape>;

/** GET report/defaulters: data. */
export const defaulterReportShape = z.strictObject({
  threshold: z.number(),
  students: z.array(defaulterRowShape),
});
export type DefaulterReport = z.output<typeof defaulterReportShape>;

/** One session of a student's record. */
export const recordClassSessionShape = z.strictObject({
  /** The session's `_id` (as GET attendance lists it). */
  _id: z.string(),
  date: z.string(),
  courseid: z.string(),
  course: z.string(),
  classKind,
  slotid: z.string(),
  slot: z.string(),
  status: z.enum(STATUSES),
  /** When a correction changed this student's status here: the latest such correction (ISO time, its reason). */
  corrected: z.optional(z.strictObject({ at: z.string(), reason: z.nullable(z.string()) })),
});
export type RecordClassSession = z.output<typeof recordClassSessionShape>;

/** Why a projection cannot count the classes still to come. */
export const UNKNOWN_REMAINING = ['noLastDay', 'noTimetable'] as const;

/**
 * A standing and what it can still become (docs/product.md §5): the counts as the college counts them,
 * then, from the classes the timetable still has until the term's last day, how many in a row bring the
 * student back to the threshold and how many may be missed staying at it.
 */
export const projectionShape = z.strictObject({
  attended: z.number(),
  held: z.number(),
  percentage: z.nullable(z.number()),
  /** Under the threshold now. */
  below: z.boolean(),
  /** Classes in a row to attend to reach the threshold: 0 at or above it; null when no number of classes can (a threshold of 100 after a miss). */
  classesNeeded: z.nullable(z.number()),
  /** Classes the timetable still has until the term's last day (today's not yet marked included, holidays skipped); null when unknown. */
  remaining: z.nullable(z.number()),
  /** Why `remaining` is unknown: the term has no last day, or the timetable has no class of this course and kind for the student. */
  unknown: z.optional(z.enum(UNKNOWN_REMAINING)),
  /** How many of the remaining classes may be missed staying at or above the threshold (0 when none); null when remaining is unknown. */
  canMiss: z.nullable(z.number()),
  /** The percentage when every remaining class is attended; null when remaining is unknown or nothing would count. */
  best: z.nullable(z.number()),
});
export type Projection = z.output<typeof projectionShape>;

export const courseProjectionShape = z.strictObject({
  courseid: z.string(),
  course: z.string(),
  classKind,
  ...projectionShape.shape,
});
export type CourseProjection = z.output<typeof courseProjectionShape>;

const recordStudentShape = z.strictObject({
  ...attendanceStudentShape.shape,
  semester: namedRefShape,
  division: namedRefShape,
  batch: namedRefShape,
});

/** GET report/student/{id}/standing: data. */
export const studentStandingShape = z.strictObject({
  student: recordStudentShape,
  /** Today in college time: the projections count the classes from this date. */
  asOf: z.string(),
  threshold: z.number(),
  /** Whether the college's threshold applies to each course and kind or to the overall percentage. */
  thresholdApplies: z.enum(THRESHOLD_SCOPES),
  /** The term's last day; null when not set. */
  lastDay: z.nullable(z.string()),
  courses: z.array(courseProjectionShape),
  overall: projectionShape,
});
export type StudentStanding = z.output<typeof studentStandingShape>;

/** GET report/student/{id}: data. */
export const studentRecordShape = z.strictObject({
  student: recordStudentShape,
  threshold: z.number(),
  courses: z.array(courseStandingShape),
  overall: z.nullable(z.number()),
  /** Newest first. */
  sessions: z.array(recordClassSessionShape),
});
export type StudentRecord = z.output<typeof studentRecordShape>;
