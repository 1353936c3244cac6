import type { Context } from 'aws-lambda';
import { logger } from './lib/http/logger';
import { isJobName, JOB_NAMES, runJobs, type JobName } from './lib/alerts/jobs';
import { applyPlannedActivations } from './lib/terms/planned-activation';

/**
 * The alert jobs' Lambda (docs/product.md §10), not an API resource: EventBridge Scheduler invokes it
 * every 10 minutes with `{}` (every job, each deciding whether it is due in college time, and running
 * once per day or week: lib/alerts/run-once.ts); `{ jobs, date }` runs some by hand for a day, at
 * once. It stops claiming new emails two minutes before its time runs out; what is left is sent by
 * the next run, as nothing is sent twice.
 */
export interface JobsEvent {
  jobs?: string[];
  date?: string;
}

const MARGIN_MS = 2 * 60_000;

export async function handler(event: JobsEvent = {}, context?: Pick<Context, 'getRemainingTimeInMillis'>) {
  // Planned switches of the active term (docs/product.md §3) ride on this tick; their failure never stops the alerts.
  await applyPlannedActivations().catch((error: unknown) => logger.error('planned term switch failed', { error: error as Error }));
  const names = event.jobs ?? JOB_NAMES;
  const unknown = names.filter((name) => !isJobName(name));
  if (unknown.length) throw new Error(`Unknown job ${unknown.join(', ')}: the jobs are ${JOB_NAMES.join(', ')}`);
  const remaining = context?.getRemainingTimeInMillis() ?? 10 * 60_000 + MARGIN_MS;
  const results = await runJobs(names as JobName[], {
    date: event.date,
    byHand: event.date !== undefined,
    deadline: Date.now() + remaining - MARGIN_MS,
  });
  for (const result of results) {
    const { sent = 0, dropped = 0, failed = 0, left = 0 } = result.report ?? {};
    if (failed || left) logger.warn('alert job left emails for the next run', { result });
    else if (sent || dropped) logger.info('alert job', { result });
  }
  return results;
}
