import type { Context } from 'aws-lambda';
import { logger } from './lib/http/logger';
import { isJobName, JOB_NAMES, runJobs, type JobName } from './lib/alerts/jobs';
import { mailerFromEnvironment } from './lib/alerts/mailer';
import type { JobResult } from './lib/alerts/schedule';
import { drainInvitations } from './lib/invitations/drain';
import { RETENTION_JOB, runRetention } from './lib/privacy/retention';
import { applyPlannedActivations } from './lib/terms/planned-activation';

/**
 * The alert jobs' Lambda (docs/product.md §10), not an API resource: EventBridge Scheduler invokes it
 * every 10 minutes with `{}` (every job, each deciding whether it is due in college time, and running
 * once per day or week: lib/alerts/run-once.ts); `{ jobs, date }` runs some by hand for a day, at
 * once. It stops claiming new emails two minutes before its time runs out; what is left is sent by
 * the next run, as nothing is sent twice. After the alerts, every run sends the queued invitations
 * (lib/invitations/drain.ts) until the same deadline; `{ jobs: ['invitations'] }` sends only them. Last, the
 * retention job (lib/privacy/retention.ts) erases the students past the college's retention; `{ jobs: ['retention'] }`.
 */
export interface JobsEvent {
  jobs?: string[];
  date?: string;
}

const MARGIN_MS = 2 * 60_000;
/** The step that sends queued invitations, named like a job. */
export const INVITATIONS_STEP = 'invitations';

export async function handler(event: JobsEvent = {}, context?: Pick<Context, 'getRemainingTimeInMillis'>) {
  // Planned switches of the active term (docs/product.md §3) ride on this tick; their failure never stops the alerts.
  await applyPlannedActivations().catch((error: unknown) => logger.error('planned term switch failed', { error: error as Error }));
  const drain = !event.jobs || event.jobs.includes(INVITATIONS_STEP);
  const retain = !event.jobs || event.jobs.includes(RETENTION_JOB);
  const names = (event.jobs ?? JOB_NAMES).filter((name) => name !== INVITATIONS_STEP && name !== RETENTION_JOB);
  const unknown = names.filter((name) => !isJobName(name));
  if (unknown.length)
    throw new Error(`Unknown job ${unknown.join(', ')}: the jobs are ${[...JOB_NAMES, INVITATIONS_STEP, RETENTION_JOB].join(', ')}`);
  const remaining = context?.getRemainingTimeInMillis() ?? 10 * 60_000 + MARGIN_MS;
  const deadline = Date.now() + remaining - MARGIN_MS;
  const results: JobResult[] =
    names.length || !event.jobs ? await runJobs(names as JobName[], { date: event.date, byHand: event.date !== undefined, deadline }) : [];
  if (drain) results.push(await sendInvitations(deadline));
  if (retain) results.push(await retainStudents(event.jobs !== undefined, deadline));
  for (const result of results) {
    const { sent = 0, dropped = 0, failed = 0, left = 0 } = result.report ?? {};
    if (failed || left) logger.warn('alert job left emails for the next run', { result });
    else if (sent || dropped) logger.info('alert job', { result });
  }
  return results;
}

/** The retention job (lib/privacy/retention.ts): once a day on schedule, at once by hand; its failure never stops the rest. */
async function retainStudents(byHand: boolean, deadline: number): Promise<JobResult> {
  try {
    const result = await runRetention(new Date(), { byHand, deadline });
    if (result.erased) logger.info('retention job', { result });
    return result;
  } catch (error) {
    logger.error('the retention job failed: the next run goes on', { error: error as Error });
    return { job: RETENTION_JOB, period: new Date().toISOString().slice(0, 10), idle: 'failed: the next run goes on' };
  }
}

/** The queued invitations' step: idle while sending is off; its failure never stops the alerts' results. */
export async function sendInvitations(deadline: number): Promise<JobResult> {
  const period = new Date().toISOString().slice(0, 10);
  const mailer = mailerFromEnvironment();
  if (!mailer) return { job: INVITATIONS_STEP, period, idle: 'sending is off (MAIL_ENABLED)' };
  try {
    const { sent, skipped, failed, left } = await drainInvitations({ mailer, deadline });
    return { job: INVITATIONS_STEP, period, report: { sent, skipped, failed, left, dropped: 0 } };
  } catch (error) {
    logger.error('sending invitations failed: the next run goes on', { error: error as Error });
    return { job: INVITATIONS_STEP, period, idle: 'failed: the next run goes on' };
  }
}
