import * as z from 'zod/mini';
import { isCalendarDate, todayUtc } from '../dates';
import { entityId } from './common';

export const DUPLICATE_MARK = 'Attendance for this date, course, and slot already exists';
export const NOT_FOUND = 'Attendance data not found!!!';

const calendarDate = (message: string) => z.string({ error: message }).check(z.trim(), z.refine(isCalendarDate, { error: message }));

const markDate = calendarDate('Enter a real date as YYYY-MM-DD').check(
  z.refine((date) => date <= todayUtc(), { error: 'Attendance cannot be marked for a future date' }),
);

export const slotKind = z.union([z.literal(1), z.literal(2)], { error: 'Slot count must be 1 (Lecture) or 2 (Lab)' });

export const markSchema = z.object({
  presentStudentData: z
    .array(entityId('Each present student must be an id'), { error: 'presentStudentData must be a list of student ids' })
    .check(
      z.maxLength(1000, { error: 'At most 1000 students at once' }),
      z.refine((ids) => new Set(ids).size === ids.length, { error: 'A student is listed twice' }),
    ),
  date: markDate,
  slotid: entityId('Please select a slot'),
  slotcount: slotKind,
  courseid: entityId('Please select a course'),
  groupid: z.optional(entityId('Please select a division or batch')),
});
export type MarkInput = z.infer<typeof markSchema>;

/** POST attendance: the session marked, and how many of its expected students were present. */
export interface MarkedSession {
  date: string;
  groupid: string;
  present: number;
  expected: number;
}

/** Query strings carry text: slotcount arrives as '1' or '2'. */
const slotKindText = z.pipe(
  z.enum(['1', '2'], { error: 'Slot count must be 1 (Lecture) or 2 (Lab)' }),
  z.transform((value) => Number(value) as 1 | 2),
);

export const viewQuerySchema = z.object({
  date: calendarDate('Enter a real date as YYYY-MM-DD'),
  slotid: entityId('Please select a slot'),
  slotcount: slotKindText,
  courseid: entityId('Please select a course'),
  groupid: z.optional(entityId('Please select a division or batch')),
});

/** GET attendance's query as the client sends it (text: slotcount '1' or '2'). */
export type ViewQuery = z.input<typeof viewQuerySchema>;

export const criteriaQuerySchema = z
  .object({
    startdate: calendarDate('Enter a real start date as YYYY-MM-DD'),
    enddate: z.optional(calendarDate('Enter a real end date as YYYY-MM-DD')),
    slotcount: slotKindText,
    courseid: entityId('Please select a course'),
    groupid: z.optional(entityId('Please select a division or batch')),
  })
  .check(
    z.refine((query) => !query.enddate || query.enddate >= query.startdate, { error: 'The end date must not be before the start date' }),
  );

/** GET attendance/criteria's query as the client sends it. */
export type CriteriaQuery = z.input<typeof criteriaQuerySchema>;

export interface AttendanceStudent {
  _id: string;
  name: string;
  enrollment: string;
}

/** GET attendance: data[0]. */
export interface AttendanceRecord {
  date: string;
  courseid: string;
  slotid: string;
  slotcount: 1 | 2;
  sessions: number;
  presentStudentsName: AttendanceStudent[];
}

/** GET attendance/criteria: data. */
export interface PercentageReport {
  totalLecture: number;
  studentData: (AttendanceStudent & { totalPresent: number; totalLecture: number })[];
}
