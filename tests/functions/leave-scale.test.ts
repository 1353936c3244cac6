import { beforeAll, expect, it } from 'vitest';
import type { LeaveApplication } from '@shared/answers/leave';
import { attendanceApi, daysAgo } from '@tests/support/attendance';
import { useCollege } from '@tests/support/college';
import { leaveApi } from '@tests/support/leave';
import { useS3Server } from '@tests/support/attachments';
import { useTestStack } from '@tests/support/stack';

/*
 * A ten-day leave of a whole division of 60 (an industrial visit: one application per student), approved by its
 * coordinators ten at a time: every approval corrects the same ten class sessions, and none is refused as busy.
 */
useS3Server();
const t = useTestStack('admin');
const college = useCollege(t, { prefix: 'LS', perBatch: 30 });
const api = attendanceApi(t);
const leave = leaveApi(t);
const division = () => college.divisions[0]!;
const everyone = () => division().batches.flatMap((batch) => batch.students);
const days = Array.from({ length: 10 }, (_, at) => daysAgo(14 - at));
const place = (date: string) => ({
  date,
  slotid: college.slotids[0],
  classKind: 'lecture' as const,
  courseid: college.courseid,
  groupid: division().id,
});

beforeAll(async () => {
  await api.settings(t.admin.cookie, { markBackDays: 30, leaveBackDays: 30 });
  for (const day of days) await api.mark(t.admin.cookie, { presentStudentIds: [], ...place(day) });
});

it('approves 60 ten-day leaves of one division, ten at a time, with no 503: every class excused for all 60', async () => {
  const applications: LeaveApplication[] = [];
  for (const student of everyone()) {
    applications.push(
      await leave.applied(t.admin.cookie, student, { kind: 'On duty', from: days[0]!, to: days[9]!, reason: 'Industrial visit' }),
    );
  }
  const statuses: number[] = [];
  for (let at = 0; at < applications.length; at += 10) {
    const results = await Promise.all(applications.slice(at, at + 10).map((one) => leave.decide(t.admin.cookie, one, 'approve')));
    statuses.push(...results.map((result) => result.status));
  }
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  for (const day of days) {
    const session = await api.classSession(t.admin.cookie, place(day));
    expect(session.students.filter((student) => student.status === 'present')).toHaveLength(60);
  }
  const report = await api.percentages(t.admin.cookie, {
    startdate: days[0],
    enddate: days[9],
    classKind: 'lecture',
    courseid: college.courseid,
    groupid: division().id,
  });
  expect(report.studentData.every((student) => student.percentage === 100)).toBe(true);
}, 240_000);
