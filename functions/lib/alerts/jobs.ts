import { instantOf, todayIn } from '@shared/dates';
import { collegeIsNamed } from '@shared/schemas/alert-settings';
import { getSettings } from '../repositories/settings';
import { ABSENCE_STREAK_JOB, runAbsenceStreak } from './absence-streak';
import { BELOW_THRESHOLD_JOB, runBelowThreshold } from './below-threshold';
import { mailerFromEnvironment, type Mailer } from './mailer';
import { NOT_MARKED_JOB, runNotMarked } from './not-marked';
import type { JobContext, JobResult } from './schedule';

/**
 * The alert jobs (docs/product.md §10) and how a run of them is set up: the schedule (EventBridge
 * Scheduler deployed, a timer with `npm start`) runs them all every few minutes and each decides,
 * in college time, whether it is due (schedule.ts) and runs once per period (run-once.ts); `npm run
 * jobs` runs one by hand, at once. Every run is idempotent (sent-log.ts). None runs while the
 * college has no name.
 */
export const JOBS = {
  [NOT_MARKED_JOB]: runNotMarked,
  [BELOW_THRESHOLD_JOB]: runBelowThreshold,
  [ABSENCE_STREAK_JOB]: runAbsenceStreak,
} as const;
export type JobName = keyof typeof JOBS;
export const JOB_NAMES = Object.keys(JOBS) as JobName[];

export const isJobName = (name: unknown): name is JobName => typeof name === 'string' && name in JOBS;

/** Why every job idles until an admin names the college (alert-settings.ts: collegeIsNamed). */
export const UNNAMED = 'the college has no name yet: an admin sets it in Settings (College name in emails) before any alert is sent';

export interface RunOptions {
  /** The run's moment; now unless given. */
  at?: Date;
  /** The day to run for (by hand); today (college time) unless given. A past day runs as at its end. */
  date?: string;
  byHand?: boolean;
  /** The mailer to send with; the environment's (mailer.ts) unless given. */
  mailer?: Mailer | null;
  /** Epoch milliseconds after which no new email is claimed; ten minutes from now unless given. */
  deadline?: number;
  leaseMs?: number;
}

export async function runJobs(names: readonly JobName[], options: RunOptions = {}): Promise<JobResult[]> {
  const now = options.at ?? new Date();
  const settings = await getSettings();
  const date = options.date ?? todayIn(settings.timeZone, now);
  const endOfDay = instantOf(date, 24 * 60, settings.timeZone) - 1;
  const at = new Date(Math.min(now.getTime(), endOfDay));
  const mailer = options.mailer === undefined ? mailerFromEnvironment() : options.mailer;
  if (!mailer) return names.map((job) => ({ job, period: date, idle: 'sending is off (MAIL_ENABLED)' }));
  // Whatever the stored switches say (an older release's item may have alerts on): no email goes out signed by a college with no name.
  if (!collegeIsNamed(settings)) return names.map((job) => ({ job, period: date, idle: UNNAMED }));

  const context: JobContext = {
    at,
    date,
    settings,
    byHand: options.byHand ?? false,
    mailer,
    deadline: options.deadline ?? Date.now() + 10 * 60_000,
    leaseMs: options.leaseMs,
  };
  const results: JobResult[] = [];
  for (const name of names) results.push(await JOBS[name](context));
  return results;
}
