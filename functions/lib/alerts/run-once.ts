import type { AlertRun } from '../keys';
import type { DeliveryReport } from './deliver';
import { claimRun, DEFAULT_LEASE_MS, finishRun } from './sent-log';
import { collegeTimeOf, withinCatchUp, type JobContext, type JobResult, type Occasion } from './schedule';

/** How long a run may hold its marker when it has no deadline of its own. */
const RUN_LEASE_MS = 15 * 60_000;

/**
 * Runs a daily or weekly job's work for its period, on schedule (docs/product.md §10): only from
 * its due time to CATCH_UP_HOURS (schedule.ts) after, and once: the period's marker (sent-log.ts
 * claimRun) is taken first, so two ticks at once, or every later tick of the period, do nothing.
 * A run that left emails unsent (its deadline came, or sending failed) gives the marker back for
 * the next tick, still within the window. By hand, the work runs at once and no marker is kept.
 */
export async function runOnSchedule(
  context: JobContext,
  run: AlertRun,
  occasion: Occasion,
  next: number,
  work: () => Promise<DeliveryReport>,
): Promise<JobResult> {
  if (context.byHand) return { ...run, report: await work() };
  const { settings } = context;
  const at = context.at.getTime();
  if (at < occasion.due) return { ...run, idle: `not due yet: the run is at ${collegeTimeOf(occasion.due, settings)}` };
  if (!withinCatchUp(occasion.due, at)) return { ...run, idle: `not due: the next run is at ${collegeTimeOf(next, settings)}` };
  const now = context.now?.() ?? Date.now();
  const until = Number.isFinite(context.deadline) ? context.deadline : now + RUN_LEASE_MS;
  const held = await claimRun(run, { now, leaseUntil: until + (context.leaseMs ?? DEFAULT_LEASE_MS) });
  if (!held) return { ...run, idle: 'already run for this period' };
  let report: DeliveryReport;
  try {
    report = await work();
  } catch (error) {
    await finishRun(held, 'again').catch(() => undefined);
    throw error;
  }
  await finishRun(held, report.failed > 0 || report.left > 0 ? 'again' : 'done');
  return { ...run, report };
}
