import { addDays, todayIn, weekdayOf } from '@shared/dates';
import { getSettings } from '@functions/lib/repositories/settings';
import { listActiveTerms } from '@functions/lib/repositories/structure';
import { updateTerm } from '@functions/lib/repositories/terms';

/** Weeks of the demo term before the day it is seeded, and after. */
const WEEKS_BEFORE = 6;
const WEEKS_AFTER = 14;

/**
 * The demo's active term as a college sets it up: a first and a last day around the day it is seeded
 * (6 weeks before, 14 after, Monday to Saturday), so a student's Home counts the classes still to come
 * from the first start. A term given dates already keeps them.
 */
export async function seedDemoTermDates(): Promise<void> {
  const today = todayIn((await getSettings()).timeZone);
  const monday = addDays(today, 1 - weekdayOf(today));
  for (const term of await listActiveTerms()) {
    if (term.startDate || term.endDate) continue;
    await updateTerm(term._id, { startDate: addDays(monday, -7 * WEEKS_BEFORE), endDate: addDays(monday, 7 * WEEKS_AFTER + 5) });
  }
}
