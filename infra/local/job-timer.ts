/**
 * The alert jobs on a timer with `npm start` (docs/product.md §10): the same handler EventBridge
 * Scheduler runs deployed (functions/jobs.ts), every SAMS_JOBS_EVERY seconds (60 by default; 0 turns
 * the timer off). One run at a time, as deployed; a failed run is logged and the next one tries again.
 * Each job decides whether it is due (college time) and runs once per period: a stack first started
 * on a Thursday does not send Monday's weekly emails then (functions/lib/alerts/schedule.ts).
 */
export interface JobTimer {
  stop(): Promise<void>;
}

type JobsHandler = (event: Record<string, never>) => Promise<unknown>;

const loadJobsHandler = async (): Promise<JobsHandler> => ((await import('../../functions/jobs')) as { handler: JobsHandler }).handler;

export function startJobTimer({ everySeconds }: { everySeconds: number }): JobTimer {
  if (!(everySeconds > 0)) return { stop: async () => {} };
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = loadJobsHandler()
      .then((handler) => handler({}))
      .then(
        () => undefined,
        (error: unknown) => console.error('Alert jobs failed (the next run tries again):', error instanceof Error ? error.message : error),
      )
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, everySeconds * 1000);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
