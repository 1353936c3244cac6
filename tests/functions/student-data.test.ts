import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@shared/dates';
import { STUDENT_DATA_MESSAGES as M } from '@shared/schemas/student-data';
import { deliverAll } from '@functions/lib/alerts/deliver';
import { codeOf, windowAt } from '@functions/lib/check-in/codes';
import { checkInClassOfId } from '@functions/lib/entities/check-in';
import { runRetention } from '@functions/lib/privacy/retention';
import { getCheckIn } from '@functions/lib/repositories/check-ins';
import { collegeToday } from '@tests/support/college-time';
import { buildCollege, create, lectureMark, slotOfNow, useCollege } from '@tests/support/college';
import { signedInGuardian, signedInStudent, type FamilyMember } from '@tests/support/family';
import { leaveApi } from '@tests/support/leave';
import { withDatabaseError } from '@tests/support/faults';
import { useTestStack } from '@tests/support/stack';
import { allItems, itemsMentioning } from '@tests/support/table';

/*
 * A student's data on request and erasure (docs/product.md §2.21), against DynamoDB Local: the export holds every kind
 * of item SAMS keeps about a student; the student and guardians download it only once an admin fulfils their request;
 * erasure leaves nothing that names the student but the class sessions' anonymous marks, and every classmate's
 * percentages as they were; the retention job erases only the students of terms past the period.
 */

const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'PRV', perBatch: 2 });
const leave = leaveApi(t);
const guardianContact = { name: 'Asha Rao', email: 'asha.rao@family.test' };
let studentId: string;
let student: FamilyMember;
let guardian: FamilyMember;

const exportOf = (id: string, cookie = t.admin.cookie) => t.stack.api('GET /student/{id}/export', { params: { id }, cookie });
const percentagesOf = async (id: string) => {
  const record = await t.stack.api('GET /report/student/{id}', { params: { id }, query: {}, cookie: t.admin.cookie });
  expect(record.status).toBe(200);
  return record.body.data.courses;
};

beforeAll(async () => {
  studentId = college.divisions[0]!.batches[0]!.students[0]!;
  const patched = await t.stack.api('PATCH /student/{id}', {
    params: { id: studentId },
    cookie: t.admin.cookie,
    body: { guardians: [{ ...guardianContact, relation: 'Mother' }] },
  });
  expect(patched.status).toBe(200);
  [student, guardian] = await Promise.all([signedInStudent(studentId), signedInGuardian(guardianContact, [studentId])]);

  // Marks and a correction: the student absent, then corrected to present.
  const marked = await t.stack.api('POST /attendance', {
    cookie: t.faculty.cookie,
    body: lectureMark(college, { presentStudentIds: [] }) as never,
  });
  expect(marked.status).toBe(201);
  const corrected = await t.stack.api('PATCH /attendance/{id}', {
    params: { id: marked.body.data._id },
    cookie: t.faculty.cookie,
    body: { version: 1, statuses: { [studentId]: 'present' }, reason: 'Came late with a pass' } as never,
  });
  expect(corrected.status, corrected.body.message).toBe(200);
  // Leave, applied by the student.
  await leave.applied(student.cookie, studentId, {
    kind: 'Personal',
    from: addDays(collegeToday(), 20),
    to: addDays(collegeToday(), 20),
    reason: 'Wedding',
  });
  // A check-in to a class of now.
  const slotid = await slotOfNow(t.stack, t.admin.cookie, college.termid);
  const opened = await t.stack.api('POST /checkin', {
    cookie: t.faculty.cookie,
    body: { courseid: college.courseid, slotid, classKind: 'lecture', groupid: college.divisions[0]!.id } as never,
  });
  expect(opened.status, opened.body.message).toBeLessThan(300);
  const stored = (await getCheckIn(checkInClassOfId(opened.body.data._id)!))!;
  const checkedIn = await t.stack.api('POST /checkin/student', {
    cookie: student.cookie,
    body: { code: codeOf(stored.secret, windowAt(Date.now())), deviceKey: 'k'.repeat(43) } as never,
  });
  expect(checkedIn.status, checkedIn.body.message).toBeLessThan(300);
  // An alert email about the student, to the student, delivered as the jobs deliver them.
  const report = await deliverAll(
    { job: 'absence-streak', period: collegeToday() },
    [
      {
        recipient: { kind: 'student', id: studentId },
        subject: 'streak',
        compose: (to) => ({ to, fromName: 'SAMS', subject: 'Absent', text: 'Absent', html: '<p>Absent</p>' }),
      },
    ],
    { mailer: { send: async () => {} }, deadline: Date.now() + 60_000 },
  );
  expect(report.sent).toBe(1);
  // A read of their record by staff: an audit entry about them.
  expect((await t.stack.api('GET /report/student/{id}', { params: { id: studentId }, query: {}, cookie: t.faculty.cookie })).status).toBe(
    200,
  );
});

