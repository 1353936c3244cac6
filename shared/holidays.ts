import type { Holiday } from './schemas/structure';

/**
 * A term's holidays (docs/product.md §3): dates of the term with no classes. Today, Not marked, the
 * alerts and the classes-needed figures skip them. Pure, for the server and the web app alike.
 */
interface WithHolidays {
  holidays?: readonly Holiday[] | null;
}

/** The holiday the term has on `date` (YYYY-MM-DD, college time), or null. */
export const holidayOn = (term: WithHolidays | null | undefined, date: string): Holiday | null =>
  term?.holidays?.find((holiday) => holiday.date === date) ?? null;

/** Whether `date` is one of the term's holidays. */
export const isHoliday = (term: WithHolidays | null | undefined, date: string): boolean => holidayOn(term, date) !== null;

/** The holidays that fall outside the term's first and last day (when set): a term's holidays must be its own days. */
export function holidaysOutside(term: { startDate?: string | null; endDate?: string | null }, holidays: readonly Holiday[]): Holiday[] {
  return holidays.filter(({ date }) => (term.startDate && date < term.startDate) || (term.endDate && date > term.endDate));
}

/** The holidays in date order (how they are stored and shown). */
export const inDateOrder = (holidays: readonly Holiday[]): Holiday[] => [...holidays].sort((a, b) => a.date.localeCompare(b.date));
