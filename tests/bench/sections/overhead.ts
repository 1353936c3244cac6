import { collegeToday } from '@tests/support/college-time';
import { performance } from 'node:perf_hooks';
import { handlerTime, type BenchContext, type CallResult } from '../context';
import { metered, percentile, round } from '../measure';

export interface OverheadRow {
  route: string;
  /** Through HTTP and the local server's adapter, as the client sees it. */
  p50: number;
  p95: number;
  /** The handler alone: payload 2.0 event in, result out (what Lambda runs and bills). */
  handlerP50: number;
  handlerP95: number;
  dbP50: number;
  dbP95: number;
  requests: number;
  /** handlerP50 ÷ dbP50. */
  ratio: number;
}

const WARMUP = 20;
const RUNS = 200;
const daysAgo = (n: number) => collegeToday(Date.now() - n * 86_400_000);

type Request = [method: string, path: string, body?: unknown];
interface Measured {
  route: string;
  request: () => Request;
  /** Runs after each measured request (e.g. deletes what a create made), outside the timing. */
  after?: (result: CallResult) => Promise<void>;
}

/**
 * Handler overhead on every route a signed-in user calls in a day (the sign-in and password routes
 * spend their time hashing by design; structure deletes are counted in the cost section). Each
 * request goes through the whole local stack (HTTP → event adapter → handler → DynamoDB Local);
 * the handler's own time is measured around the Lambda handler and set against the time the same
 * requests spent waiting on DynamoDB, measured inside the SDK in the same run. The difference is
 * what our code adds: middy, zod, jose, JSON, the session check.
 */
