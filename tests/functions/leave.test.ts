import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@shared/dates';
import type { LeaveApplication } from '@shared/answers/leave';
import { attendanceApi, daysAgo } from '@tests/support/attendance';
import { useMailCatcher } from '@tests/support/alerts';
import { collegeToday } from '@tests/support/college-time';
import { useCollege } from '@tests/support/college';
import { namedGuardian, signedInStudent, type FamilyMember } from '@tests/support/family';
import { leaveApi } from '@tests/support/leave';
import { useS3Server } from '@tests/support/attachments';
import { useTestStack, type SignedIn } from '@tests/support/stack';

/*
 * Leave applications (docs/product.md §2.17) against DynamoDB Local: who may apply, see, decide, withdraw and
 * revoke; the college's rules; overlaps; and what approval and revocation do to the classes marked before and after.
 * Two divisions of two batches of 2 (LV001–LV008); a coordinator for each division.
 */
useS3Server();
const mail = useMailCatcher();
const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'LV', divisions: 2, perBatch: 2 });
const api = attendanceApi(t);
const leave = leaveApi(t);
const today = collegeToday();
const division = (d = 0) => college.divisions[d]!;
const studentOf = (d: number, b = 0, s = 0) => division(d).batches[b]!.students[s]!;
const everyone = (d = 0) => division(d).batches.flatMap((batch) => batch.students);
let student: FamilyMember;
let guardian: FamilyMember;
let coordinator: SignedIn;
let otherCoordinator: SignedIn;

const lecture = (date: string, statuses: Record<string, string> = {}, slot = 0) =>
  api.mark(t.admin.cookie, {
    presentStudentIds: everyone(),
    statuses,
    date,
    slotid: college.slotids[slot],
    classKind: 'lecture',
    courseid: college.courseid,
    groupid: division().id,
  });
const sessionOn = (date: string, slot = 0) =>
  api.classSession(t.admin.cookie, {
    date,
    slotid: college.slotids[slot],
    classKind: 'lecture',
    courseid: college.courseid,
    groupid: division().id,
  });
const medical = (from: string, to = from, more: Record<string, unknown> = {}) => ({ kind: 'Personal', from, to, reason: 'Fever', ...more });

beforeAll(async () => {
  await api.settings(t.admin.cookie, { markBackDays: 30, leaveBackDays: 30 });
  student = await signedInStudent(studentOf(0));
  guardian = await namedGuardian(t, { name: 'Parent', email: 'parent.lv@college.test' }, studentOf(0, 0, 1));
  coordinator = await t.stack.signIn('faculty');
  otherCoordinator = await t.stack.signIn('faculty');
  expect((await leave.coordinate(t.admin.cookie, division(0).id, [coordinator.user._id])).status).toBe(200);
  expect((await leave.coordinate(t.admin.cookie, division(1).id, [otherCoordinator.user._id])).status).toBe(200);
});

