import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@shared/dates';
import { attendanceApi, daysAgo } from '@tests/support/attendance';
import { collegeToday } from '@tests/support/college-time';
import { useCollege } from '@tests/support/college';
import { withDatabaseError, withWriteHeld } from '@tests/support/faults';
import { leaveApi } from '@tests/support/leave';
import { leaveDay } from '@functions/lib/entities/leave';
import { useS3Server } from '@tests/support/attachments';
import { useTestStack } from '@tests/support/stack';

/*
 * Leave applications under concurrency and failure (docs/product.md §2.17): overlapping applications sent at once,
 * one approval sent many times, a leave approved while its class is being marked, an approval interrupted halfway.
 */
useS3Server();
const t = useTestStack('admin');
const college = useCollege(t, { prefix: 'LR', perBatch: 3 });
const api = attendanceApi(t);
const leave = leaveApi(t);
const today = collegeToday();
const division = () => college.divisions[0]!;
const studentOf = (b: number, s: number) => division().batches[b]!.students[s]!;
const everyone = () => division().batches.flatMap((batch) => batch.students);
const personal = (from: string, to = from) => ({ kind: 'Personal', from, to, reason: 'Family wedding' });
const place = (date: string) => ({
  date,
  slotid: college.slotids[0],
  classKind: 'lecture' as const,
  courseid: college.courseid,
  groupid: division().id,
});
const lecture = (date: string) => api.mark(t.admin.cookie, { presentStudentIds: everyone(), ...place(date) });
const statusOf = async (date: string, student: string) =>
  (await api.classSession(t.admin.cookie, place(date))).students.find((one) => one._id === student)?.status;
const leaveCorrections = async (sessionId: string, ref: string) =>
  (await api.history(t.admin.cookie, sessionId)).filter((entry) => entry.reason?.startsWith(`Leave ${ref} approved`)).length;

beforeAll(async () => {
  await api.settings(t.admin.cookie, { markBackDays: 30, leaveBackDays: 30 });
});

describe('at once', () => {
  it('stores one of 8 overlapping applications sent together and refuses the others naming it', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, at) =>
        leave.apply(t.admin.cookie, studentOf(0, 0), personal(addDays(today, 10 + (at % 2)), addDays(today, 12))),
      ),
    );
    const stored = results.filter((result) => result.status === 201);
    expect(stored).toHaveLength(1);
    for (const refused of results.filter((result) => result.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain(stored[0]!.body.data.ref);
    }
    const listed = await t.stack.api('GET /leave/student/{id}', { params: { id: studentOf(0, 0) }, cookie: t.admin.cookie });
    expect(listed.body.data).toHaveLength(1);
  });

  it('approves an application sent 6 times at once exactly once: each marked class corrected once', async () => {
    const days = [daysAgo(6), daysAgo(5)];
    const sessions = await Promise.all(days.map(lecture));
    const application = await leave.applied(t.admin.cookie, studentOf(0, 1), personal(days[0]!, days[1]!));
    const results = await Promise.all(Array.from({ length: 6 }, () => leave.decide(t.admin.cookie, application, 'approve')));
    expect(results.map((result) => result.status).every((status) => status === 200 || status === 409)).toBe(true);
    expect(results.some((result) => result.status === 200)).toBe(true);
    const detail = (await leave.detail(t.admin.cookie, application._id)).body.data.application;
    expect(detail).toMatchObject({ status: 'approved', applying: false, classesOnLeave: 2, version: 2 });
    expect(detail.history.filter((step) => step.action === 'approved')).toHaveLength(1);
    for (const session of sessions) expect(await leaveCorrections(session._id, application.ref)).toBe(1);
    for (const day of days) expect(await statusOf(day, studentOf(0, 1))).toBe('excused');
  });

  it('applies a leave approved while its class is being marked, whichever write lands first', async () => {
    const day = daysAgo(8);
    const application = await leave.applied(t.admin.cookie, studentOf(0, 2), personal(day));
    const isMark = (input: Record<string, unknown>) =>
      JSON.stringify(input).includes(JSON.stringify(leaveDay(division().id, day)).slice(1, -1));
    const [marked, approved] = await withWriteHeld(
      isMark,
      () => lecture(day),
      () => leave.decide(t.admin.cookie, application, 'approve'),
    );
    expect(approved.status, approved.body.message).toBe(200);
    expect(marked.version).toBe(1);
    expect(await statusOf(day, studentOf(0, 2))).toBe('excused');
    const after = (await leave.detail(t.admin.cookie, application._id)).body.data.application;
    expect(after.classesOnLeave).toBe(1);
    expect(await leaveCorrections(marked._id, application.ref)).toBe(0);
  });
});

describe('failures', () => {
  it('finishes an approval interrupted halfway when approved again: each class corrected once', async () => {
    const days = [daysAgo(12), daysAgo(11), daysAgo(10)];
    const sessions = await Promise.all(days.map(lecture));
    const application = await leave.applied(t.admin.cookie, studentOf(1, 0), personal(days[0]!, days[2]!));
    let writes = 0;
    const interrupted = await withDatabaseError(
      'InternalServerError',
      (command) => command.startsWith('TransactWrite') && ++writes > 2,
      () => leave.decide(t.admin.cookie, application, 'approve'),
    );
    expect(interrupted.status).toBeGreaterThanOrEqual(500);
    const half = (await leave.detail(t.admin.cookie, application._id)).body.data.application;
    expect(half).toMatchObject({ status: 'approved', applying: true, classesOnLeave: 1 });
    const finished = await leave.decide(t.admin.cookie, half, 'approve');
    expect(finished.status, finished.body.message).toBe(200);
    expect(finished.body.data).toMatchObject({ applying: false, classesOnLeave: 3 });
    for (const session of sessions) expect(await leaveCorrections(session._id, application.ref)).toBe(1);
  });

  it('stores nothing when the application cannot be written, and takes it when sent again', async () => {
    const body = personal(addDays(today, 30));
    const failed = await withDatabaseError(
      'InternalServerError',
      (command) => command.startsWith('TransactWrite'),
      () => leave.apply(t.admin.cookie, studentOf(1, 1), body),
    );
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect((await t.stack.api('GET /leave/student/{id}', { params: { id: studentOf(1, 1) }, cookie: t.admin.cookie })).body.data).toEqual(
      [],
    );
    expect((await leave.apply(t.admin.cookie, studentOf(1, 1), body)).status).toBe(201);
  });
});
