import * as z from 'zod/mini';
import { isCalendarDate, todayIn } from '../dates';
import { calendarDate } from './common';

/**
 * A student's date of birth (docs/product.md §2.6), optional: a real day written YYYY-MM-DD, from 1900 on and not in
 * the future. It tells whether the student is a minor (shared/minors.ts), whose guardians' being informed is recorded.
 */
export const DOB_MESSAGES = {
  invalid: 'Enter a real date of birth as YYYY-MM-DD',
  future: 'The date of birth cannot be in the future',
  tooEarly: 'The date of birth cannot be before 1900',
} as const;

const EARLIEST = '1900-01-01';

/**
 * No date after today anywhere on Earth (UTC+14), as the attendance date: the schema cannot know the college's time
 * zone. Each check only of a real date, so that a malformed one gets its own message alone.
 */
export const dateOfBirth = calendarDate(DOB_MESSAGES.invalid).check(
  z.refine((date) => !isCalendarDate(date) || date >= EARLIEST, { error: DOB_MESSAGES.tooEarly }),
  z.refine((date) => !isCalendarDate(date) || date <= todayIn('Pacific/Kiritimati'), { error: DOB_MESSAGES.future }),
);

/** An empty field or cell means no date, as an absent one does. */
export const blankIsAbsent = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value);

/**
 * A CSV cell's date as YYYY-MM-DD: Indian spreadsheets write 31-12-2008 or 31/12/2008 (day first), which is turned
 * round; anything else is left for the check to refuse.
 */
export function dateFromCell(text: string): string {
  const dayFirst = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(text.trim());
  return dayFirst ? `${dayFirst[3]}-${dayFirst[2]!.padStart(2, '0')}-${dayFirst[1]!.padStart(2, '0')}` : text.trim();
}
