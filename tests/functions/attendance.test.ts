import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { collegeToday } from '@tests/support/college-time';
import type { CriteriaQuery, ViewQuery } from '@shared/schemas/attendance';
import { toWire } from '@shared/schemas/wire-names';
import { db, tableName } from '@functions/lib/db';
import { classSessionKey } from '@functions/lib/entities/class-session';
import { letFacultyMarkBack } from '@tests/support/attendance';
import { create, lectureMark, useCollege } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';

const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'AT', divisions: 2, perBatch: 3 });
letFacultyMarkBack(t, 60);

const today = collegeToday();
const daysAgo = (n: number) => collegeToday(new Date(Date.now() - n * 86_400_000));

const division = (d: number) => college.divisions[d]!;
const divisionStudents = (d: number) => division(d).batches.flatMap((batch) => batch.students);

/** POST attendance as sent on the wire: bodies with the spec's names (slotcount, presentStudentData). */
function mark(body: Record<string, unknown>, cookie = t.faculty.cookie) {
  return t.stack.call('POST', '/api/v1/attendance', { cookie, body });
}

/** A lecture of the first division with four present, as the wire carries it; `overrides` with the wire's names. */
const lecture = (overrides: Record<string, unknown> = {}) => ({
  ...(toWire(lectureMark(college, { date: today })) as Record<string, unknown>),
  presentStudentData: divisionStudents(0).slice(0, 4),
  ...overrides,
});

/** GET attendance as sent on the wire: the bad-query tests send what the contract does not allow. */
async function view(query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return t.stack.call('GET', `/api/v1/attendance?${qs}`, { cookie: t.faculty.cookie });
}

const records = async (query: ViewQuery) => (await t.stack.api('GET /attendance', { query, cookie: t.faculty.cookie })).body.data;

const percentages = (query: CriteriaQuery) => t.stack.api('GET /attendance/criteria', { query, cookie: t.faculty.cookie });

