import { todayIn } from './dates';

/**
 * Minors (docs/product.md §2.6): a student under 18 on today's date in the college's time zone. For a minor, the
 * admin sees whether and when each guardian was informed (the invitation email records it on the student).
 */
export const ADULT_AGE = 18;

/** Whole years from a date of birth to a date (both YYYY-MM-DD): one born on 29 February turns a year older on 1 March. */
export function ageOn(dob: string, date: string): number {
  const years = Number(date.slice(0, 4)) - Number(dob.slice(0, 4));
  return date.slice(5) < dob.slice(5) ? years - 1 : years;
}

/** The student's age when they are a minor today in the college's time zone; null for an adult or one with no date of birth. */
export function minorAge(dob: string | undefined, timeZone: string, now: Date | number = new Date()): number | null {
  if (!dob) return null;
  const age = ageOn(dob, todayIn(timeZone, now));
  return age < ADULT_AGE ? age : null;
}

/** How a guardian was informed of their ward's record, and when (ISO 8601). */
export const INFORMED_BY = 'invitation email';
export interface GuardianInformed {
  at: string;
  how: typeof INFORMED_BY;
}
