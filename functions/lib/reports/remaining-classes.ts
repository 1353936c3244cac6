import { addDays } from '@shared/dates';
import { isHoliday } from '@shared/holidays';
import type { Holiday } from '@shared/schemas/structure';
import { meetsOn } from '@shared/timetable-weeks';
import type { ClassKind } from '@shared/schemas/wire-names';

interface Term {
  startDate?: string | null;
  endDate?: string | null;
  holidays?: readonly Holiday[] | null;
}

interface Entry {
  _id: string;
  courseid: string;
  classKind: ClassKind;
  weekday: number;
  weeks?: 'odd' | 'even' | null;
}

/** A course and kind, as the counts are keyed. */
export const courseKind = (place: { courseid: string; classKind: ClassKind }) => `${place.courseid}#${place.classKind}`;

/**
 * The classes the timetable still has for these entries (one student's), per course and kind: every
 * date from `today` (college time; the term's first day if later) to the term's last day on which an
 * entry meets, holidays skipped; today's classes already marked (`markedToday`, entry ids) are held
 * already, not to come. Null when the term has no last day. Pure.
 */
export function remainingClasses(
  entries: readonly Entry[],
  term: Term,
  today: string,
  markedToday: ReadonlySet<string>,
): Map<string, number> | null {
  if (!term.endDate) return null;
  const counts = new Map<string, number>(entries.map((entry) => [courseKind(entry), 0]));
  const first = term.startDate && term.startDate > today ? term.startDate : today;
  for (let date = first; date <= term.endDate; date = addDays(date, 1)) {
    if (isHoliday(term, date)) continue;
    for (const entry of entries) {
      if (!meetsOn(entry, term, date) || (date === today && markedToday.has(entry._id))) continue;
      counts.set(courseKind(entry), counts.get(courseKind(entry))! + 1);
    }
  }
  return counts;
}