describe("a student's data", () => {
  it('exports every kind of item SAMS holds about the student, to an admin', async () => {
    const exported = await exportOf(studentId);
    expect(exported.status, exported.body.message).toBe(200);
    const data = exported.body.data;
    expect(data.student).toMatchObject({ _id: studentId, enrollment: 'PRV001', guardians: [expect.objectContaining(guardianContact)] });
    expect(data.place).toEqual({ term: 'Term PRV', semester: 'Semester 1', division: 'Division 1', batch: 'Batch 1A' });
    expect(data.account).toMatchObject({ email: 'prv001@college.test' });
    expect(data.account!.sessions.length).toBeGreaterThan(0);
    expect(data.record.sessions).toEqual([
      expect.objectContaining({ status: 'present', corrected: expect.objectContaining({ reason: 'Came late with a pass' }) }),
    ]);
    expect(data.leave.map((one) => one.reason)).toEqual(['Wedding']);
    expect(data.checkIns).toEqual([expect.objectContaining({ date: collegeToday(), course: 'Physics', classKind: 'lecture', flags: [] })]);
    expect(data.alerts).toEqual([expect.objectContaining({ job: 'absence-streak', to: 'the student', state: 'sent' })]);
    const actions = data.audit.map((entry) => entry.action);
    // About them (the correction, the staff read) and by them (the leave application, the check-in).
    expect(actions).toEqual(
      expect.arrayContaining([
        'PATCH /student/{id}',
        'PATCH /attendance/{id}',
        'POST /leave/student/{id}',
        'POST /checkin/student',
        'GET /report/student/{id}',
      ]),
    );
    // The export itself is an entry about them.
    const again = await exportOf(studentId);
    expect(again.body.data.audit.map((entry) => entry.action)).toContain('GET /student/{id}/export');
  });

  it('reaches the student and guardians only once an admin fulfils their request, for 30 days', async () => {
    const refused = await exportOf(studentId, student.cookie);
    expect([refused.status, refused.body.message]).toEqual([409, M.notReady]);
    expect(
      (await t.stack.api('GET /student/{id}/data-request', { params: { id: studentId }, cookie: guardian.cookie })).body.data,
    ).toBeNull();

    // Asked for three times at once (a double tap, the guardian too): one request, made by one of them.
    const asked = await Promise.all(
      [student, student, guardian].map((who) =>
        t.stack.api('POST /student/{id}/data-request', { params: { id: studentId }, cookie: who.cookie }),
      ),
    );
    expect(asked.map((one) => one.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(asked.map((one) => one.body.data.requestedAt)).size).toBe(1);
    const listed = await t.stack.api('GET /student/data-requests', { cookie: t.admin.cookie });
    expect(listed.body.data).toEqual([
      expect.objectContaining({ studentid: studentId, status: 'requested', student: { name: 'Student PRV001', enrollment: 'PRV001' } }),
    ]);
    expect((await exportOf(studentId, guardian.cookie)).status).toBe(409);

    // Two admins fulfil it at once: one does, the other is told there is nothing left to fulfil.
    const fulfilled = await Promise.all(
      [0, 1].map(() => t.stack.api('POST /student/{id}/data-request/fulfil', { params: { id: studentId }, cookie: t.admin.cookie })),
    );
    expect(fulfilled.map((one) => one.status).sort()).toEqual([200, 409]);
    const ready = fulfilled.find((one) => one.status === 200)!.body.data;
    expect(ready).toMatchObject({ status: 'ready', fulfilledBy: { role: 'admin' } });
    expect(Date.parse(ready.readyUntil!) - Date.parse(ready.fulfilledAt!)).toBe(30 * 86_400_000);
    expect((await t.stack.api('GET /student/data-requests', { cookie: t.admin.cookie })).body.data).toEqual([]);
    for (const who of [student, guardian]) expect((await exportOf(studentId, who.cookie)).status).toBe(200);
    // Asked again while ready: the ready one answers, nothing changes.
    const repeat = await t.stack.api('POST /student/{id}/data-request', { params: { id: studentId }, cookie: student.cookie });
    expect([repeat.status, repeat.body.data.status]).toEqual([200, 'ready']);
  });

  it('is never another family’s: a guardian of another student is refused', async () => {
    const other = college.divisions[0]!.batches[1]!.students[0]!;
    const contact = { name: 'Ravi Kumar', email: 'ravi.kumar@family.test' };
    const patched = await t.stack.api('PATCH /student/{id}', {
      params: { id: other },
      cookie: t.admin.cookie,
      body: { guardians: [{ ...contact, relation: 'Father' }] },
    });
    expect(patched.status).toBe(200);
    const stranger = await signedInGuardian(contact, [other]);
    expect((await exportOf(studentId, stranger.cookie)).status).toBe(403);
    expect((await t.stack.api('POST /student/{id}/data-request', { params: { id: studentId }, cookie: stranger.cookie })).status).toBe(403);
  });
});

describe('erasure', () => {
  it('refuses an enrollment that is not the student’s, erasing nothing', async () => {
    const wrong = await t.stack.api('POST /student/{id}/erase', {
      params: { id: studentId },
      cookie: t.admin.cookie,
      body: { enrollment: 'PRV002' },
    });
    expect([wrong.status, wrong.body.message]).toEqual([400, M.confirmMismatch]);
    expect((await exportOf(studentId)).status).toBe(200);
  });

  it('removes everything that names the student and leaves every classmate’s percentages as they were', async () => {
    const classmates = [college.divisions[0]!.batches[0]!.students[1]!, ...college.divisions[0]!.batches[1]!.students];
    const before = await Promise.all(classmates.map(percentagesOf));
    const today = collegeToday();
    const trailBy = async () =>
      (await t.stack.api('GET /audit', { cookie: t.admin.cookie, query: { from: today, to: today, who: studentId } as never })).body.data
        .entries;
    const theirs = await trailBy();
    expect(theirs.map((entry) => entry.action)).toEqual(expect.arrayContaining(['POST /leave/student/{id}', 'POST /checkin/student']));
    const erased = await t.stack.api('POST /student/{id}/erase', {
      params: { id: studentId },
      cookie: t.admin.cookie,
      body: { enrollment: ' prv001 ' },
    });
    expect(erased.status, erased.body.message).toBe(200);
    // The class session, its history (the mark and its correction) and the course's summary shard keep the marks, anonymous.
    expect(erased.body.data.removed).toEqual({
      marksAnonymised: 4,
      // What they did (applied for leave, checked in, asked for their data): their entries, named 'Erased student'.
      auditEntriesAnonymised: theirs.length,
      account: 1,
      leaveApplications: 1,
      attachments: 0,
      checkIns: 1,
    });
    expect(await Promise.all(classmates.map(percentagesOf))).toEqual(before);
    expect((await trailBy()).map((entry) => [entry._id, entry.by.username])).toEqual(theirs.map((entry) => [entry._id, 'Erased student']));
    const day = await t.stack.api('GET /attendance', {
      cookie: t.admin.cookie,
      query: { date: collegeToday(), slotid: college.slotids[0]!, classKind: 'lecture', courseid: college.courseid } as never,
    });
    const names = JSON.stringify(day.body);
    expect(names).toContain('Erased student');
    expect(names).not.toContain('PRV001');
    const named = (await allItems()).filter((item) => /Student PRV001|prv001@college\.test/.test(JSON.stringify(item)));
    expect(named.map((item) => `${String(item.entity)} ${String(item.pk)}`)).toEqual([]);

    // Named (by id, in a text) only in the alerts' log, gone in 8 weeks; the marks keep the id in their maps.
    expect((await itemsMentioning([studentId])).map((item) => String(item.entity))).toEqual(['alertLog']);
    expect((await exportOf(studentId)).status).toBe(404);
    expect((await t.stack.call('GET', '/api/v1/auth/currentstatus', { cookie: student.cookie })).status).toBe(401);
    // The guardian, whose only child this was, reaches no one (signed out); the enrollment may be used again.
    expect((await exportOf(studentId, guardian.cookie)).status).toBe(401);
    expect(
      await create(t.stack, t.admin.cookie, 'student', {
        enrollment: 'PRV001',
        name: 'New PRV001',
        batchid: college.divisions[0]!.batches[0]!.id,
        email: 'new.prv001@college.test',
      }),
    ).toBeTruthy();
  });
});

describe('a student who changed term', () => {
  it('exports their earlier semesters’ marks, and erasure renames those too', async () => {
    const before = await buildCollege(t.stack, t.admin.cookie, { prefix: 'NXA', perBatch: 1 });
    const after = await buildCollege(t.stack, t.admin.cookie, { prefix: 'NXB', perBatch: 0 });
    const id = before.divisions[0]!.batches[0]!.students[0]!;
    const marked = await t.stack.api('POST /attendance', { cookie: t.faculty.cookie, body: lectureMark(before) as never });
    expect(marked.status, marked.body.message).toBe(201);
    const moved = await t.stack.api('PATCH /student/updateterm', {
      cookie: t.admin.cookie,
      body: { oldbatchid: before.divisions[0]!.batches[0]!.id, newbatchid: after.divisions[0]!.batches[0]!.id },
    });
    expect(moved.body.data).toEqual({ moved: 1 });

    const data = (await exportOf(id)).body.data;
    expect(data.place.term).toBe('Term NXB');
    expect(data.record.sessions).toEqual([]);
    expect(data.earlier.sessions).toEqual([expect.objectContaining({ date: collegeToday(), course: 'Physics', status: 'present' })]);
    expect(data.earlier.courses).toEqual([expect.objectContaining({ course: 'Physics', attended: 1, held: 1 })]);

    const erased = await t.stack.api('POST /student/{id}/erase', {
      params: { id },
      cookie: t.admin.cookie,
      body: { enrollment: 'NXA001' },
    });
    expect(erased.status, erased.body.message).toBe(200);
    const day = await t.stack.api('GET /attendance', {
      cookie: t.admin.cookie,
      query: { date: collegeToday(), slotid: before.slotids[0]!, classKind: 'lecture', courseid: before.courseid } as never,
    });
    expect(JSON.stringify(day.body)).toContain('Erased student');
    expect(JSON.stringify(day.body)).not.toContain('NXA001');
  });
});

describe('erasure at once, and stopped midway', () => {
  it('erases a student once when three admins erase them at once: one 200, the others 404', async () => {
    const id = college.divisions[0]!.batches[1]!.students[1]!;
    const enrollment = (await exportOf(id)).body.data.student.enrollment;
    const results = await Promise.all(
      [0, 1, 2].map(() => t.stack.api('POST /student/{id}/erase', { params: { id }, cookie: t.admin.cookie, body: { enrollment } })),
    );
    expect(results.map((one) => one.status).sort()).toEqual([200, 404, 404]);
    expect((await exportOf(id)).status).toBe(404);
  });

  it('keeps the student whole enough to finish when a write fails midway, and finishes when run again', async () => {
    const id = college.divisions[0]!.batches[1]!.students[0]!;
    const enrollment = (await exportOf(id)).body.data.student.enrollment;
    const erase = () => t.stack.api('POST /student/{id}/erase', { params: { id }, cookie: t.admin.cookie, body: { enrollment } });
    // Deleting the student's leave, check-ins and data request fails: the record, which goes last, is still there.
    const failed = await withDatabaseError('InternalServerError', (command) => command === 'BatchWriteItemCommand', erase);
    expect([failed.status, failed.body.message]).toEqual([503, expect.any(String)]);
    expect((await exportOf(id)).status).toBe(200);
    const again = await erase();
    expect(again.status, again.body.message).toBe(200);
    expect((await exportOf(id)).status).toBe(404);
    expect(await itemsMentioning([id])).toEqual([]);
  });
});

describe('the retention job', () => {
  it('erases only the students of ended terms past the period, and records each in the audit trail', async () => {
    const oldCollege = await buildCollege(t.stack, t.admin.cookie, { prefix: 'OLD', perBatch: 1 });
    const recentCollege = await buildCollege(t.stack, t.admin.cookie, { prefix: 'RCT', perBatch: 1 });
    const today = collegeToday();
    const year = Number(today.slice(0, 4));
    const setTerm = (id: string, endDate: string) =>
      t.stack.api('PATCH /term/{id}', {
        params: { id },
        cookie: t.admin.cookie,
        body: { status: false, startDate: `${year - 10}-01-01`, endDate } as never,
      });
    // Past three years by a day, and three years to the day (kept).
    expect((await setTerm(oldCollege.termid, `${year - 3}${addDays(today, -1).slice(4)}`)).status).toBe(200);
    expect((await setTerm(recentCollege.termid, `${year - 3}${today.slice(4)}`)).status).toBe(200);
    const off = await runRetention(new Date(), { byHand: true });
    expect(off.idle).toMatch(/^off/);
    expect((await t.stack.api('PATCH /settings', { cookie: t.admin.cookie, body: { retentionYears: 3 } })).status).toBe(200);

    // A tick past its deadline erases no one and leaves the day's run to the next tick.
    const late = await runRetention(new Date(), { deadline: Date.now() - 1 });
    expect([late.erased, late.idle]).toEqual([0, 'stopped at its deadline after 0 erased: the next tick goes on']);
    // Two ticks at once: one runs, the other finds the day's run taken; a later tick finds it done.
    const ticks = await Promise.all([runRetention(new Date()), runRetention(new Date())]);
    expect(ticks.map((one) => one.erased ?? one.idle).sort()).toEqual([2, 'already run today']);
    expect((await runRetention(new Date())).idle).toBe('already run today');
    const gone = oldCollege.divisions[0]!.batches.flatMap((batch) => batch.students);
    for (const id of gone) expect((await exportOf(id)).status).toBe(404);
    for (const id of recentCollege.divisions[0]!.batches.flatMap((batch) => batch.students)) expect((await exportOf(id)).status).toBe(200);
    const trail = await t.stack.api('GET /audit', { cookie: t.admin.cookie, query: { from: today, to: today, who: 'retention' } as never });
    expect(trail.body.data.entries.flatMap((entry) => entry.subjects).sort()).toEqual([...gone].sort());
  });
});
