import * as z from 'zod/mini';
import { todayIn } from '../dates';
import { hasInvisibleCharacters, normalizeText, TEXT_MESSAGES } from '../text/normalize';
import { calendarDate, entityId } from './common';
import { MARK_BACK_DAYS_LABEL } from './settings';

export const DUPLICATE_MARK = 'Attendance for this date, course, and slot already exists';
export const NOT_FOUND = 'Attendance data not found!!!';
export const SESSION_NOT_FOUND = 'Attendance session not found';
/** 409 to a correction made on a version someone else has changed since: `data` is the session as it stands. */
export const CORRECTION_CONFLICT =
  'Someone else changed this attendance meanwhile. Here it is as it stands now; correct it again if needed.';
export const CORRECTED = 'Attendance corrected';
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

/** docs/product.md §3: late counts as present (weighted by the settings' lateCounts); excused is leave or medical. */
export const STATUSES = ['present', 'late', 'absent', 'excused'] as const;
export type AttendanceStatus = (typeof STATUSES)[number];
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
  /** Wins over presentStudentData for the students it names. */
  statuses: z.optional(statusMap('statuses must map student ids to present, late, absent or excused')),
  /**
   * Made by the client once per mark (docs/product.md §4, marking offline): the same mark sent again
   * answers 200 with the session it stored, not 409.
   */
  clientMarkId: z.optional(z.uuid({ error: 'clientMarkId must be a UUID' })),
});
export type MarkInput = z.infer<typeof markSchema>;

/** 200 to a mark whose clientMarkId the session already carries: it was stored when first sent. */
export const MARK_ALREADY_STORED = 'This attendance was already received and stored';

/** POST attendance's 409 to a different mark of a session that exists: which session, who marked it and when. */
export interface MarkConflict {
  _id: string;
  date: string;
  courseid: string;
  slotid: string;
  slotcount: 1 | 2;
  groupid: string;
  markedBy: UserRef;
  markedAt: string;
}

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

/** POST attendance: the session marked (its id and version), and how many of its expected students were there. */
export interface MarkedSession {
  _id: string;
  version: number;
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

export interface UserRef {
  _id: string;
  username: string;
}

/** One marked session of a group, as GET attendance lists it and PATCH attendance/{id} answers it. */
export interface SessionView {
  _id: string;
  groupid: string;
  /** What a correction sends back: it is refused (409) once someone else has changed the session. */
  version: number;
  markedBy: UserRef;
  markedAt: string;
  /** Until when the faculty member who marked it may correct it (admins always may). */
  editableUntil: string;
  /** How many corrections it has had. */
  corrections: number;
  /** Every student expected, in roll order. */
  students: (AttendanceStudent & { status: AttendanceStatus })[];
}

/** GET attendance: data[0]. */
export interface AttendanceRecord {
  date: string;
  courseid: string;
  slotid: string;
  slotcount: 1 | 2;
  /** The sessions found (one per group). */
  sessions: SessionView[];
  /** Present and late students of every session found. */
  presentStudentsName: AttendanceStudent[];
}

/** One student's row of GET attendance/criteria. */
export interface StudentTotals extends AttendanceStudent {
  /** Present and late. */
  totalPresent: number;
  /** The sessions the student was expected at. */
  totalLecture: number;
  totalLate: number;
  totalAbsent: number;
  totalExcused: number;
  /** 0–100, unrounded, under the college's rules; null when no session counts. */
  percentage: number | null;
}

/** GET attendance/criteria: data. */
export interface PercentageReport {
  totalLecture: number;
  studentData: StudentTotals[];
}

/** GET attendance/{id}/history: one mark or correction, oldest first. */
export interface HistoryEntry {
  /** The session's version this entry made: 1 is the original mark. */
  version: number;
  by: UserRef;
  at: string;
  /** null for the original mark. */
  reason: string | null;
  /** Each student it changed: `from` is null in the original mark. */
  changes: (AttendanceStudent & { from: AttendanceStatus | null; to: AttendanceStatus })[];
}
