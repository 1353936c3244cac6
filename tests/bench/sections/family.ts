import { performance } from 'node:perf_hooks';
import { IMPORT_MAX_ROWS } from '@shared/schemas/student-import';
import { collegeToday } from '@tests/support/college-time';
import type { BenchContext } from '../context';
import { inParallel, percentile, round } from '../measure';

export interface FamilyBurstResult {
  students: number;
  /** The window the students open their Home in, spread evenly. */
  seconds: number;
  requests: number;
  errors: number;
  /** GET report/student/{id}/standing, in ms. */
  standing: { p50: number; p95: number; p99: number; max: number };
}

const STUDENTS = 2000;
const DIVISIONS = 20;
const WINDOW_SECONDS = 60;
const LECTURES = 12;
const daysAgo = (n: number) => collegeToday(Date.now() - n * 86_400_000);

const summary = (values: number[]) => ({
  p50: round(percentile(values, 50), 1),
  p95: round(percentile(values, 95), 1),
  p99: round(percentile(values, 99), 1),
  max: round(Math.max(...values), 1),
});

/**
 * 2,000 students open their Home within 60 s: imported into the demo semester (20 divisions of 100), each
 * division with 12 lectures marked and a lecture in the timetable, each student signed in; then student i
 * opens the page at i × 30 ms: the page reads their standing (their sessions are a page of their own).
 */
export async function measureFamilyBurst(context: BenchContext): Promise<FamilyBurstResult> {
  const { demo, call } = context;
  const { createUser } = await import('@functions/lib/repositories/users');
  const signedIn = await studentSignIn();
  const rows = Array.from({ length: STUDENTS }, (_, n) => {
    const enrollment = `FB${String(n).padStart(5, '0')}`;
    const division = `Home Division ${1 + (n % DIVISIONS)}`;
    return { row: n + 2, enrollment, name: `Student ${enrollment}`, email: `${enrollment.toLowerCase()}@bench.test`, division };
  });
  const semester = ((await call('GET', `/api/v1/semester/${demo.termId}`)).data as { _id: string; name: string }[]).find(
    (one) => one._id === demo.semesterId,
  )!;
  for (let at = 0; at < rows.length; at += IMPORT_MAX_ROWS) {
    const batch = rows.slice(at, at + IMPORT_MAX_ROWS).map((row) => ({ ...row, semester: semester.name, batch: `${row.division} A` }));
    const answer = await call('POST', '/api/v1/student/import', { rows: batch, dryRun: false, createMissing: true });
    if (answer.status !== 200) throw new Error(`import: ${answer.status} ${answer.message}`);
  }

  const divisions = ((await call('GET', `/api/v1/division/${demo.semesterId}`)).data as { _id: string; name: string }[]).filter((one) =>
    one.name.startsWith('Home Division'),
  );
  const teacher = await createUser({ username: 'Bench Home', email: `home-${Date.now()}@bench.test`, role: 'faculty', passwordHash: 'x' });
  const ids: string[] = [];
  for (const [d, division] of divisions.entries()) {
    const students = ((await call('GET', `/api/v1/student/division/${division._id}`)).data as { batchStudents: { _id: string } }[]).map(
      (entry) => entry.batchStudents._id,
    );
    ids.push(...students);
    const entry = await call('POST', '/api/v1/timetable', {
      termid: demo.termId,
      weekday: 1 + (d % 7),
      slotid: demo.slotIds[Math.floor(d / 7)],
      courseid: demo.courseId,
      slotcount: 1,
      groupid: division._id,
      facultyid: teacher._id,
    });
    if (entry.status !== 201) throw new Error(`timetable: ${entry.status} ${entry.message}`);
    for (let day = 1; day <= LECTURES; day++) {
      const mark = await call('POST', '/api/v1/attendance', {
        presentStudentData: students.filter((_, n) => (n + day) % 5 !== 0),
        date: daysAgo(200 + day),
        slotid: demo.slotIds[5],
        slotcount: 1,
        courseid: demo.courseId,
        groupid: division._id,
      });
      if (mark.status !== 201) throw new Error(`attendance: ${mark.status} ${mark.message}`);
    }
  }
  const cookies = await inParallel(
    16,
    ids.map((id) => () => signedIn(id)),
  );

  const standing: number[] = [];
  let errors = 0;
  const timed = async (into: number[], path: string, cookie: string) => {
    const started = performance.now();
    const response = await fetch(`${context.stack.url}${path}`, { headers: { cookie } }).catch(() => null);
    if (response) await response.arrayBuffer();
    into.push(performance.now() - started);
    if (response?.status !== 200) errors += 1;
  };
  const spacing = (WINDOW_SECONDS * 1000) / ids.length;
  const start = performance.now();
  await Promise.all(
    ids.map(async (id, n) => {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + n * spacing - performance.now())));
      await timed(standing, `/api/v1/report/student/${id}/standing`, cookies[n]!);
    }),
  );
  return {
    students: ids.length,
    seconds: WINDOW_SECONDS,
    requests: standing.length,
    errors,
    standing: summary(standing),
  };
}

/** Signs a student in as a sign-in by link does (their account opened, a login session stored): their cookie header. */
export async function studentSignIn(): Promise<(id: string) => Promise<string>> {
  const { newLoginSession, signedInUser } = await import('@functions/lib/auth/sign-in');
  const { openStudentAccount } = await import('@functions/lib/repositories/accounts');
  const { loginSessionItem } = await import('@functions/lib/repositories/login-sessions');
  const { getStudent } = await import('@functions/lib/repositories/students');
  const { transact } = await import('@functions/lib/writes');
  return async (id) => {
    const account = await openStudentAccount((await getStudent(id))!);
    const { loginSession, cookie } = await newLoginSession(signedInUser(account), { secure: false, userAgent: 'bench' });
    await transact({ loginSession: loginSessionItem(loginSession) });
    return cookie.split(';')[0]!;
  };
}