describe('who may apply', () => {
  it('lets a student apply for themselves, a guardian for their child and an admin for anyone; not for others', async () => {
    const own = await leave.apply(student.cookie, studentOf(0), medical(addDays(today, 40)));
    expect(own.status, own.body.message).toBe(201);
    expect(own.body.data).toMatchObject({ status: 'pending', kind: 'Personal', countsAs: 'excused', classesOnLeave: 0 });
    expect((await leave.apply(guardian.cookie, studentOf(0, 0, 1), medical(addDays(today, 40)))).status).toBe(201);
    expect((await leave.apply(t.admin.cookie, studentOf(1), medical(addDays(today, 40)))).status).toBe(201);
    expect((await leave.apply(student.cookie, studentOf(0, 0, 1), medical(addDays(today, 41)))).status).toBe(403);
    expect((await leave.apply(guardian.cookie, studentOf(0), medical(addDays(today, 41)))).status).toBe(403);
    expect((await leave.apply(t.faculty.cookie, studentOf(0), medical(addDays(today, 41)))).status).toBe(403);
  });

  it("refuses what breaks the college's rules, storing nothing", async () => {
    const before = (await t.stack.api('GET /leave/student/{id}', { params: { id: studentOf(0, 1) }, cookie: t.admin.cookie })).body.data;
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        medical(addDays(today, 50), addDays(today, 50), { kind: 'Holiday' }),
        /one of the college's kinds of leave: Medical, On duty, Personal/,
      ],
      [medical(addDays(today, 50), addDays(today, 55)), /Personal leave can be at most 5 days long/],
      [medical(daysAgo(31)), /at most 30 days back/],
      [{ ...medical(addDays(today, 50), addDays(today, 53)), kind: 'Medical' }, /Medical leave over 2 days needs a certificate/],
      [medical(addDays(today, 50), addDays(today, 49)), /last day must not be before the first day/],
      [
        {
          ...medical(addDays(today, 50)),
          classes: [{ date: addDays(today, 51), slotid: college.slotids[0], courseid: college.courseid, classKind: 'lecture' }],
        },
        /between the first and the last day/,
      ],
      [{ ...medical(addDays(today, 50)), attachment: { uploadId: 'never-uploaded', name: 'cert.pdf' } }, /was not uploaded/],
    ];
    for (const [body, message] of cases) {
      const result = await leave.apply(t.admin.cookie, studentOf(0, 1), body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.message).toMatch(message);
    }
    const after = (await t.stack.api('GET /leave/student/{id}', { params: { id: studentOf(0, 1) }, cookie: t.admin.cookie })).body.data;
    expect(after).toEqual(before);
  });

  it('refuses an application overlapping a pending or approved one, naming it; not one overlapping a withdrawn one', async () => {
    const first = await leave.applied(t.admin.cookie, studentOf(0, 1, 1), medical(addDays(today, 60), addDays(today, 62)));
    const overlapping = await leave.apply(t.admin.cookie, studentOf(0, 1, 1), medical(addDays(today, 62), addDays(today, 63)));
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.message).toContain(first.ref);
    const chosen = (date: string, slot: number) => ({
      date,
      slotid: college.slotids[slot]!,
      courseid: college.courseid,
      classKind: 'lecture' as const,
    });
    expect(
      (await leave.apply(t.admin.cookie, studentOf(0, 1, 1), { ...medical(addDays(today, 70)), classes: [chosen(addDays(today, 70), 0)] }))
        .status,
    ).toBe(201);
    expect(
      (await leave.apply(t.admin.cookie, studentOf(0, 1, 1), { ...medical(addDays(today, 70)), classes: [chosen(addDays(today, 70), 1)] }))
        .status,
    ).toBe(201);
    expect((await leave.apply(t.admin.cookie, studentOf(0, 1, 1), medical(addDays(today, 70)))).status).toBe(409);
    expect((await leave.withdraw(t.admin.cookie, first)).status).toBe(200);
    expect((await leave.apply(t.admin.cookie, studentOf(0, 1, 1), medical(addDays(today, 62)))).status).toBe(201);
  });
});

describe('who may see and decide', () => {
  let application: LeaveApplication;
  beforeAll(async () => {
    application = await leave.applied(student.cookie, studentOf(0), medical(addDays(today, 80)));
  });

  it("shows the application to its student, the division's coordinators and admins only", async () => {
    for (const cookie of [student.cookie, coordinator.cookie, t.admin.cookie]) {
      const seen = await leave.detail(cookie, application._id);
      expect(seen.status, seen.body.message).toBe(200);
      expect(seen.body.data.application.ref).toBe(application.ref);
    }
    for (const cookie of [otherCoordinator.cookie, t.faculty.cookie, guardian.cookie])
      expect((await leave.detail(cookie, application._id)).status).toBe(403);
    const mine = await leave.list(coordinator.cookie);
    expect(mine.body.data.map((one) => one._id)).toContain(application._id);
    expect((await leave.list(otherCoordinator.cookie)).body.data.map((one) => one._id)).not.toContain(application._id);
    expect((await leave.list(t.faculty.cookie)).body.data).toEqual([]);
  });

  it('lets only a coordinator of the division or an admin decide, and only the version read', async () => {
    expect((await leave.decide(otherCoordinator.cookie, application, 'approve')).status).toBe(403);
    expect((await leave.decide(t.faculty.cookie, application, 'approve')).status).toBe(403);
    expect((await leave.decide(student.cookie, application, 'approve')).status).toBe(403);
    expect((await leave.decide(coordinator.cookie, { ...application, version: 9 }, 'approve')).status).toBe(409);
    const rejected = await leave.decide(coordinator.cookie, application, 'reject', 'No certificate');
    expect(rejected.status, rejected.body.message).toBe(200);
    expect(rejected.body.data.status).toBe('rejected');
    expect(rejected.body.data.history.at(-1)).toMatchObject({
      action: 'rejected',
      comment: 'No certificate',
      by: { _id: coordinator.user._id },
    });
    expect((await leave.decide(coordinator.cookie, rejected.body.data, 'approve')).status).toBe(409);
    const pendingOnly = (await leave.list(coordinator.cookie, { status: 'pending' })).body.data.map((one) => one._id);
    const anyStatus = (await leave.list(coordinator.cookie)).body.data.map((one) => one._id);
    expect([pendingOnly.includes(application._id), anyStatus.includes(application._id)]).toEqual([false, true]);
    expect((await leave.withdraw(student.cookie, rejected.body.data)).status).toBe(409);
  });

  it('lets the student withdraw while pending, not a coordinator', async () => {
    const pending = await leave.applied(student.cookie, studentOf(0), medical(addDays(today, 90)));
    expect((await leave.withdraw(coordinator.cookie, pending)).status).toBe(403);
    const withdrawn = await leave.withdraw(student.cookie, pending);
    expect(withdrawn.body.data.status).toBe('withdrawn');
    expect((await leave.decide(coordinator.cookie, withdrawn.body.data, 'approve')).status).toBe(409);
  });
});

