import { describe, expect, it } from 'vitest';
import type { PercentageReport } from '@shared/schemas/attendance';
import type { DefaulterReport, DefaulterRow, DefaultersQuery, RecordQuery, StudentRecord } from '@shared/schemas/reports';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import { attendanceApi, daysAgo } from '@tests/support/attendance';
import { create, useCollege } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';
import type { ClassKind } from '@shared/schemas/wire-names';

/*
 * The defaulter list and a student's record (docs/product.md §2.12), and the percentage report read
 * from the summaries, against DynamoDB Local. One division of two batches of 3 students (RP001–RP006),
 * one course: lectures for the division, labs for batch A.
 */
const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'RP', divisions: 1, perBatch: 3 });
const api = attendanceApi(t);

const division = () => college.divisions[0]!;
const batchA = () => division().batches[0]!;
const batchB = () => division().batches[1]!;
const everyone = () => [...batchA().students, ...batchB().students];

async function defaulters(query: Record<string, string>, cookie = t.faculty.cookie) {
  return t.stack.call('GET', `/api/v1/report/defaulters?${new URLSearchParams(query)}`, { cookie });
}
async function defaulterList(query: DefaultersQuery): Promise<DefaulterReport> {
  const result = await t.stack.api('GET /report/defaulters', { query, cookie: t.faculty.cookie });
  expect(result.status, result.body.message).toBe(200);
  return result.body.data;
}
async function record(id: string, query: RecordQuery = {}): Promise<StudentRecord> {
  const result = await t.stack.api('GET /report/student/{id}', { params: { id }, query, cookie: t.faculty.cookie });
  expect(result.status, result.body.message).toBe(200);
  return result.body.data;
}
const rowOf = (report: DefaulterReport, enrollment: string): DefaulterRow => report.students.find((row) => row.enrollment === enrollment)!;

/** A lecture of the division `daysBack` days ago in slot `slot`, with these statuses (everyone else present). */
// Marked by the admin: some go further back than a faculty member may mark (markBackDays).
const lecture = (daysBack: number, statuses: Record<string, string> = {}, slot = 0) =>
  api.mark(t.admin.cookie, {
    presentStudentIds: everyone(),
    statuses,
    date: daysAgo(daysBack),
    slotid: college.slotids[slot],
    classKind: 'lecture',
    courseid: college.courseid,
    groupid: division().id,
  });
const lab = (daysBack: number, statuses: Record<string, string> = {}, batch = batchA()) =>
  api.mark(t.admin.cookie, {
    presentStudentIds: batch.students,
    statuses,
    date: daysAgo(daysBack),
    slotid: college.slotids[1],
    classKind: 'lab',
    courseid: college.courseid,
    groupid: batch.id,
  });

