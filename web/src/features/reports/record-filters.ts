import { wallClock } from '@shared/dates';
import type { RecordQuery, RecordClassSession } from '@shared/schemas/reports';

/*
 * The filters of a record's sessions (docs/product.md §2.12): one course, one month, kept in the address
 * (?course&month, beside what the page keeps there) so that Back and a reload show the same list; the
 * server reads them (courseid, and from/to the month's first and last day).
 */

export interface RecordFilter {
  courseid?: string;
  /** 'YYYY-MM'. */
  month?: string;
}

export interface RecordCourse {
  courseid: string;
  course: string;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The courses the sessions are of, by name. */
export function recordCourses(sessions: readonly RecordClassSession[]): RecordCourse[] {
  const byId = new Map(sessions.map((session) => [session.courseid, session.course]));
  return [...byId].map(([courseid, course]) => ({ courseid, course })).sort((a, b) => a.course.localeCompare(b.course));
}

/** The months that have sessions ('YYYY-MM'), newest first. */
export const recordMonths = (sessions: readonly RecordClassSession[]): string[] =>
  [...new Set(sessions.map((session) => session.date.slice(0, 7)))].sort().reverse();

/** '2026-11' → 'November 2026'. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return `${MONTHS[number! - 1]} ${year}`;
}

/** The filter the address asks for, of the courses and months offered (anything else is All). */
export function readRecordFilter(search: URLSearchParams, courses: RecordCourse[], months: string[]): RecordFilter {
  const courseid = courses.find((one) => one.courseid === search.get('course'))?.courseid;
  const month = months.find((one) => one === search.get('month'));
  return { ...(courseid ? { courseid } : {}), ...(month ? { month } : {}) };
}

/** The address with one filter set (All: left out), the rest of it kept. */
export function withFilter(search: URLSearchParams, name: 'course' | 'month', value: string): URLSearchParams {
  const next = new URLSearchParams(search);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

/** The month's first and last day. */
export function monthRange(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year!, number!, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The query of the filtered list, within the page's own range; null when no filter is set (the page's record is the list). */
export function filteredQuery(range: { from?: string; to?: string }, filter: RecordFilter): RecordQuery | null {
  if (!filter.courseid && !filter.month) return null;
  const month: { from?: string; to?: string } = filter.month ? monthRange(filter.month) : {};
  const latest = (a?: string, b?: string) => (a && b ? (a > b ? a : b) : (a ?? b));
  const earliest = (a?: string, b?: string) => (a && b ? (a < b ? a : b) : (a ?? b));
  const from = latest(range.from, month.from);
  const to = earliest(range.to, month.to);
  return { ...(from ? { from } : {}), ...(to ? { to } : {}), ...(filter.courseid ? { courseid: filter.courseid } : {}) };
}

/** 'Corrected 12 Nov: medical certificate shown', on the day the college's clock showed. */
export function correctionText(corrected: NonNullable<RecordClassSession['corrected']>, timeZone: string): string {
  const at = Date.parse(corrected.at);
  if (Number.isNaN(at)) return corrected.reason ? `Corrected: ${corrected.reason}` : 'Corrected';
  const [, month, day] = wallClock(timeZone, at).date.split('-').map(Number);
  const on = `${day} ${MONTHS[month! - 1]!.slice(0, 3)}`;
  return corrected.reason ? `Corrected ${on}: ${corrected.reason}` : `Corrected ${on}`;
}
