import * as z from 'zod/mini';
import { daysFromTo, todayIn } from '../dates';
import { hasInvisibleCharacters, normalizeText, TEXT_MESSAGES } from '../text/normalize';
import { calendarDate, entityId } from './common';
import { MARK_BACK_DAYS_LABEL } from './settings';
import { classKind, STATUSES, type AttendanceStatus } from './attendance-kinds';
import { MAX_VIEW_DAYS } from '../attendance-words';

export { CORRECTED, MAX_VIEW_DAYS, NOT_FOUND } from '../attendance-words';

export const DUPLICATE_MARK = 'Attendance for this date, course, and slot already exists';
export const SESSION_NOT_FOUND = 'Attendance session not found';
/** 409 to a correction made on a version someone else has changed since: `data` is the session as it stands. */
export const CORRECTION_CONFLICT =
  'Someone else changed this attendance meanwhile. Here it is as it stands now; correct it again if needed.';
/** Why a mark is refused before anything is written (docs/product.md §3, §5). */
export const MARK_MESSAGES = {
  termNotActive: "This course's term is not active: attendance can be marked only in an active term",
  outsideTerm: (start: string | null, end: string | null) =>
    `This date is outside the term (${start ? `from ${start}` : ''}${start && end ? ' ' : ''}${end ? `to ${end}` : ''}): attendance can be marked only on the term's days`,
  tooFarBack: (days: number, earliest: string) =>
    `Faculty can mark attendance at most ${days} ${days === 1 ? 'day' : 'days'} back (from ${earliest}), as the college's setting "${MARK_BACK_DAYS_LABEL}" says: ask an admin to mark an older date`,
  groupTooLarge: (groupKind: string, students: number, bytes: number, limit: number) =>
    `This ${groupKind} is too large to store as one attendance session: its ${students} students' names and enrollments need ${Math.ceil(bytes / 1024)} KB, and a session holds at most ${Math.floor(limit / 1024)} KB. Split it into smaller ${groupKind === 'batch' ? 'batches' : 'divisions'} or shorten the names.`,
} as const;

export { classKind, STATUSES, type AttendanceStatus } from './attendance-kinds';
export { CLASS_KINDS, type ClassKind } from './wire-names';
/** What the attendance routes answer: shared/answers/attendance.ts. */
export type {
  AttendanceRecord,
  AttendanceStudent,
  HistoryEntry,
  MarkConflict,
  MarkedClassSession,
  PercentageReport,
  ClassSessionView,
  StudentTotals,
  UserRef,
} from '../answers/attendance';
/** Present and late students are the ones who were there (presentStudentsName, totalPresent). */
export const wasThere = (status: AttendanceStatus): boolean => status === 'present' || status === 'late';

const attendanceStatus = z.enum(STATUSES, { error: 'A status must be present, late, absent or excused' });
const MAX_STUDENTS = 1000;

/** `{ [studentId]: status }`, at most 1000 students. */
const statusMap = (message: string) =>
  z
    .record(z.string().check(z.minLength(1), z.maxLength(64)), attendanceStatus, { error: message })
    .check(z.refine((map) => Object.keys(map).length <= MAX_STUDENTS, { error: `At most ${MAX_STUDENTS} students at once` }));

export const FUTURE_DATE = 'Attendance cannot be marked for a future date';
/**
 * No date after today anywhere on Earth (UTC+14): the schema cannot know the college's time zone; the
 * server then refuses a date after today in college time (functions/lib/attendance/marking.ts).
 */
const markDate = calendarDate('Enter a real date as YYYY-MM-DD').check(
  z.refine((date) => date <= todayIn('Pacific/Kiritimati'), { error: FUTURE_DATE }),
);

