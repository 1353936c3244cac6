import { performance } from 'node:perf_hooks';
import type { BenchContext } from '../context';
import { metered, percentile, round } from '../measure';

export interface OverheadRow {
  route: string;
  p50: number;
  p95: number;
  dbP50: number;
  dbP95: number;
  requests: number;
  ratio: number;
}

const WARMUP = 20;
const RUNS = 200;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/**
 * Handler overhead: each route through the whole local stack (HTTP → event adapter → handler
 * → DynamoDB Local) against the time the same requests spent waiting on DynamoDB, measured
 * inside the SDK in the same run. The difference is what we add: middy, zod, jose, JSON, the adapter.
 */
export async function measureOverhead(context: BenchContext): Promise<OverheadRow[]> {
  const { demo, call } = context;
  let markSerial = 0;
  const markBody = () => {
    const n = markSerial++;
    return {
      presentStudentData: demo.divisionStudents.slice(0, 20),
      date: daysAgo(1 + Math.floor(n / demo.slotIds.length)),
      slotid: demo.slotIds[n % demo.slotIds.length],
      slotcount: 1,
      courseid: demo.courseId,
      groupid: demo.divisionId,
    };
  };
  const routes: [string, () => [string, string, unknown?]][] = [
    ['POST attendance (mark 30)', () => ['POST', '/api/v1/attendance', markBody()]],
    ['GET auth/currentstatus', () => ['GET', '/api/v1/auth/currentstatus']],
    ['GET term', () => ['GET', '/api/v1/term']],
    ['GET term/active', () => ['GET', '/api/v1/term/active']],
    ['GET user', () => ['GET', '/api/v1/user']],
    ['GET semester/{termid}', () => ['GET', `/api/v1/semester/${demo.termId}`]],
    ['GET slot/{termid}', () => ['GET', `/api/v1/slot/${demo.termId}`]],
    ['GET course/{semid}', () => ['GET', `/api/v1/course/${demo.semesterId}`]],
    ['GET division/{semid}', () => ['GET', `/api/v1/division/${demo.semesterId}`]],
    ['GET batch/{divisionid}', () => ['GET', `/api/v1/batch/${demo.divisionId}`]],
    ['GET student/{batchid}', () => ['GET', `/api/v1/student/${demo.batchId}`]],
    ['GET student/division/{divisionid}', () => ['GET', `/api/v1/student/division/${demo.divisionId}`]],
    ['GET student/student/{id}', () => ['GET', `/api/v1/student/student/${demo.divisionStudents[0]}`]],
    [
      'GET attendance (by date)',
      () => ['GET', `/api/v1/attendance?date=${daysAgo(1)}&slotid=${demo.slotIds[0]}&slotcount=1&courseid=${demo.courseId}`],
    ],
    [
      'GET attendance/criteria (7 days)',
      () => ['GET', `/api/v1/attendance/criteria?startdate=${daysAgo(7)}&enddate=${daysAgo(1)}&slotcount=1&courseid=${demo.courseId}`],
    ],
  ];
  const rows: OverheadRow[] = [];
  for (const [route, request] of routes) {
    const totals: number[] = [];
    const dbTimes: number[] = [];
    let requests = 0;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const [method, path, body] = request();
      const started = performance.now();
      const { result, usage } = await metered(() => call(method, path, body));
      const elapsed = performance.now() - started;
      if (result.status >= 300) throw new Error(`${route}: ${result.status} ${result.message}`);
      if (i < WARMUP) continue;
      totals.push(elapsed);
      dbTimes.push(usage.ms);
      requests = usage.requests;
    }
    const p50 = percentile(totals, 50);
    const dbP50 = percentile(dbTimes, 50);
    rows.push({
      route,
      p50: round(p50),
      p95: round(percentile(totals, 95)),
      dbP50: round(dbP50),
      dbP95: round(percentile(dbTimes, 95)),
      requests,
      ratio: round(p50 / dbP50),
    });
  }
  return rows;
}
