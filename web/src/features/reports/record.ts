import type { AttendanceStatus } from '@shared/schemas/attendance';
import type { RecordClassSession, StudentRecord, StudentStanding } from '@shared/schemas/reports';
import type { CollegeSettings } from '@shared/schemas/settings';
import type { ClassKind } from '@shared/schemas/wire-names';
import { STATUS_LABELS } from '@web/components/attendance/statuses';
import { CLASS_KIND_LABELS } from '@shared/constants';
import { csvText, safeFileName } from '@web/lib/csv';
import type { PdfTable, TablePdf } from '@web/lib/pdf/table-pdf';
import { projectionLine, type Reader } from './projection-text';
import { attendedOf, courseKey, courseLabel, formatPercent, isBelow, neededText, totalOf } from './standing';

/*
 * A student's record as its screen shows it (docs/product.md §2.12): the chart's lines, and the sessions
 * as PDF and CSV. Pure functions, so the chart, its table and the files cannot disagree.
 */

/** One point of a line: the standing after the sessions up to and including that date. */
export interface ChartPoint {
  date: string;
  attended: number;
  held: number;
  percentage: number;
}

/** One course and kind's line. */
export interface ChartSeries {
  key: string;
  courseid: string;
  label: string;
  classKind: ClassKind;
  points: ChartPoint[];
}

type Rules = Pick<CollegeSettings, 'lateCounts' | 'excusedCounts'>;

/** What one session adds under the college's rules (docs/product.md §5): to the classes attended, and to those that count. */
function worth(status: AttendanceStatus, rules: Rules): { attended: number; held: number } {
  if (status === 'present') return { attended: 1, held: 1 };
  if (status === 'late') return { attended: rules.lateCounts, held: 1 };
  if (status === 'excused' && rules.excusedCounts === 'excluded') return { attended: 0, held: 0 };
  return { attended: 0, held: 1 };
}

/**
 * The chart's lines: for each course and kind of the record (in its order), the cumulative percentage
 * after each date with a session, oldest first. A date after which nothing counts yet (only excused
 * sessions, left out) has no point. Each line ends at the record's standing for that course and kind.
 */
export function chartSeries(record: Pick<StudentRecord, 'courses' | 'sessions'>, rules: Rules): ChartSeries[] {
  const oldestFirst = record.sessions.toSorted((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const order = record.courses.map(courseKey);
  const lines = new Map<string, ChartSeries & { attended: number; held: number }>();
  for (const session of oldestFirst) {
    const key = courseKey(session);
    let line = lines.get(key);
    if (!line) {
      line = {
        key,
        courseid: session.courseid,
        label: courseLabel(session),
        classKind: session.classKind,
        points: [],
        attended: 0,
        held: 0,
      };
      lines.set(key, line);
    }
    const add = worth(session.status, rules);
    line.attended += add.attended;
    line.held += add.held;
    if (line.held === 0) continue;
    const point = { date: session.date, attended: line.attended, held: line.held, percentage: (100 * line.attended) / line.held };
    // A second session of the same date replaces the first one's point: one point per date.
    if (line.points.at(-1)?.date === session.date) line.points[line.points.length - 1] = point;
    else line.points.push(point);
  }
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return [...lines.values()]
    .filter((line) => line.points.length > 0)
    .sort((a, b) => rank(a.key) - rank(b.key))
    .map(({ attended: _attended, held: _held, ...line }) => line);
}

/** Every date of the lines, oldest first: the rows of the chart's table. */
export const chartDates = (series: readonly ChartSeries[]): string[] =>
  [...new Set(series.flatMap((line) => line.points.map((point) => point.date)))].sort();

export const SESSION_COLUMNS = ['Date', 'Course', 'Kind', 'Slot', 'Status'];

export const sessionCells = (session: RecordClassSession): string[] => [
  session.date,
  session.course,
  CLASS_KIND_LABELS[session.classKind],
  session.slot,
  STATUS_LABELS[session.status],
];

/** 'From 2026-11-02 To 2026-11-20', 'From 2026-11-02', 'To 2026-11-20', or 'All dates'. */
export function rangeLabel(range: { from?: string; to?: string }): string {
  const parts = [range.from && `From ${range.from}`, range.to && `To ${range.to}`].filter(Boolean);
  return parts.length ? parts.join(' ') : 'All dates';
}

/** The sessions (newest first, as shown) as CSV. */
export const sessionsCsv = (sessions: readonly RecordClassSession[]): string => csvText([SESSION_COLUMNS, ...sessions.map(sessionCells)]);

export const STANDING_COLUMNS = ['Course', 'Percentage', 'Attended', 'Classes needed'];

/** The standing as the screen's table shows it: per course and kind, then Overall; the rows under the threshold filled. */
export function standingTable(record: Pick<StudentRecord, 'courses' | 'overall' | 'threshold'>): PdfTable {
  const { courses, overall, threshold } = record;
  const total = totalOf(courses);
  const rows = courses.map((standing) => [
    courseLabel(standing),
    formatPercent(standing.percentage),
    attendedOf(standing),
    neededText(standing, threshold) || '–',
  ]);
  const percentages = [...courses.map((standing) => standing.percentage), overall];
  return {
    head: STANDING_COLUMNS,
    body: [...rows, ['Overall', formatPercent(overall), attendedOf(total), '']],
    rightAligned: [1, 2],
    highlighted: percentages.flatMap((percentage, index) => (isBelow(percentage, threshold) ? [index] : [])),
  };
}

export const PROJECTIONS_HEADING = 'What the classes still to come allow';

/**
 * What the classes still to come allow, as the student's and guardian's Home says it (in its order: the
 * overall line first when the threshold applies to it, last otherwise), as lines of text under a heading
 * and the day the standing was counted on. Only their copy of the record has it: staff read the record.
 */
export function projectionsSection(standing: StudentStanding, reader: Reader): PdfTable {
  const { threshold, lastDay } = standing;
  const context = { reader, threshold, lastDay };
  const courses = standing.courses.map((course) => [`${courseLabel(course)}: ${projectionLine(course, course, context)}`]);
  const overall = [`Overall: ${projectionLine(standing.overall, 'overall', context)}`];
  return {
    head: [PROJECTIONS_HEADING],
    body: [[`As of ${standing.asOf}`], ...(standing.thresholdApplies === 'overall' ? [overall, ...courses] : [...courses, overall])],
    plain: true,
  };
}

/**
 * The standing, then the sessions, as the PDF's tables, headed by whose record it is; the absences filled.
 * `projections` (a student's or guardian's copy) goes between the standing and the sessions.
 */
export function sessionsPdf(record: StudentRecord, range: { from?: string; to?: string }, projections?: PdfTable): TablePdf {
  const { student } = record;
  return {
    title: `${student.name} (${student.enrollment}) | ${student.semester.name} | ${student.division.name} | ${student.batch.name} | ${rangeLabel(range)}`,
    before: [...(record.courses.length ? [standingTable(record)] : []), ...(projections ? [projections] : [])],
    head: SESSION_COLUMNS,
    body: record.sessions.map(sessionCells),
    highlighted: record.sessions.flatMap((session, index) => (session.status === 'absent' ? [index] : [])),
    subject: "Student's record",
  };
}

/** '25CE001 Aarav Patel record.csv'. */
export const recordFileName = (record: StudentRecord, extension: 'pdf' | 'csv'): string =>
  safeFileName(`${record.student.enrollment} ${record.student.name} record`, extension);
