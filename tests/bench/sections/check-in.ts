import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DEFAULT_TIME_ZONE, formatTime, wallClock } from '@shared/dates';
import type { BenchContext } from '../context';
import { inParallel, percentile, round } from '../measure';
import { studentSignIn } from './family';

export interface CheckInBurstResult {
  students: number;
  seconds: number;
  errors: number;
  /** POST checkin/student, in ms. */
  checkIn: { p50: number; p95: number; p99: number; max: number };
  /** The students the teacher's check-in lists afterwards, and whether they are exactly those who checked in. */
  listed: number;
  exact: boolean;
}

const STUDENTS = 200;
const WINDOW_SECONDS = 60;

/**
 * A lecture of 200 checks in within a minute (docs/product.md §2.18): 200 students imported into a division of
 * the demo semester and signed in; the admin opens check-in for a slot of now; the classroom screen reads the
 * code every 2 s; student i checks in at i × 300 ms with the code on the screen then, from a phone of their own.
 */
export async function measureCheckInBurst(context: BenchContext): Promise<CheckInBurstResult> {
  const { demo, call } = context;
  const semester = ((await call('GET', `/api/v1/semester/${demo.termId}`)).data as { _id: string; name: string }[]).find(
    (one) => one._id === demo.semesterId,
  )!;
  const rows = Array.from({ length: STUDENTS }, (_, n) => {
    const enrollment = `CK${String(n).padStart(4, '0')}`;
    return {
      row: n + 2,
      enrollment,
      name: `Student ${enrollment}`,
      email: `${enrollment.toLowerCase()}@bench.test`,
      semester: semester.name,
      division: 'Check-in Division',
      batch: 'Check-in Division A',
    };
  });
  const imported = await call('POST', '/api/v1/student/import', { rows, dryRun: false, createMissing: true });
  if (imported.status !== 200) throw new Error(`import: ${imported.status} ${imported.message}`);
  const division = ((await call('GET', `/api/v1/division/${demo.semesterId}`)).data as { _id: string; name: string }[]).find(
    (one) => one.name === 'Check-in Division',
  )!;
  const ids = ((await call('GET', `/api/v1/student/division/${division._id}`)).data as { batchStudents: { _id: string } }[]).map(
    (entry) => entry.batchStudents._id,
  );
  const { minute } = wallClock(DEFAULT_TIME_ZONE);
  const slot = await call('POST', '/api/v1/slot', {
    name: 'Check-in now',
    termid: demo.termId,
    start: formatTime(Math.max(0, minute - 30)),
    end: formatTime(Math.min(23 * 60 + 59, minute + 30)),
  });
  if (slot.status !== 201) throw new Error(`slot: ${slot.status} ${slot.message}`);
  const slotid = (slot.data as { _id: string })._id;
  const opened = await call('POST', '/api/v1/checkin', { courseid: demo.courseId, slotid, slotcount: 1, groupid: division._id });
  if (opened.status !== 201) throw new Error(`check-in: ${opened.status} ${opened.message}`);
  const checkInId = (opened.data as { _id: string })._id;
  const signedIn = await studentSignIn();
  const cookies = await inParallel(
    16,
    ids.map((id) => () => signedIn(id)),
  );

  // The classroom screen: the code now, read every 2 s.
  let code = (opened.data as { code: string }).code;
  const screen = setInterval(() => {
    void call('GET', `/api/v1/checkin/${checkInId}`).then((answer) => {
      if (answer.status === 200) code = (answer.data as { code: string }).code;
    });
  }, 2000);
  const times: number[] = [];
  let errors = 0;
  const spacing = (WINDOW_SECONDS * 1000) / ids.length;
  const start = performance.now();
  try {
    await Promise.all(
      ids.map(async (_, n) => {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + n * spacing - performance.now())));
        const started = performance.now();
        const response = await fetch(`${context.stack.url}/api/v1/checkin/student`, {
          method: 'POST',
          headers: { cookie: cookies[n]!, 'content-type': 'application/json' },
          body: JSON.stringify({ code, deviceKey: randomUUID() }),
        }).catch(() => null);
        if (response) await response.arrayBuffer();
        times.push(performance.now() - started);
        if (response?.status !== 201) errors += 1;
      }),
    );
  } finally {
    clearInterval(screen);
  }
  const view = await call('GET', `/api/v1/checkin/${checkInId}`);
  const listed = (view.data as { checkedIn: { _id: string }[] }).checkedIn.map((one) => one._id);
  return {
    students: ids.length,
    seconds: WINDOW_SECONDS,
    errors,
    checkIn: {
      p50: round(percentile(times, 50), 1),
      p95: round(percentile(times, 95), 1),
      p99: round(percentile(times, 99), 1),
      max: round(Math.max(...times), 1),
    },
    listed: listed.length,
    exact: listed.length === ids.length && [...listed].sort().join() === [...ids].sort().join(),
  };
}
