import * as z from 'zod/mini';
import { isCalendarDate } from '../dates';
import type { AttendanceStatus, AttendanceStudent } from './attendance';
import { entityId } from './common';

/*
 * Term-scale reports (docs/product.md §2.12): the defaulter list of a semester, division or batch,
 * and one student's record. Both read the attendance summaries, so their cost does not grow with
 * the number of sessions (docs/data-model.md).
 */

export const REPORT_MESSAGES = {
  semid: 'Please select a semester',
  divisionid: 'Please select a division',
  batchid: 'Please select a batch',
  threshold: 'The threshold must be a percentage from 0 to 100',
  from: 'Enter a real start date as YYYY-MM-DD',
  to: 'Enter a real end date as YYYY-MM-DD',
  range: 'The end date must not be before the start date',
  semesterNotFound: 'Semester not found',
  divisionNotFound: 'Division not found in this semester',
  batchNotFound: 'Batch not found in this semester or division',
  studentNotFound: 'Student not found',
  defaulters: 'Defaulter list',
  noStudents: 'No students found',
  record: "Student's record",
} as const;

/** A percentage in a query string: '75', '62.5'. */
const percentageText = z.pipe(
  z.string({ error: REPORT_MESSAGES.threshold }).check(z.trim(), z.regex(/^\d{1,3}(\.\d{1,2})?$/, { error: REPORT_MESSAGES.threshold })),
  z.pipe(
    z.transform((value: string) => Number(value)),
    z.number().check(z.lte(100, { error: REPORT_MESSAGES.threshold })),
  ),
);

/** GET report/defaulters: a semester, optionally one division or batch of it; the threshold defaults to the settings'. */
export const defaultersQuerySchema = z.object({
  semid: entityId(REPORT_MESSAGES.semid),
  divisionid: z.optional(entityId(REPORT_MESSAGES.divisionid)),
  batchid: z.optional(entityId(REPORT_MESSAGES.batchid)),
  threshold: z.optional(percentageText),
});
export type DefaultersQuery = z.input<typeof defaultersQuerySchema>;

const dateText = (message: string) => z.string({ error: message }).check(z.trim(), z.refine(isCalendarDate, { error: message }));

/** GET report/student/{id}: optionally from and to (both included). */
export const recordQuerySchema = z
  .object({ from: z.optional(dateText(REPORT_MESSAGES.from)), to: z.optional(dateText(REPORT_MESSAGES.to)) })
  .check(z.refine((query) => !query.from || !query.to || query.from <= query.to, { error: REPORT_MESSAGES.range }));
export type RecordQuery = z.input<typeof recordQuerySchema>;

export interface NamedRef {
  _id: string;
  name: string;
}

/**
 * A student's standing in one course and kind under the college's rules (docs/product.md §5):
 * `attended` = present + late × lateCounts, `held` = the sessions that count (less excused ones
 * when they are excluded), `percentage` = 100 × attended / held (null when none counts).
 */
export interface CourseStanding {
  courseid: string;
  course: string;
  slotcount: 1 | 2;
  attended: number;
  held: number;
  percentage: number | null;
  /** Under the threshold: how many classes in a row bring the student back to it (null: never, at a threshold of 100). */
  classesNeeded?: number | null;
}

export interface DefaulterRow extends AttendanceStudent {
  division: NamedRef;
  batch: NamedRef;
  courses: CourseStanding[];
  /** All courses and kinds together; null when none counts. */
  overall: number | null;
  /** Under the threshold in any course or overall. */
  below: boolean;
}

/** GET report/defaulters: data. */
export interface DefaulterReport {
  threshold: number;
  students: DefaulterRow[];
}

/** One session of a student's record. */
export interface RecordSession {
  /** The session's `_id` (as GET attendance lists it). */
  _id: string;
  date: string;
  courseid: string;
  course: string;
  slotcount: 1 | 2;
  slotid: string;
  slot: string;
  status: AttendanceStatus;
}

/** GET report/student/{id}: data. */
export interface StudentRecord {
  student: AttendanceStudent & { semester: NamedRef; division: NamedRef; batch: NamedRef };
  threshold: number;
  courses: CourseStanding[];
  overall: number | null;
  /** Newest first. */
  sessions: RecordSession[];
}