export const markSchema = z.object({
  presentStudentIds: z
    .array(entityId('Each present student must be an id'), { error: 'presentStudentData must be a list of student ids' })
    .check(
      z.maxLength(1000, { error: 'At most 1000 students at once' }),
      z.refine((ids) => new Set(ids).size === ids.length, { error: 'A student is listed twice' }),
    ),
  date: markDate,
  slotid: entityId('Please select a slot'),
  classKind,
  courseid: entityId('Please select a course'),
  groupid: z.optional(entityId('Please select a division or batch')),
  /** Wins over presentStudentIds for the students it names. */
  statuses: z.optional(statusMap('statuses must map student ids to present, late, absent or excused')),
  /**
   * Made by the client once per mark (docs/product.md §4, marking offline): the same mark sent again
   * answers 200 with the session it stored, not 409.
   */
  clientMarkId: z.optional(z.uuid({ error: 'clientMarkId must be a UUID' })),
});
export type MarkInput = z.infer<typeof markSchema>;

export { MARK_ALREADY_STORED } from '../messages';

export const REASON_MESSAGE = 'Give the reason for the correction (3 to 500 characters)';

/** PATCH attendance/{id}: the students whose status changes, why, and the version the client read. */
export const correctionSchema = z.object({
  statuses: statusMap('statuses must map student ids to their new status').check(
    z.refine((map) => Object.keys(map).length > 0, { error: 'Choose at least one student whose status changes' }),
  ),
  // One line, shown to everyone in the history: control characters (CR and LF too, which the
  // form's one-line field cannot type) and bidi overrides are refused before spaces are collapsed.
  reason: z.string({ error: REASON_MESSAGE }).check(
    z.refine((text) => !hasInvisibleCharacters(text), { error: TEXT_MESSAGES.invisible('Reason') }),
    z.overwrite(normalizeText),
    z.minLength(3, { error: REASON_MESSAGE }),
    z.maxLength(500, { error: REASON_MESSAGE }),
  ),
  version: z
    .int({ error: 'Send the version of the attendance you read' })
    .check(z.gte(1, { error: 'Send the version of the attendance you read' })),
});
export type CorrectionInput = z.infer<typeof correctionSchema>;

export const VIEW_QUERY_MESSAGES = {
  endBeforeStart: 'The end date must not be before the start date',
  tooManyDays: `Attendance by date covers at most ${MAX_VIEW_DAYS} days at once: choose an end date closer to the start date`,
} as const;

export const viewQuerySchema = z
  .object({
    date: calendarDate('Enter a real date as YYYY-MM-DD'),
    /** Optional: from `date` to `enddate`, one record per day that has sessions. */
    enddate: z.optional(calendarDate('Enter a real end date as YYYY-MM-DD')),
    slotid: entityId('Please select a slot'),
    classKind,
    courseid: entityId('Please select a course'),
    groupid: z.optional(entityId('Please select a division or batch')),
  })
  .check(
    z.refine((query) => !query.enddate || query.enddate >= query.date, { error: VIEW_QUERY_MESSAGES.endBeforeStart }),
    z.refine((query) => !query.enddate || query.enddate < query.date || daysFromTo(query.date, query.enddate) <= MAX_VIEW_DAYS, {
      error: VIEW_QUERY_MESSAGES.tooManyDays,
    }),
  );

/** GET attendance's query as the client sends it. */
export type ViewQuery = z.input<typeof viewQuerySchema>;

export const criteriaQuerySchema = z
  .object({
    startdate: calendarDate('Enter a real start date as YYYY-MM-DD'),
    enddate: z.optional(calendarDate('Enter a real end date as YYYY-MM-DD')),
    /** Optional: one slot's sessions only (without it, every slot of the course). */
    slotid: z.optional(entityId('Please select a slot')),
    classKind,
    courseid: entityId('Please select a course'),
    groupid: z.optional(entityId('Please select a division or batch')),
  })
  .check(z.refine((query) => !query.enddate || query.enddate >= query.startdate, { error: VIEW_QUERY_MESSAGES.endBeforeStart }));

/** GET attendance/criteria's query as the client sends it. */
export type CriteriaQuery = z.input<typeof criteriaQuerySchema>;