describe('reports: the defaulter list', () => {
  it('gives each student their standing per course and kind, overall, below, and the classes needed', async () => {
    const [s1, s2, s3] = everyone();
    // Four lectures: s1 absent at 3 (25 %), s2 late at 2 (late counts 1: 100 %), s3 excused at 2 and absent at 1 (1/2 = 50 %).
    await lecture(10, { [s1!]: 'absent', [s2!]: 'late', [s3!]: 'excused' });
    await lecture(9, { [s1!]: 'absent', [s2!]: 'late', [s3!]: 'excused' });
    await lecture(8, { [s1!]: 'absent', [s3!]: 'absent' });
    await lecture(7);
    // Two labs of batch A: s1 present at both.
    await lab(10);
    await lab(9);

    const report = await defaulterList({ semid: college.semid });
    expect(report.threshold).toBe(75);
    expect(report.students.map((row) => row.enrollment)).toEqual(['RP001', 'RP002', 'RP003', 'RP004', 'RP005', 'RP006']);
    const first = rowOf(report, 'RP001');
    expect(first).toMatchObject({
      _id: s1,
      name: 'Student RP001',
      division: { _id: division().id, name: 'Division 1' },
      batch: { _id: batchA().id, name: 'Batch 1A' },
    });
    expect(first.courses).toEqual([
      { courseid: college.courseid, course: 'Physics', classKind: 'lecture', attended: 1, held: 4, percentage: 25, classesNeeded: 8 },
      { courseid: college.courseid, course: 'Physics', classKind: 'lab', attended: 2, held: 2, percentage: 100 },
    ]);
    // Overall: 3 of 6.
    expect(first.overall).toBe(50);
    expect(first.below).toBe(true);
    expect(rowOf(report, 'RP002')).toMatchObject({ overall: 100, below: false });
    expect(rowOf(report, 'RP003').courses[0]).toMatchObject({ attended: 1, held: 2, percentage: 50, classesNeeded: 2 });
    // Batch B had no lab: lectures only.
    expect(rowOf(report, 'RP004').courses.map((course) => course.classKind)).toEqual(['lecture']);
  });

  it('refuses a lab that names a student of another batch, and counts nothing for it', async () => {
    const before = await defaulterList({ semid: college.semid });
    const result = await t.stack.call('POST', '/api/v1/attendance', {
      cookie: t.faculty.cookie,
      body: {
        presentStudentData: [batchB().students[0]],
        date: daysAgo(3),
        slotid: college.slotids[1],
        slotcount: 2,
        courseid: college.courseid,
        groupid: batchA().id,
      },
    });
    expect(result.status).toBe(400);
    expect(await defaulterList({ semid: college.semid })).toEqual(before);
  });

  it('follows the college rules: a late worth half, excused counted as absent, and the threshold setting', async () => {
    await api.settings(t.admin.cookie, { lateCounts: 0.5, excusedCounts: 'absent', threshold: 60 });
    try {
      const report = await defaulterList({ semid: college.semid, divisionid: division().id });
      expect(report.threshold).toBe(60);
      // RP002: 2 present + 2 late × 0.5 of 4.
      expect(rowOf(report, 'RP002').courses[0]).toMatchObject({ attended: 3, held: 4, percentage: 75 });
      // RP003: 1 present of 4 (excused count as absent): (1 + k) / (4 + k) ≥ 0.6 → k = 4.
      expect(rowOf(report, 'RP003').courses[0]).toMatchObject({ attended: 1, held: 4, percentage: 25, classesNeeded: 4 });
      // A threshold in the query wins over the setting.
      const strict = await defaulterList({ semid: college.semid, threshold: '100' });
      expect(strict.threshold).toBe(100);
      expect(rowOf(strict, 'RP001').courses[0]).toMatchObject({ percentage: 25, classesNeeded: null });
      expect(rowOf(strict, 'RP005').below).toBe(false);
    } finally {
      await api.settings(t.admin.cookie, DEFAULT_SETTINGS);
    }
  });

  it('lists a batch or a division only', async () => {
    const batch = await defaulterList({ semid: college.semid, batchid: batchB().id });
    expect(batch.students.map((row) => row.enrollment)).toEqual(['RP004', 'RP005', 'RP006']);
    const both = await defaulterList({ semid: college.semid, divisionid: division().id, batchid: batchA().id });
    expect(both.students.map((row) => row.enrollment)).toEqual(['RP001', 'RP002', 'RP003']);
  });

  it.each([
    [{ semid: 'no-such-semester' }, 'Semester not found'],
    [{ divisionid: 'no-such-division' }, 'Division not found in this semester'],
    [{ batchid: 'no-such-batch' }, 'Batch not found in this semester or division'],
    [{ threshold: 'abc' }, 'The threshold must be a percentage from 0 to 100'],
    [{ threshold: '101' }, 'The threshold must be a percentage from 0 to 100'],
    [{ threshold: '-5' }, 'The threshold must be a percentage from 0 to 100'],
  ])('answers 400 with a message for %j', async (query, message) => {
    const result = await defaulters({ semid: college.semid, ...query });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message);
  });

  it('refuses a division of another semester', async () => {
    const other = await create(t.stack, t.admin.cookie, 'semester', { name: 'Semester 2', termid: college.termid });
    const result = await defaulters({ semid: other, divisionid: division().id });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe('Division not found in this semester');
  });

  it('needs a session: 401 without one', async () => {
    expect((await defaulters({ semid: college.semid }, '')).status).toBe(401);
  });
});