describe('attendance: mark', () => {
  it('marks a lecture once (201) and refuses the same lecture again with 409', async () => {
    const body = lecture({ date: daysAgo(1) });
    const first = await mark(body);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ present: 4, expected: 6, groupid: division(0).id });
    const second = await mark({ ...body, presentStudentData: [] }, t.admin.cookie);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('Attendance for this date, course, and slot already exists');
    const stored = await records({ date: daysAgo(1), slotid: college.slotids[0]!, classKind: 'lecture', courseid: college.courseid });
    expect(stored[0]!.presentStudentsName).toHaveLength(4);
  });

  it('stores exactly one of 20 identical marks sent at the same instant', async () => {
    const body = lecture({ date: daysAgo(2), slotid: college.slotids[1] });
    const results = await Promise.all(Array.from({ length: 20 }, () => mark(body)));
    const statuses = results.map((result) => result.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const stored = await records({ date: daysAgo(2), slotid: college.slotids[1]!, classKind: 'lecture', courseid: college.courseid });
    expect(stored[0]!.sessions).toHaveLength(1);
  });

  it('lets two batches mark their labs for the same course, slot and date', async () => {
    const [batchA, batchB] = division(0).batches;
    const lab = { date: daysAgo(3), slotid: college.slotids[0], slotcount: 2, courseid: college.courseid };
    expect((await mark({ ...lab, groupid: batchA!.id, presentStudentData: batchA!.students })).status).toBe(201);
    expect((await mark({ ...lab, groupid: batchB!.id, presentStudentData: [batchB!.students[0]] })).status).toBe(201);
    expect((await mark({ ...lab, groupid: batchB!.id, presentStudentData: [] })).status).toBe(409);
    const query: ViewQuery = { date: lab.date, slotid: lab.slotid!, classKind: 'lab', courseid: lab.courseid };
    const both = await records(query);
    expect(both[0]!.presentStudentsName).toHaveLength(4);
    const one = await records({ ...query, groupid: batchB!.id });
    expect(one[0]!.presentStudentsName.map((s) => s._id)).toEqual([batchB!.students[0]]);
  });

  it('takes the group of the present students when the client sends no groupid', async () => {
    const body = lecture({ date: daysAgo(4), groupid: undefined });
    const result = await mark(body);
    expect(result.status).toBe(201);
    expect(result.body.data).toMatchObject({ groupid: division(0).id });
    const nobody = await mark(lecture({ date: daysAgo(5), groupid: undefined, presentStudentData: [] }));
    expect(nobody.status).toBe(400);
    expect(nobody.body.message).toMatch(/groupid/);
  });

  it.each([
    [{ date: '2026-02-30' }, 'Enter a real date as YYYY-MM-DD'],
    [{ date: '21-11-2026' }, 'Enter a real date as YYYY-MM-DD'],
    [{ date: '2999-01-01' }, 'Attendance cannot be marked for a future date'],
    [{ slotcount: 3 }, 'Slot count must be 1 (Lecture) or 2 (Lab)'],
    [{ courseid: 'no-such-course' }, 'Course not found'],
    [{ slotid: 'no-such-slot' }, 'Slot not found'],
    [{ groupid: 'no-such-division' }, 'The division to mark was not found'],
    [{ presentStudentData: 'everyone' }, 'presentStudentData must be a list of student ids'],
    [{ presentStudentData: ['x', 'x'] }, 'A student is listed twice'],
    [{ presentStudentData: ['not-a-student'] }, 'Some present students are not in this division'],
    [{ courseid: undefined }, 'Please select a course'],
  ])('answers 400 for %j and stores nothing', async (overrides, message) => {
    const date = daysAgo(10);
    const result = await mark(lecture({ date, ...overrides }));
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message);
    const stored = await view({ date, slotid: college.slotids[0]!, slotcount: 1, courseid: college.courseid });
    expect(stored.body.data).toEqual([]);
  });

  it('refuses a slot count sent as text in the body: there the wire carries it as a number', async () => {
    const date = daysAgo(9);
    const result = await mark(lecture({ date, slotcount: '1' }));
    expect([result.status, result.body.message]).toEqual([400, 'Slot count must be 1 (Lecture) or 2 (Lab)']);
    expect((await view({ date, slotid: college.slotids[0]!, slotcount: 1, courseid: college.courseid })).body.data).toEqual([]);
  });

  it('refuses a student of another division, a course of another semester and a slot of another term', async () => {
    const date = daysAgo(11);
    const other = await mark(lecture({ date, presentStudentData: [divisionStudents(1)[0]] }));
    expect(other.body.message).toBe('Some present students are not in this division');
    const otherTerm = await create(t.stack, t.admin.cookie, 'term', { name: 'Other term', status: false });
    const otherSem = await create(t.stack, t.admin.cookie, 'semester', { name: 'Other semester', termid: otherTerm });
    const foreignCourse = await create(t.stack, t.admin.cookie, 'course', { name: 'Chemistry', semid: otherSem });
    const foreignSlot = await create(t.stack, t.admin.cookie, 'slot', { name: '08:00', termid: otherTerm, start: '08:00', end: '09:00' });
    expect((await mark(lecture({ date, courseid: foreignCourse }))).body.message).toBe(
      "This course is not taught in this division's semester",
    );
    expect((await mark(lecture({ date, slotid: foreignSlot }))).body.message).toBe("This slot is not in this division's term");
    // A lab names a batch, not a division.
    expect((await mark(lecture({ date, slotcount: 2 }))).body.message).toBe('The batch to mark was not found');
  });

  it('is for signed-in users only', async () => {
    expect((await t.stack.call('POST', '/api/v1/attendance', { body: lecture({ date: daysAgo(12) }) })).status).toBe(401);
    expect((await mark(lecture({ date: daysAgo(12) }), t.admin.cookie)).status).toBe(201);
  });
});

describe('attendance: view by date', () => {
  it('answers the not-found message and empty data for a day without sessions', async () => {
    const result = await view({ date: '2020-01-01', slotid: college.slotids[0]!, slotcount: 1, courseid: college.courseid });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ data: [], message: 'Attendance data not found!!!' });
  });

  it('lists the present students with name and enrollment, in roll order', async () => {
    const date = daysAgo(20);
    const present = [divisionStudents(0)[3]!, divisionStudents(0)[0]!];
    await mark(lecture({ date, presentStudentData: present }));
    const record = (await records({ date, slotid: college.slotids[0]!, classKind: 'lecture', courseid: college.courseid }))[0]!;
    expect(record.presentStudentsName).toEqual([
      { _id: present[1], name: 'Student AT001', enrollment: 'AT001' },
      { _id: present[0], name: 'Student AT004', enrollment: 'AT004' },
    ]);
  });

  it("keeps the wire's names end to end: a lab sent with slotcount 2 is stored as before and answered with slotcount 2", async () => {
    const date = daysAgo(21);
    const [batchA] = division(1).batches;
    const place = { date, slotid: college.slotids[1]!, courseid: college.courseid, groupid: batchA!.id };
    const body = { ...place, slotcount: 2, presentStudentData: [batchA!.students[0]] };
    expect((await t.stack.call('POST', '/api/v1/attendance', { cookie: t.faculty.cookie, body })).status).toBe(201);
    // Stored as older releases stored it: the kind's code in the item and in its key (the key's second part).
    const key = classSessionKey({ ...place, classKind: 'lab' });
    expect(key.sk.split('#').slice(1)).toEqual(['2', date, place.slotid, place.groupid]);
    const { Item: item } = await db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
    expect(item).toMatchObject({ slotcount: 2 });
    expect(item).not.toHaveProperty('classKind');
    const answer = await view({ date, slotid: place.slotid, slotcount: 2, courseid: place.courseid });
    const answered = answer.body.data as { slotcount?: number; presentStudentsName: { _id: string }[] }[];
    expect(answered).toEqual([expect.objectContaining({ date, slotid: place.slotid, slotcount: 2 })]);
    expect(answered[0]).not.toHaveProperty('classKind');
    expect(answered[0]!.presentStudentsName.map((student) => student._id)).toEqual([batchA!.students[0]]);
  });

  it('answers 400 for a bad query', async () => {
    const result = await view({ date: '2026-13-01', slotid: 'x', slotcount: 1, courseid: 'y' });
    expect(result.status).toBe(400);
    expect((await view({ date: today, slotid: 'x', slotcount: 5, courseid: 'y' })).body.message).toBe(
      'Slot count must be 1 (Lecture) or 2 (Lab)',
    );
  });
});