describe('what approval does', () => {
  it('excuses the classes marked before, applies to classes marked after, and revocation restores what was marked', async () => {
    const [day1, day2] = [daysAgo(3), daysAgo(2)];
    const marked = await lecture(day1, { [studentOf(0)]: 'absent' });
    await lecture(day1, { [studentOf(0)]: 'late' }, 1);
    const application = await leave.applied(student.cookie, studentOf(0), medical(day1, day2));
    const detail = await leave.detail(coordinator.cookie, application._id);
    expect(detail.body.data.covers.map((one) => one.status)).toEqual(['absent', 'late']);

    const approved = await leave.decide(coordinator.cookie, application, 'approve', 'Get well soon');
    expect(approved.status, approved.body.message).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', applying: false, classesOnLeave: 2 });
    const session = await sessionOn(day1);
    expect(session.students.find((one) => one._id === studentOf(0))?.status).toBe('excused');
    const history = await api.history(t.admin.cookie, marked._id);
    expect(history.at(-1)).toMatchObject({ reason: `Leave ${application.ref} approved by ${coordinator.user.username}` });

    const onLeave = await t.stack.api('GET /leave/group/{groupid}', {
      params: { groupid: division().id },
      query: { date: day2 },
      cookie: t.faculty.cookie,
    });
    expect(onLeave.body.data).toEqual([{ studentid: studentOf(0), leaveid: application._id, kind: 'Personal', status: 'excused' }]);
    await lecture(day2, { [studentOf(0)]: 'present' });
    expect((await sessionOn(day2)).students.find((one) => one._id === studentOf(0))?.status).toBe('excused');
    expect((await leave.detail(student.cookie, application._id)).body.data.application.classesOnLeave).toBe(3);
    const defaulters = async () =>
      (await t.stack.api('GET /report/defaulters', { query: { semid: college.semid }, cookie: t.admin.cookie })).body.data.students;
    expect((await defaulters()).find((row) => row._id === studentOf(0))?.onLeave).toBe(3);

    const revoked = await leave.revoke(t.admin.cookie, approved.body.data);
    expect(revoked.status, revoked.body.message).toBe(200);
    expect(revoked.body.data).toMatchObject({ status: 'revoked', applying: false, classesOnLeave: 0 });
    const statuses = async (date: string, slot = 0) =>
      (await sessionOn(date, slot)).students.find((one) => one._id === studentOf(0))?.status;
    expect([await statuses(day1), await statuses(day1, 1), await statuses(day2)]).toEqual(['absent', 'late', 'present']);
    expect((await defaulters()).find((row) => row._id === studentOf(0))?.onLeave).toBe(0);
    expect(
      (
        await t.stack.api('GET /leave/group/{groupid}', {
          params: { groupid: division().id },
          query: { date: day2 },
          cookie: t.faculty.cookie,
        })
      ).body.data,
    ).toEqual([]);
    expect((await leave.revoke(coordinator.cookie, revoked.body.data)).status).toBe(403);
  });

  it('marks an on-duty leave present, and emails each step to the student and guardian', async () => {
    const day = daysAgo(5);
    await lecture(day, { [studentOf(0, 0, 1)]: 'absent' });
    const application = await leave.applied(guardian.cookie, studentOf(0, 0, 1), { ...medical(day), kind: 'On duty' });
    expect(application.countsAs).toBe('present');
    const approved = await leave.decide(t.admin.cookie, application, 'approve');
    expect(approved.body.data.classesOnLeave).toBe(1);
    expect((await sessionOn(day)).students.find((one) => one._id === studentOf(0, 0, 1))?.status).toBe('present');
    const mails = await mail.mails(4);
    const subjects = mails.map((one) => `${one.to[0]!.address}: ${one.subject}`);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^lv002@college.test: .*On duty leave ${application.ref} applied`)),
        expect.stringMatching(new RegExp(`^parent.lv@college.test: .*On duty leave ${application.ref} applied`)),
        expect.stringMatching(new RegExp(`^lv002@college.test: .*On duty leave ${application.ref} approved`)),
        expect.stringMatching(new RegExp(`^parent.lv@college.test: .*On duty leave ${application.ref} approved`)),
      ]),
    );
  });
});
