import { addDays, collegeMoment, instantOf, parseTime, todayIn, weekdayOf } from '@shared/dates';
import type { CollegeSettings } from '@shared/schemas/settings';
import type { DeliveryContext, DeliveryReport } from './deliver';

/**
 * When the alert jobs are due (docs/product.md §10). Every day, hour and weekday is the college's
 * (settings.timeZone): a weekly run set to Monday 08:00 runs at 08:00 on a Monday in the college,
 * whatever the server's clock says. The schedule's ticks (every few minutes) each ask whether a run
 * is due; a run happens once per period (run-once.ts), and only in the hours after it was due.
 */
export interface JobContext extends DeliveryContext {
  /** The moment the run happens (the schedule's tick, or the end of `date` when run by hand for a past day). */
  at: Date;
  /** The college's day the run is about (YYYY-MM-DD): the day of `at`, or the day asked for by hand. */
  date: string;
  settings: CollegeSettings;
  /** Run by hand (`npm run jobs`): the day's and week's hours are not waited for. */
  byHand: boolean;
}

export interface JobResult {
  job: string;
  period: string;
  /** Why nothing was tried: turned off, not due yet, already run this period. */
  idle?: string;
  report?: DeliveryReport;
  /** The retention job: how many students it erased. */
  erased?: number;
}

const MINUTE = 60_000;

/**
 * How long after its due time a scheduled run may still happen: a tick that comes later (the
 * system was down, or the local stack was first started days after) skips it, rather than sending
 * a weekly email days late; the next period's run comes on time. Six hours also covers a daily run
 * late in the evening whose catch-up falls after midnight.
 */
export const CATCH_UP_HOURS = 6;
export const CATCH_UP_MS = CATCH_UP_HOURS * 60 * MINUTE;

/** A run's period (the day, or the week's Monday) and the instant it is due. */
export interface Occasion {
  period: string;
  due: number;
}

/** The Monday (YYYY-MM-DD) of the ISO week holding `date`: the period of the weekly job. */
export const weekOf = (date: string): string => addDays(date, 1 - weekdayOf(date));

/** When the daily runs (the admins' list, absences in a row) of a college day are due. */
export const dailyRunDue = (date: string, settings: CollegeSettings): number =>
  instantOf(date, settings.notMarkedDigestHour * 60, settings.timeZone);

/** When the weekly below-threshold run of the week starting on Monday `week` is due. */
export const weeklyRunDue = (week: string, settings: CollegeSettings): number =>
  instantOf(addDays(week, settings.belowThresholdWeekday - 1), settings.belowThresholdHour * 60, settings.timeZone);

/** The last daily run due at or before `at`: today's once its hour has come, else yesterday's. */
export function lastDailyRun(at: number, settings: CollegeSettings): Occasion {
  const today = todayIn(settings.timeZone, at);
  const due = dailyRunDue(today, settings);
  if (due <= at) return { period: today, due };
  const yesterday = addDays(today, -1);
  return { period: yesterday, due: dailyRunDue(yesterday, settings) };
}

/** The last weekly run due at or before `at`: this week's once its day and hour have come, else last week's. */
export function lastWeeklyRun(at: number, settings: CollegeSettings): Occasion {
  const week = weekOf(todayIn(settings.timeZone, at));
  const due = weeklyRunDue(week, settings);
  if (due <= at) return { period: week, due };
  const before = addDays(week, -7);
  return { period: before, due: weeklyRunDue(before, settings) };
}

/** Whether a scheduled run due at `due` may happen at `at`: due, and not more than the catch-up window ago. */
export const withinCatchUp = (due: number, at: number): boolean => due <= at && at < due + CATCH_UP_MS;

/** A moment as the college reads it, for the jobs' reasons and emails ('2026-03-09 08:00'). */
export const collegeTimeOf = (at: number, settings: CollegeSettings): string => collegeMoment(at, settings.timeZone);

/**
 * When a class of this date is reminded, if still not marked: its end (its slot's end time, 'HH:MM'
 * college time) plus the setting's delay; null for a class whose slot has no end time.
 */
export function reminderDue(date: string, end: string | undefined, settings: CollegeSettings): number | null {
  const minute = end === undefined ? null : parseTime(end);
  return minute === null ? null : instantOf(date, minute + settings.notMarkedAfterMinutes, settings.timeZone);
}
