import type { CollegeSettings } from '@shared/schemas/settings';
import type { DeliveryContext, DeliveryReport } from './deliver';

/**
 * When the alert jobs are due (docs/product.md §10). Every time is UTC, as attendance dates are:
 * a slot named '09:00 - 10:00' ends at 10:00 UTC of the class's date.
 */
export interface JobContext extends DeliveryContext {
  /** The moment the run happens (the schedule's tick, or the end of `date` when run by hand for a past day). */
  at: Date;
  /** The day the run is about (YYYY-MM-DD). */
  date: string;
  settings: CollegeSettings;
  /** Run by hand (`npm run jobs`): the day's and week's hours are not waited for. */
  byHand: boolean;
}

export interface JobResult {
  job: string;
  period: string;
  /** Why nothing was tried: turned off, not due yet. */
  idle?: string;
  report?: DeliveryReport;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const startOfDay = (date: string): number => Date.parse(`${date}T00:00:00Z`);
export const dateOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
export const addDays = (date: string, days: number): string => dateOf(startOfDay(date) + days * DAY);

/** The minute of the day a slot ends: the last time (H:MM or HH:MM) in its name; null when it names none. */
export function slotEndMinute(slotName: string): number | null {
  const times = [...slotName.matchAll(/\b([01]?\d|2[0-3])[:.]([0-5]\d)\b/g)];
  const last = times.at(-1);
  return last ? Number(last[1]) * 60 + Number(last[2]) : null;
}

/** When a class in this slot on this date is reminded: its end plus the setting's delay; null for a slot with no time. */
export function reminderDue(date: string, slotName: string, settings: CollegeSettings): number | null {
  const end = slotEndMinute(slotName);
  return end === null ? null : startOfDay(date) + (end + settings.notMarkedAfterMinutes) * MINUTE;
}

/** The Monday (YYYY-MM-DD) of the ISO week holding `date`: the period of the weekly job. */
export function weekOf(date: string): string {
  const weekday = ((new Date(startOfDay(date)).getUTCDay() + 6) % 7) + 1;
  return addDays(date, 1 - weekday);
}

/** When the weekly below-threshold run of the week holding `date` is due. */
export const weeklyRunDue = (date: string, settings: CollegeSettings): number =>
  startOfDay(weekOf(date)) + (settings.belowThresholdWeekday - 1) * DAY + settings.belowThresholdHour * 60 * MINUTE;

/** When the daily runs (the admins' list, absences in a row) of a date are due. */
export const dailyRunDue = (date: string, settings: CollegeSettings): number =>
  startOfDay(date) + settings.notMarkedDigestHour * 60 * MINUTE;