export async function measureOverhead(context: BenchContext): Promise<OverheadRow[]> {
  const { demo, call } = context;
  let markSerial = 0;
  const markBody = (students = demo.divisionStudents.slice(0, 20)) => {
    const n = markSerial++;
    return {
      presentStudentData: students,
      date: daysAgo(1 + Math.floor(n / demo.slotIds.length)),
      slotid: demo.slotIds[n % demo.slotIds.length],
      slotcount: 1,
      courseid: demo.courseId,
      groupid: demo.divisionId,
    };
  };
  const marked = await call('POST', '/api/v1/attendance', markBody());
  const session = marked.data as { _id: string; version: number };
  let version = session.version;
  let corrections = 0;
  const faculty = ((await call('GET', '/api/v1/user')).data as { _id: string; role: string }[]).find((user) => user.role === 'faculty')!;
  const settings = (await call('GET', '/api/v1/settings')).data as { threshold: number };
  const made = (result: CallResult) => (result.data as { _id: string })._id;

  const routes: Measured[] = [
    { route: 'POST attendance (mark 20)', request: () => ['POST', '/api/v1/attendance', markBody()] },
    {
      route: 'PATCH attendance/{id} (correct 1)',
      request: () => {
        const status = corrections++ % 2 ? 'present' : 'absent';
        return [
          'PATCH',
          `/api/v1/attendance/${session._id}`,
          { statuses: { [demo.divisionStudents[0]!]: status }, reason: 'Bench', version },
        ];
      },
      after: async (result) => void (version = (result.data as { version: number }).version),
    },
    { route: 'GET config', request: () => ['GET', '/api/v1/config'] },
    { route: 'GET auth/currentstatus', request: () => ['GET', '/api/v1/auth/currentstatus'] },
    { route: 'GET auth/sessions', request: () => ['GET', '/api/v1/auth/sessions'] },
    { route: 'GET user', request: () => ['GET', '/api/v1/user'] },
    { route: 'GET term', request: () => ['GET', '/api/v1/term'] },
    { route: 'GET term/active', request: () => ['GET', '/api/v1/term/active'] },
    { route: 'GET semester/{termid}', request: () => ['GET', `/api/v1/semester/${demo.termId}`] },
    { route: 'GET semester/{id}/dependents', request: () => ['GET', `/api/v1/semester/${demo.semesterId}/dependents`] },
    { route: 'GET division/{semid}', request: () => ['GET', `/api/v1/division/${demo.semesterId}`] },
    { route: 'GET division/{id}/dependents', request: () => ['GET', `/api/v1/division/${demo.divisionId}/dependents`] },
    { route: 'GET batch/{divisionid}', request: () => ['GET', `/api/v1/batch/${demo.divisionId}`] },
    { route: 'GET batch/{id}/dependents', request: () => ['GET', `/api/v1/batch/${demo.batchId}/dependents`] },
    { route: 'GET course/{semid}', request: () => ['GET', `/api/v1/course/${demo.semesterId}`] },
    { route: 'GET course/{id}/dependents', request: () => ['GET', `/api/v1/course/${demo.courseId}/dependents`] },
    { route: 'GET slot/{termid}', request: () => ['GET', `/api/v1/slot/${demo.termId}`] },
    { route: 'GET student/{batchid}', request: () => ['GET', `/api/v1/student/${demo.batchId}`] },
    { route: 'GET student/division/{divisionid}', request: () => ['GET', `/api/v1/student/division/${demo.divisionId}`] },
    { route: 'GET student/student/{id}', request: () => ['GET', `/api/v1/student/student/${demo.divisionStudents[0]}`] },
    {
      route: 'GET attendance (by date)',
      request: () => ['GET', `/api/v1/attendance?date=${daysAgo(1)}&slotid=${demo.slotIds[0]}&slotcount=1&courseid=${demo.courseId}`],
    },
    {
      route: 'GET attendance/criteria (7 days)',
      request: () => [
        'GET',
        `/api/v1/attendance/criteria?startdate=${daysAgo(7)}&enddate=${daysAgo(1)}&slotcount=1&courseid=${demo.courseId}`,
      ],
    },
    { route: 'GET attendance/{id}/history', request: () => ['GET', `/api/v1/attendance/${session._id}/history`] },
    { route: 'GET attendance/missing', request: () => ['GET', `/api/v1/attendance/missing?date=${daysAgo(1)}`] },
    { route: 'GET settings', request: () => ['GET', '/api/v1/settings'] },
    { route: 'PATCH settings', request: () => ['PATCH', '/api/v1/settings', { threshold: settings.threshold + (markSerial++ % 2) }] },
    { route: 'GET timetable', request: () => ['GET', `/api/v1/timetable?termid=${demo.termId}`] },
    { route: 'GET timetable/today', request: () => ['GET', `/api/v1/timetable/today?date=${daysAgo(1)}`] },
    {
      route: 'GET report/defaulters (division)',
      request: () => ['GET', `/api/v1/report/defaulters?semid=${demo.semesterId}&divisionid=${demo.divisionId}`],
    },
    { route: 'GET report/student/{id}', request: () => ['GET', `/api/v1/report/student/${demo.divisionStudents[0]}`] },
    {
      route: 'POST course',
      request: () => ['POST', '/api/v1/course', { name: `Bench course ${markSerial++}`, semid: demo.semesterId }],
      after: async (result) => void (await call('DELETE', `/api/v1/course/${made(result)}`)),
    },
    {
      route: 'POST timetable',
      request: () => [
        'POST',
        '/api/v1/timetable',
        {
          termid: demo.termId,
          weekday: 7,
          slotid: demo.slotIds.at(-1),
          courseid: demo.courseId,
          slotcount: 1,
          groupid: demo.divisionId,
          facultyid: faculty._id,
        },
      ],
      after: async (result) => void (await call('DELETE', `/api/v1/timetable/${made(result)}`)),
    },
  ];
  const rows: OverheadRow[] = [];
  for (const { route, request, after } of routes) {
    const totals: number[] = [];
    const handlerTimes: number[] = [];
    const dbTimes: number[] = [];
    let requests = 0;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const [method, path, body] = request();
      const started = performance.now();
      const { result, usage } = await metered(() => call(method, path, body));
      const elapsed = performance.now() - started;
      if (result.status >= 300) throw new Error(`${route}: ${result.status} ${result.message}`);
      const handlerMs = handlerTime.lastMs;
      await after?.(result);
      if (i < WARMUP) continue;
      totals.push(elapsed);
      handlerTimes.push(handlerMs);
      dbTimes.push(usage.ms);
      requests = usage.requests;
    }
    const dbP50 = percentile(dbTimes, 50);
    const handlerP50 = percentile(handlerTimes, 50);
    rows.push({
      route,
      p50: round(percentile(totals, 50)),
      p95: round(percentile(totals, 95)),
      handlerP50: round(handlerP50),
      handlerP95: round(percentile(handlerTimes, 95)),
      dbP50: round(dbP50),
      dbP95: round(percentile(dbTimes, 95)),
      requests,
      ratio: dbP50 ? round(handlerP50 / dbP50) : 0,
    });
  }
  await call('PATCH', '/api/v1/settings', { threshold: settings.threshold });
  return rows;
}