describe('attendance: percentages', () => {
  it('counts every expected student, the never-present ones too, over a range', async () => {
    const course = await create(t.stack, t.admin.cookie, 'course', { name: 'Maths', semid: college.semid });
    const students = divisionStudents(1);
    const base = { slotid: college.slotids[0], slotcount: 1, courseid: course, groupid: division(1).id };
    await mark({ ...base, date: daysAgo(30), presentStudentData: students.slice(0, 2) });
    await mark({ ...base, date: daysAgo(29), presentStudentData: students.slice(0, 1) });
    await mark({ ...base, date: daysAgo(28), presentStudentData: [] });
    const result = await percentages({ startdate: daysAgo(30), enddate: daysAgo(28), classKind: 'lecture', courseid: course });
    const report = result.body.data;
    expect(report.totalLecture).toBe(3);
    expect(report.studentData).toHaveLength(6);
    expect(report.studentData.map((s) => [s.enrollment, s.totalPresent, s.totalLecture])).toEqual([
      ['AT007', 2, 3],
      ['AT008', 1, 3],
      ['AT009', 0, 3],
      ['AT010', 0, 3],
      ['AT011', 0, 3],
      ['AT012', 0, 3],
    ]);
    const oneDay = await percentages({ startdate: daysAgo(29), classKind: 'lecture', courseid: course });
    expect(oneDay.body.data.totalLecture).toBe(1);
    const empty = await percentages({ startdate: '2020-01-01', enddate: '2020-02-01', classKind: 'lecture', courseid: course });
    expect(empty.body).toEqual({ data: { totalLecture: 0, studentData: [] }, message: 'Attendance data not found!!!' });
    const backwards = await percentages({ startdate: daysAgo(1), enddate: daysAgo(2), classKind: 'lecture', courseid: course });
    expect(backwards.status).toBe(400);
  });

  it('keeps a moved and renamed student’s history, and counts them only where they were expected', async () => {
    const course = await create(t.stack, t.admin.cookie, 'course', { name: 'Biology', semid: college.semid });
    const [batchA] = division(0).batches;
    const mover = batchA!.students[0]!;
    const lab = { slotid: college.slotids[1], slotcount: 2, courseid: course, groupid: batchA!.id };
    await mark({ ...lab, date: daysAgo(40), presentStudentData: [mover] });
    await mark({ ...lab, date: daysAgo(39), presentStudentData: [mover] });

    // Move batch A into a batch of a new term, and rename the student.
    const term2 = await create(t.stack, t.admin.cookie, 'term', { name: 'Next term', status: true });
    const sem2 = await create(t.stack, t.admin.cookie, 'semester', { name: 'Semester 2', termid: term2 });
    const div2 = await create(t.stack, t.admin.cookie, 'division', { name: 'Division 1', semid: sem2 });
    const batch2 = await create(t.stack, t.admin.cookie, 'batch', { name: 'Batch 1A', divisionid: div2 });
    const moved = await t.stack.call('PATCH', '/api/v1/student/updateterm', {
      cookie: t.admin.cookie,
      body: { oldbatchid: batchA!.id, newbatchid: batch2 },
    });
    expect(moved.status).toBe(200);
    const renamed = await t.stack.call('PATCH', `/api/v1/student/${mover}`, { cookie: t.admin.cookie, body: { name: 'Renamed Student' } });
    expect(renamed.body.message).toBe('Student updated successfully');

    // Batch A, now empty, marks a third lab: the mover was not expected there.
    await mark({ ...lab, date: daysAgo(38), presentStudentData: [] });
    const result = await percentages({
      startdate: daysAgo(40),
      enddate: daysAgo(38),
      classKind: 'lab',
      courseid: course,
      groupid: batchA!.id,
    });
    const report = result.body.data;
    expect(report.totalLecture).toBe(3);
    const row = report.studentData.find((s) => s._id === mover)!;
    expect(row).toMatchObject({ name: 'Renamed Student', totalPresent: 2, totalLecture: 2 });
  });
});
