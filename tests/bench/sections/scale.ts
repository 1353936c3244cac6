import { buildDivision, dayBefore, markSessions } from '../college';
import type { BenchContext } from '../context';
import { percentile, round, timedGets } from '../measure';

export interface ScaleRow {
  sessionsInRange: number;
  /** 'summaries' when the range holds every session of the course, else 'sessions'. */
  readFrom: string;
  unrelatedSessions: number;
  p50: number;
  requests: number;
}

const RUNS = 10;

/**
 * The percentage report at 10, 100 and 1,000 sessions in range (10 slots a day, so 1, 10 and
 * 100 days) and at 990 (a range that cuts through the last day, so read from the sessions, not
 * the summaries), then again after ten times as much unrelated attendance is added to the table:
 * the time should follow the sessions in range only.
 */
export async function measureScale(context: BenchContext): Promise<ScaleRow[]> {
  const college = await buildDivision({ batches: 2, perBatch: 30, slots: 10 });
  await markSessions(college, 1000);
  const rows: ScaleRow[] = [];
  const run = async (unrelatedSessions: number) => {
    // 1, 10 and 100 days back to yesterday; then 100 days back to the day before yesterday, which cuts through the sessions.
    for (const [days, last] of [
      [1, 1],
      [10, 1],
      [100, 1],
      [100, 2],
    ] as const) {
      const path = `/api/v1/attendance/criteria?startdate=${dayBefore(days)}&enddate=${dayBefore(last)}&slotcount=1&courseid=${college.course._id}`;
      const { times, data, requests } = await timedGets(context.call, path, RUNS);
      const lectures = (data as { totalLecture: number }).totalLecture;
      const readFrom = lectures === 1000 ? 'summaries' : 'sessions';
      rows.push({ sessionsInRange: lectures, readFrom, unrelatedSessions, p50: round(percentile(times, 50), 1), requests });
    }
  };
  await run(0);
  // Ten times as much unrelated attendance: 10 other courses of another division, 1,000 sessions each.
  const other = await buildDivision({ batches: 2, perBatch: 30, slots: 10 });
  for (let c = 0; c < 10; c++) await markSessions(other, 1000, { ...other.course, _id: `${other.course._id}-${c}` });
  await run(10_000);
  return rows;
}
