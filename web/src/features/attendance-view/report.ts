import type { AttendanceStudent, PercentageReport, ClassSessionView } from '@shared/schemas/attendance';
import type { ClassKind } from '@shared/schemas/wire-names';
import { CLASS_KIND_LABELS } from '@shared/constants';
import { csvText, safeFileName } from '@web/lib/csv';

/*
 * The report shown on the view screen and exported as PDF and CSV: pure functions, so the table,
 * the PDF and the CSV cannot disagree.
 */

export type ReportMode = 'date' | 'percentage';

/** Students under this percentage are highlighted (changeable on the screen). */
export const DEFAULT_THRESHOLD = 75;

/** What the report is about, by name: the PDF's header line and the file name are made of it. */
export interface ReportContext {
  semester: string;
  course: string;
  classKind: ClassKind;
  /** The slot's name; empty for percentages over every slot of the course. */
  slot: string;
  /** The division (lecture) or batch (lab) filtered to, when one was chosen. */
  group?: string;
  date: string;
  /** When an end date after the start date was given (date mode: each day of the range). */
  enddate?: string;
}

/** The divisions' or batches' names by id (a session names only its group's id). */
export type GroupNames = Readonly<Record<string, string>>;

/** A student's sessions by status (percentage mode): present on time, late, absent, excused. */
export interface StatusTotals {
  present: number;
  late: number;
  absent: number;
  excused: number;
}

export interface ReportRow {
  _id: string;
  /** Date mode over a range: the day the student was present. */
  date?: string;
  name: string;
  enrollment: string;
  /** Percentage mode only. */
  totals?: StatusTotals;
  /** Percentage mode only: a whole number, or null when no session counts for the student. */
  percentage?: number | null;
}

/** Date mode: one day that has sessions, who was present, and its sessions with every student's status. */
export interface DayResult {
  date: string;
  rows: ReportRow[];
  sessions: ClassSessionView[];
}

export interface Report {
  mode: ReportMode;
  context: ReportContext;
  /** Date mode over a range: every day's present students, each row with its date. */
  rows: ReportRow[];
  /** Percentage mode: the sessions in range (all groups); date mode: the sessions of the date(s). */
  sessions: number;
  /** Date mode: each date that has sessions, in date order (one for a single date). */
  days?: DayResult[];
}

/** A date that has sessions, as GET attendance answers it. */
export interface DayRecord {
  date: string;
  students: AttendanceStudent[];
  sessions: ClassSessionView[];
}

/**
 * The server's percentage (docs/product.md §5: under the college's rules, unrounded) as a whole number, half up.
 * Rounded at six decimals first, so that a 14.5 computed as 14.4999… still shows 15.
 */
export function wholePercentage(value: number | null): number | null {
  if (value === null) return null;
  return Math.round(Number(value.toFixed(6)));
}

/** The percentage as the table, the PDF and the CSV show it: '67%', or 'n/a' when no session counts. */
export const formatPercentage = (value: number | null | undefined): string => (value == null ? 'n/a' : `${value}%`);

export const isRange = ({ date, enddate }: Pick<ReportContext, 'date' | 'enddate'>): boolean => !!enddate && enddate !== date;

export function dateReport(context: ReportContext, records: DayRecord[]): Report {
  const range = isRange(context);
  const days = records.map((record) => ({
    date: record.date,
    sessions: record.sessions,
    rows: record.students.map(({ _id, name, enrollment }) => ({ _id, name, enrollment, ...(range ? { date: record.date } : {}) })),
  }));
  return {
    mode: 'date',
    context,
    sessions: days.reduce((sum, day) => sum + day.sessions.length, 0),
    days,
    rows: days.flatMap((day) => day.rows),
  };
}

export function percentageReport(context: ReportContext, report: PercentageReport): Report {
  return {
    mode: 'percentage',
    context,
    sessions: report.totalLecture,
    rows: report.studentData.map((student) => ({
      _id: student._id,
      name: student.name,
      enrollment: student.enrollment,
      totals: {
        present: student.totalPresent - student.totalLate,
        late: student.totalLate,
        absent: student.totalAbsent,
        excused: student.totalExcused,
      },
      percentage: wholePercentage(student.percentage),
    })),
  };
}

export const isBelow = (row: ReportRow, threshold: number): boolean => row.percentage != null && row.percentage < threshold;

export const countBelow = (rows: ReportRow[], threshold: number): number => rows.filter((row) => isBelow(row, threshold)).length;

export const belowSummary = (count: number, threshold: number): string =>
  `${count} ${count === 1 ? 'student' : 'students'} below ${threshold}%`;

/** 'From 2026-11-02 To 2026-11-20', or the single date. */
export const dateLabel = ({ date, enddate }: Pick<ReportContext, 'date' | 'enddate'>): string =>
  enddate && enddate !== date ? `From ${date} To ${enddate}` : date;

/**
 * The PDF's header line (docs/product.md §9): the date range or the single date, then the type, the subject
 * and the slot time (and the division or batch when the report is filtered to one).
 */
export function headerLine(context: ReportContext): string {
  const parts = [dateLabel(context), CLASS_KIND_LABELS[context.classKind], context.course, context.slot || 'All slots'];
  if (context.group) parts.push(context.group);
  return parts.join(' | ');
}

/** The per-status columns of percentage mode, in order. */
export const TOTALS: readonly (keyof StatusTotals)[] = ['present', 'late', 'absent', 'excused'];
const TOTAL_HEADERS: Record<keyof StatusTotals, string> = { present: 'Present', late: 'Late', absent: 'Absent', excused: 'Excused' };

/** `byDay`: the export of a range by date, a Date column first. */
export const columns = (mode: ReportMode, byDay = false): string[] =>
  mode === 'percentage'
    ? ['Name', 'Enrollment', ...TOTALS.map((total) => TOTAL_HEADERS[total]), 'Percentage']
    : [...(byDay ? ['Date'] : []), 'Name', 'Enrollment'];

/** The cells of the PDF and CSV rows, as the table shows them. */
export const cells = (row: ReportRow, mode: ReportMode, byDay = false): string[] =>
  mode === 'percentage'
    ? [row.name, row.enrollment, ...TOTALS.map((total) => String(row.totals?.[total] ?? 0)), formatPercentage(row.percentage)]
    : [...(byDay ? [row.date ?? ''] : []), row.name, row.enrollment];

/** Whether the PDF and CSV carry a Date column: a range by date. */
export const exportsByDay = (report: Pick<Report, 'mode'> & Partial<Pick<Report, 'context'>>): boolean =>
  report.mode === 'date' && !!report.context && isRange(report.context);

/**
 * The download's name (docs/product.md §9: the date plus the subject): '2026-11-20 Data Structures.pdf', or
 * for a range '2026-11-02 to 2026-11-20 Data Structures.pdf'.
 */
export function fileName(context: ReportContext, extension: 'pdf' | 'csv'): string {
  const dates = context.enddate && context.enddate !== context.date ? `${context.date} to ${context.enddate}` : context.date;
  return safeFileName(`${dates} ${context.course}`, extension);
}

/** The report as CSV: the table's columns, then a line per row. */
export function toCsv(report: Pick<Report, 'mode' | 'rows'> & Partial<Pick<Report, 'context'>>): string {
  const byDay = exportsByDay(report);
  return csvText([columns(report.mode, byDay), ...report.rows.map((row) => cells(row, report.mode, byDay))]);
}
