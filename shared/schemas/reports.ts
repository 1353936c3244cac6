import * as z from 'zod/mini';
import { isCalendarDate } from '../dates';
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
  courseid: 'Please select a course',
  courseNotOfStudent: "Course not found in the student's semester",
  defaulters: 'Defaulter list',
  noStudents: 'No students found',
  record: "Student's record",
  standing: 'Attendance standing',
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

/** GET report/student/{id}: optionally from and to (both included), and one course of the student's semester. */
export const recordQuerySchema = z
  .object({
    from: z.optional(dateText(REPORT_MESSAGES.from)),
    to: z.optional(dateText(REPORT_MESSAGES.to)),
    courseid: z.optional(entityId(REPORT_MESSAGES.courseid)),
  })
  .check(z.refine((query) => !query.from || !query.to || query.from <= query.to, { error: REPORT_MESSAGES.range }));
export type RecordQuery = z.input<typeof recordQuerySchema>;

/** What the report routes answer: shared/answers/reports.ts. */
export type {
  CourseProjection,
  CourseStanding,
  DefaulterReport,
  DefaulterRow,
  NamedRef,
  Projection,
  RecordClassSession,
  StudentRecord,
  StudentStanding,
} from '../answers/reports';
