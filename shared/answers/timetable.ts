import * as z from 'zod/mini';
import { classKind } from '../schemas/attendance-kinds';
import { userRefShape } from './attendance';

// Answer shapes (shared/api-schemas.ts), kept out of shared/schemas/: the Lambdas load those, and zod schemas
// built at load time cannot be tree-shaken, so each Lambda would carry every answer.

/** A stored entry, as every timetable route answers it. */
export const timetableEntryShape = z.strictObject({
  termid: z.string(),
  weekday: z.number(),
  slotid: z.string(),
  courseid: z.string(),
  classKind,
  groupid: z.string(),
  facultyid: z.string(),
  /** A class of odd or even weeks of the term only (shared/timetable-weeks.ts); absent: every week. */
  weeks: z.optional(z.enum(['odd', 'even'])),
  _id: z.string(),
  /** The group's semester (the course is of it) and division (a batch's, or the division itself). */
  semid: z.string(),
  divisionid: z.string(),
  faculty: userRefShape,
});
export type TimetableEntry = z.output<typeof timetableEntryShape>;

/** An entry with the names a screen shows: course, kind, group (a batch as 'Division 1 / Batch 1A') and slot. */
export const timetableClassShape = z.strictObject({
  entry: timetableEntryShape,
  course: z.string(),
  kind: z.enum(['Lecture', 'Lab']),
  group: z.string(),
  slot: z.string(),
  /** The slot's times, 'HH:MM' college time, when it has them. */
  start: z.optional(z.string()),
  end: z.optional(z.string()),
});
export type TimetableClass = z.output<typeof timetableClassShape>;

/** GET attendance/missing: a date's classes with no attendance, overdue (ended, plus the grace) or still to come. */
export const notMarkedShape = z.strictObject({
  overdue: z.array(timetableClassShape),
  /** Not ended yet: later today (or on a date still to come). */
  later: z.array(timetableClassShape),
});
export type NotMarked = z.output<typeof notMarkedShape>;

/** GET timetable/today: each class of the caller on that date, in slot order, with its session's `_id` once marked. */
export const todayClassShape = z.strictObject({
  ...timetableClassShape.shape,
  marked: z.nullable(z.string()),
});
export type TodayClass = z.output<typeof todayClassShape>;
