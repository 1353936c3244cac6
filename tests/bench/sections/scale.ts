import { performance } from 'node:perf_hooks';
import { buildDivision, dayBefore, markSessions } from '../college';
import type { BenchContext } from '../context';
import { metered, percentile, round } from '../measure';

export interface ScaleRow {
  sessionsInRange: number;
  unrelatedSessions: number;
  p50: number;
  requests: number;
}

const RUNS = 10;

/**
 * The percentage report at 10, 100 and 1,000 sessions in range (10 slots a day, so 1, 10 and
 * 100 days), then again after ten times as much unrelated attendance is added to the table:
 * the time should follow the sessions in range only.
 */
export async function measureScale(context: BenchContext): Promise<ScaleRow[]> {
  const college = await buildDivision({ batches: 2, perBatch: 30, slots: 10 });
  await markSessions(college, 1000);
  const rows: ScaleRow[] = [];
  const run = async (unrelatedSessions: number) => {
    for (const days of [1, 10, 100]) {
      const path = `/api/v1/attendance/criteria?startdate=${dayBefore(days)}&enddate=${dayBefore(1)}&slotcount=1&courseid=${college.course._id}`;
      const times: number[] = [];
      let requests = 0;
      let lectures = 0;
      for (let i = 0; i < RUNS + 2; i++) {
        const started = performance.now();
        const { result, usage } = await metered(() => context.call('GET', path));
        if (i >= 2) times.push(performance.now() - started);
        requests = usage.requests;
        lectures = (result.data as { totalLecture: number }).totalLecture;
      }
      rows.push({ sessionsInRange: lectures, unrelatedSessions, p50: round(percentile(times, 50), 1), requests });
    }
  };
  await run(0);
  // Ten times as much unrelated attendance: 10 other courses of another division, 1,000 sessions each.
  const other = await buildDivision({ batches: 2, perBatch: 30, slots: 10 });
  for (let c = 0; c < 10; c++) await markSessions(other, 1000, { ...other.course, _id: `${other.course._id}-${c}` });
  await run(10_000);
  return rows;
}
