import { collegeToday } from '@tests/support/college-time';
import { performance } from 'node:perf_hooks';
import type { BenchContext } from '../context';
import { inParallel, percentile, round } from '../measure';

export interface LoadResult {
  clients: number;
  seconds: number;
  requests: number;
  perSecond: number;
  errors: number;
  marks: number;
  marksReadBack: number;
  p50: number;
  p95: number;
  p99: number;
}

const daysAgo = (n: number) => collegeToday(Date.now() - n * 86_400_000);

/**
 * `clients` concurrent clients for `seconds` on loopback, each looping over a mixed workload:
 * three reads (terms, a division's students, a day's attendance) and one mark of a session
 * nobody else marks, of one of the division's courses (client i teaches course i mod n, as in a
 * college where each class has its teacher; one course and group marked by every client is
 * one-group.ts). Afterwards every accepted mark is read back.
 */
export async function runLoad(context: Pick<BenchContext, 'demo' | 'call'>, clients: number, seconds: number): Promise<LoadResult> {
  const { demo, call } = context;
  const deadline = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  const marked: { date: string; slotid: string; courseid: string }[] = [];
  let errors = 0;
  let serial = 0;
  const timed = async (method: string, path: string, body?: unknown) => {
    const started = performance.now();
    const result = await call(method, path, body).catch(() => ({ status: 0, message: 'network error', data: null }));
    latencies.push(performance.now() - started);
    if (result.status < 200 || result.status >= 300) errors += 1;
    return result;
  };
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const courseid = demo.courseIds[client % demo.courseIds.length]!;
      while (performance.now() < deadline) {
        const n = serial++;
        // Distinct sessions: 6 slots a day, going back one day every 6 marks.
        const session = {
          date: daysAgo(1000 + Math.floor(n / demo.slotIds.length)),
          slotid: demo.slotIds[n % demo.slotIds.length]!,
          courseid,
        };
        await timed('GET', '/api/v1/term');
        await timed('GET', `/api/v1/student/division/${demo.divisionId}`);
        await timed('GET', `/api/v1/attendance?date=${daysAgo(1)}&slotid=${demo.slotIds[0]}&slotcount=1&courseid=${demo.courseId}`);
        const mark = await timed('POST', '/api/v1/attendance', {
          presentStudentData: demo.divisionStudents.slice(0, 20),
          ...session,
          slotcount: 1,
          groupid: demo.divisionId,
        });
        if (mark.status === 201) marked.push(session);
      }
    }),
  );
  const readBack = await inParallel(
    16,
    marked.map((session) => async () => {
      const result = await call(
        'GET',
        `/api/v1/attendance?date=${session.date}&slotid=${session.slotid}&slotcount=1&courseid=${session.courseid}&groupid=${demo.divisionId}`,
      );
      return (result.data as { presentStudentsName: unknown[] }[])[0]?.presentStudentsName.length === 20;
    }),
  );
  return {
    clients,
    seconds,
    requests: latencies.length,
    perSecond: round(latencies.length / seconds, 1),
    errors,
    marks: marked.length,
    marksReadBack: readBack.filter(Boolean).length,
    p50: round(percentile(latencies, 50), 1),
    p95: round(percentile(latencies, 95), 1),
    p99: round(percentile(latencies, 99), 1),
  };
}
