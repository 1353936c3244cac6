import { addDays, weekdayOf } from './dates';

/*
 * Classes that meet every other week (docs/product.md §3): a lab for a batch in odd weeks, another in
 * the same slot in even weeks. Weeks are counted from the term's first day: week 1 is the Monday-to-Sunday
 * week that holds it. Pure, for the server and the web app alike.
 */

export type Weeks = 'odd' | 'even';
export const WEEKS: readonly Weeks[] = ['odd', 'even'];

/** How a screen names an entry's weeks. */
export const WEEKS_LABELS: Record<Weeks, string> = { odd: 'odd weeks', even: 'even weeks' };

const DAY = 86_400_000;
const mondayOf = (date: string): string => addDays(date, 1 - weekdayOf(date));

/**
 * The week of the term `date` is in (YYYY-MM-DD both): 1 for the Monday-to-Sunday week holding
 * `startDate`, 2 for the next; 0, -1… for the weeks before it, so that odd and even keep alternating.
 */
export function weekOfTerm(startDate: string, date: string): number {
  const days = (Date.parse(`${mondayOf(date)}T00:00:00Z`) - Date.parse(`${mondayOf(startDate)}T00:00:00Z`)) / DAY;
  return Math.round(days / 7) + 1;
}

/**
 * Whether the entry meets on `date`: the date is its weekday and, for a class of odd or even weeks, in
 * one of them. Holidays and the term's first and last day are the caller's to check. A term with no
 * first day has no weeks to count: its every-other-week classes are then taken to meet every week.
 */
export function meetsOn(
  entry: { weekday: number; weeks?: 'odd' | 'even' | null },
  term: { startDate?: string | null },
  date: string,
): boolean {
  if (weekdayOf(date) !== entry.weekday) return false;
  if (!entry.weeks || !term.startDate) return true;
  const odd = Math.abs(weekOfTerm(term.startDate, date) % 2) === 1;
  return entry.weeks === 'odd' ? odd : !odd;
}