describe("reports: a student's record", () => {
  it('lists every session newest first with its course, kind, slot and status, and the standing per kind', async () => {
    const [s1] = everyone();
    const own = await record(s1!);
    expect(own.student).toMatchObject({
      _id: s1,
      enrollment: 'RP001',
      semester: { name: 'Semester 1' },
      division: { name: 'Division 1' },
      batch: { name: 'Batch 1A' },
    });
    expect(own.sessions.map((one) => [one.date, one.classKind, one.slot, one.status])).toEqual([
      [daysAgo(7), 'lecture', '09:00 - 10:00', 'present'],
      [daysAgo(8), 'lecture', '09:00 - 10:00', 'absent'],
      [daysAgo(9), 'lab', '10:00 - 11:00', 'present'],
      [daysAgo(9), 'lecture', '09:00 - 10:00', 'absent'],
      [daysAgo(10), 'lab', '10:00 - 11:00', 'present'],
      [daysAgo(10), 'lecture', '09:00 - 10:00', 'absent'],
    ]);
    expect(own.sessions[0]).toMatchObject({ course: 'Physics', courseid: college.courseid, _id: expect.any(String) });
    expect(own.courses.map((course) => [course.classKind, course.attended, course.held, course.classesNeeded])).toEqual([
      ['lecture', 1, 4, 8],
      ['lab', 2, 2, undefined],
    ]);
    expect(own.overall).toBe(50);
  });

  it('keeps to from and to, both included', async () => {
    const own = await record(everyone()[0]!, { from: daysAgo(9), to: daysAgo(8) });
    expect(own.sessions.map((one) => one.date)).toEqual([daysAgo(8), daysAgo(9), daysAgo(9)]);
    expect(own.courses[0]).toMatchObject({ classKind: 'lecture', attended: 0, held: 2, percentage: 0 });
  });

  it('keeps the sessions of a batch the student has left, and follows them into the new one', async () => {
    const mover = batchB().students[2]!;
    await lab(6, {}, batchB());
    const moved = await t.stack.call('PATCH', `/api/v1/student/${mover}`, { cookie: t.admin.cookie, body: { batchid: batchA().id } });
    expect(moved.status, moved.body.message).toBe(200);
    await lab(5, { [mover]: 'late' });
    const own = await record(mover);
    expect(own.student.batch.name).toBe('Batch 1A');
    expect(own.sessions.filter((one) => one.classKind === 'lab').map((one) => [one.date, one.status])).toEqual([
      [daysAgo(5), 'late'],
      [daysAgo(6), 'present'],
    ]);
    // The defaulter list adds up both batches' labs.
    const row = rowOf(await defaulterList({ semid: college.semid }), 'RP006');
    expect(row.batch.name).toBe('Batch 1A');
    expect(row.courses.find((course) => course.classKind === 'lab')).toMatchObject({ attended: 2, held: 2 });
  });

  it('answers 404 for a student who does not exist, 400 for a bad range', async () => {
    const missing = await t.stack.call('GET', '/api/v1/report/student/no-such-student', { cookie: t.faculty.cookie });
    expect([missing.status, missing.body.message]).toEqual([404, 'Student not found']);
    const range = await t.stack.call('GET', `/api/v1/report/student/${everyone()[0]}?from=${daysAgo(1)}&to=${daysAgo(2)}`, {
      cookie: t.faculty.cookie,
    });
    expect([range.status, range.body.message]).toEqual([400, 'The end date must not be before the start date']);
    const date = await t.stack.call('GET', `/api/v1/report/student/${everyone()[0]}?from=2026-02-30`, { cookie: t.faculty.cookie });
    expect([date.status, date.body.message]).toEqual([400, 'Enter a real start date as YYYY-MM-DD']);
  });
});

describe('reports: percentages from the summaries', () => {
  const criteria = (from: string, to: string, classKind: ClassKind = 'lecture', groupid?: string) =>
    api.percentages(t.faculty.cookie, { startdate: from, enddate: to, classKind, courseid: college.courseid, groupid });
  const rows = (report: PercentageReport) => report.studentData.map((one) => [one.enrollment, one.totalLecture, one.percentage]);

  it('answers a whole-term range from the summaries exactly as the sessions would', async () => {
    const whole = await criteria(daysAgo(30), daysAgo(0));
    expect(whole.totalLecture).toBe(4);
    expect(rows(whole)).toEqual([
      ['RP001', 4, 25],
      ['RP002', 4, 100],
      ['RP003', 4, 50],
      ['RP004', 4, 100],
      ['RP005', 4, 100],
      ['RP006', 4, 100],
    ]);
    // A range that cuts through the sessions is counted from the sessions: the same rule, fewer sessions.
    const part = await criteria(daysAgo(8), daysAgo(7));
    expect(part.totalLecture).toBe(2);
    expect(rows(part)[0]).toEqual(['RP001', 2, 50]);
    // Labs of one batch; and a range before every session.
    const labs = await criteria(daysAgo(30), daysAgo(0), 'lab', batchA().id);
    expect(labs.totalLecture).toBe(3);
    expect((await criteria(daysAgo(60), daysAgo(40))).totalLecture).toBe(0);
  });
});
