import { collegeToday } from '@tests/support/college-time';
import { performance } from 'node:perf_hooks';
import { checkCourse } from '@functions/lib/repositories/summary-check';
import type { BenchContext } from '../context';
import { inParallel, percentile, round } from '../measure';

export interface MarkingPhase {
  marks: number;
  perSecond: number;
  errors: number;
  /** Answers other than 201, by status. */
  refused: Record<string, number>;
  marksReadBack: number;
  p50: number;
  p95: number;
}

export interface OneGroupResult {
  clients: number;
  seconds: number;
  distinctGroups: MarkingPhase;
  oneGroup: MarkingPhase;
  /** One group's throughput ÷ the distinct groups' (target ≥ 0.8). */
  throughputRatio: number;
  /** One group's p95 ÷ the distinct groups' (target ≤ 1.5). */
  p95Ratio: number;
  /** Summaries that differ from a recount of the sessions afterwards, over every course marked (target 0). */
  summariesDiffering: number;
}

const daysAgo = (n: number) => collegeToday(Date.now() - n * 86_400_000);

/**
 * One group under load: `clients` clients marking distinct sessions for `seconds`, nothing but marks, first each
 * client its own course (distinct summary groups), then all of them one course and division (one
 * group, whose summary every mark updates). Every accepted mark is read back, and the summaries of
 * every course marked are checked against a recount of the sessions afterwards.
 */
export async function measureOneGroup(
  context: Pick<BenchContext, 'demo' | 'call'>,
  clients: number,
  seconds: number,
): Promise<OneGroupResult> {
  const { demo, call } = context;
  const own: string[] = [];
  for (let n = 1; n <= clients; n++) {
    const created = await call('POST', '/api/v1/course', { name: `Group load course ${n}`, semid: demo.semesterId });
    own.push((created.data as { _id: string })._id);
  }
  const shared = own[0]!;
  // Unmeasured: the first seconds of a run warm the JIT of the stack and of DynamoDB Local, which would weigh on whichever came first.
  await markFor((client) => own[client]!, 6000, 15);
  const distinctGroups = await markFor((client) => own[client]!, 2000, seconds);
  const oneGroup = await markFor(() => shared, 4000, seconds);
  const drift = await inParallel(
    4,
    own.map((courseid) => () => checkCourse(courseid)),
  );
  return {
    clients,
    seconds,
    distinctGroups,
    oneGroup,
    throughputRatio: round(oneGroup.perSecond / distinctGroups.perSecond),
    p95Ratio: round(oneGroup.p95 / distinctGroups.p95),
    summariesDiffering: drift.flat().length,
  };

  async function markFor(courseOf: (client: number) => string, firstDay: number, forSeconds: number): Promise<MarkingPhase> {
    const deadline = performance.now() + forSeconds * 1000;
    const latencies: number[] = [];
    const marked: { date: string; slotid: string; courseid: string }[] = [];
    const refused: Record<string, number> = {};
    let serial = 0;
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        while (performance.now() < deadline) {
          const n = serial++;
          // Distinct sessions: every slot of a day, then the day before.
          const session = {
            date: daysAgo(firstDay + Math.floor(n / demo.slotIds.length)),
            slotid: demo.slotIds[n % demo.slotIds.length]!,
            courseid: courseOf(client),
          };
          const started = performance.now();
          const result = await call('POST', '/api/v1/attendance', {
            presentStudentData: demo.divisionStudents.slice(0, 20),
            ...session,
            slotcount: 1,
            groupid: demo.divisionId,
          }).catch(() => ({ status: 0 }));
          latencies.push(performance.now() - started);
          if (result.status === 201) marked.push(session);
          else refused[result.status] = (refused[result.status] ?? 0) + 1;
        }
      }),
    );
    const readBack = await inParallel(
      16,
      marked.map((session) => async () => {
        const query = `date=${session.date}&slotid=${session.slotid}&slotcount=1&courseid=${session.courseid}&groupid=${demo.divisionId}`;
        const result = await call('GET', `/api/v1/attendance?${query}`);
        return (result.data as { presentStudentsName: unknown[] }[])[0]?.presentStudentsName.length === 20;
      }),
    );
    return {
      marks: marked.length,
      perSecond: round(latencies.length / forSeconds, 1),
      errors: Object.values(refused).reduce((sum, count) => sum + count, 0),
      refused,
      marksReadBack: readBack.filter(Boolean).length,
      p50: round(percentile(latencies, 50), 1),
      p95: round(percentile(latencies, 95), 1),
    };
  }
}
