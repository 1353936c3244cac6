import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from '@shared/dates';
import type { StudentStanding } from '@shared/schemas/reports';
import { attendanceApi, daysAgo } from '@tests/support/attendance';
import { collegeToday } from '@tests/support/college-time';
import { useCollege } from '@tests/support/college';
import { signedInGuardian, signedInStudent } from '@tests/support/family';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@functions/lib/db';
import { summaryPartsOf } from '@functions/lib/repositories/attendance-summaries';
import { checkCourse, rebuildCourse } from '@functions/lib/repositories/summary-check';
import { useTestStack } from '@tests/support/stack';
import { entryBody, facultyMember } from '@tests/support/timetable';
import { toWire } from '@shared/schemas/wire-names';

/*
 * A student's Home (docs/product.md §5) against DynamoDB Local: standing per course and kind from the
 * summaries, and the classes the timetable still has until the term's last day. One division of two
 * batches of 2 (ST001–ST004): a lecture every day in slot 1, a lab for batch A one weekday in slot 2; the
 * term ends 9 days from today, with a holiday 3 days from today.
 */
const t = useTestStack('admin');
const college = useCollege(t, { prefix: 'ST', perBatch: 2 });
const api = attendanceApi(t);
const today = collegeToday();
const division = () => college.divisions[0]!;
const [me, classmate] = [() => division().batches[0]!.students[0]!, () => division().batches[0]!.students[1]!];
const everyone = () => division().batches.flatMap((batch) => batch.students);

const lecture = (date: string, statuses: Record<string, string> = {}) =>
  api.mark(t.admin.cookie, {
    presentStudentIds: everyone(),
    statuses,
    date,
    slotid: college.slotids[0],
    classKind: 'lecture',
    courseid: college.courseid,
    groupid: division().id,
  });

const setTerm = (body: Record<string, unknown>) =>
  t.stack.api('PATCH /term/{id}', { params: { id: college.termid }, body, cookie: t.admin.cookie });

async function standingAs(cookie: string, id = me()): Promise<StudentStanding> {
  const result = await t.stack.api('GET /report/student/{id}/standing', { params: { id }, cookie });
  expect(result.status, result.body.message).toBe(200);
  return result.body.data;
}

beforeAll(async () => {
  const term = await setTerm({
    startDate: daysAgo(20),
    endDate: addDays(today, 9),
    holidays: [{ date: addDays(today, 3), name: 'Founders Day' }],
  });
  expect(term.status, term.body.message).toBe(200);
  const teacher = await facultyMember('Standing');
  for (let weekday = 1; weekday <= 7; weekday++) {
    const entry = await t.stack.call('POST', '/api/v1/timetable', {
      cookie: t.admin.cookie,
      body: toWire(entryBody(college, teacher._id, { weekday })),
    });
    expect(entry.status, entry.body.message).toBe(201);
  }
  const lab = entryBody(college, teacher._id, {
    weekday: weekdayOf(addDays(today, 2)),
    classKind: 'lab',
    slotid: college.slotids[1],
    groupid: division().batches[0]!.id,
  });
  expect((await t.stack.call('POST', '/api/v1/timetable', { cookie: t.admin.cookie, body: toWire(lab) })).status).toBe(201);
  // Me: absent 1 and 3 days ago, present 2 and 4 days ago and today: 3 of 5.
  for (const [days, status] of [
    [1, 'absent'],
    [2, 'present'],
    [3, 'absent'],
    [4, 'present'],
  ] as const) {
    await lecture(daysAgo(days), { [me()]: status });
  }
  await lecture(today);
});

describe("a student's standing and what it can still become", () => {
  it('counts from the summaries and the timetable: lectures held, the classes still to come, and how many may be missed', async () => {
    const standing = await standingAs((await signedInStudent(me())).cookie);
    expect(standing).toMatchObject({ asOf: today, threshold: 75, thresholdApplies: 'each-course', lastDay: addDays(today, 9) });
    const [lectures, labs] = standing.courses;
    // Today to 9 days on is 10 lectures, less the holiday and today's, marked already: 8.
    expect(lectures).toMatchObject({ course: 'Physics', classKind: 'lecture', attended: 3, held: 5, percentage: 60, below: true });
    expect(lectures).toMatchObject({ classesNeeded: 3, remaining: 8, canMiss: 1, best: (100 * 11) / 13 });
    // The lab's weekday comes twice (2 and 9 days on); no lab held yet: both must be attended to stay at 75 %.
    expect(labs).toMatchObject({
      classKind: 'lab',
      held: 0,
      percentage: null,
      below: false,
      classesNeeded: 0,
      remaining: 2,
      canMiss: 0,
      best: 100,
    });
    // Overall: 3 of 5 with 10 to come: (13 − m) / 15 ≥ 75 % for m ≤ 1.
    expect(standing.overall).toMatchObject({ attended: 3, held: 5, remaining: 10, canMiss: 1, classesNeeded: 3 });
  });

  it('lets a student read only their own, and a guardian only their children', async () => {
    const student = await signedInStudent(me());
    const other = await t.stack.call('GET', `/api/v1/report/student/${classmate()}/standing`, { cookie: student.cookie });
    expect(other.status).toBe(403);
    const contact = { name: 'Kavya Iyer', email: `kavya-${Date.now()}@college.test` };
    for (const id of [me(), classmate()]) {
      const named = await t.stack.api('PATCH /student/{id}', {
        params: { id },
        body: { guardians: [{ ...contact, relation: 'Mother' }] },
        cookie: t.admin.cookie,
      });
      expect(named.status, named.body.message).toBe(200);
    }
    const guardian = await signedInGuardian(contact, [me(), classmate()]);
    expect((await standingAs(guardian.cookie, classmate())).student._id).toBe(classmate());
    expect((await standingAs(guardian.cookie, me())).courses[0]!.attended).toBe(3);
    const stranger = await t.stack.call('GET', `/api/v1/report/student/${division().batches[1]!.students[0]}/standing`, {
      cookie: guardian.cookie,
    });
    expect(stranger.status).toBe(403);
  });

  it('keeps counting the classes of the groups a student was in earlier this semester', async () => {
    const mover = division().batches[0]!.students[1]!;
    await api.mark(t.admin.cookie, {
      presentStudentIds: division().batches[0]!.students,
      date: daysAgo(5),
      slotid: college.slotids[1],
      classKind: 'lab',
      courseid: college.courseid,
      groupid: division().batches[0]!.id,
    });
    const before = await standingAs(t.admin.cookie, mover);
    expect(before.courses.find((course) => course.classKind === 'lab')).toMatchObject({ attended: 1, held: 1 });
    const moved = await t.stack.api('PATCH /student/{id}', {
      params: { id: mover },
      body: { batchid: division().batches[1]!.id },
      cookie: t.admin.cookie,
    });
    expect(moved.status, moved.body.message).toBe(200);
    const after = await standingAs(t.admin.cookie, mover);
    expect(after.student.batch._id).toBe(division().batches[1]!.id);
    expect(after.courses.find((course) => course.classKind === 'lab')).toMatchObject({ attended: 1, held: 1 });
    expect(after.overall).toMatchObject({ attended: before.overall.attended, held: before.overall.held });
  });

  it('finds summaries stored before they carried their group index once `npm run summaries -- rebuild` has run', async () => {
    const before = await standingAs(t.admin.cookie);
    const parts = await summaryPartsOf(college.courseid, 'lecture');
    for (const { pk, sk } of parts) {
      await db.send(new UpdateCommand({ TableName: tableName(), Key: { pk, sk }, UpdateExpression: 'REMOVE gsi1pk, gsi1sk' }));
    }
    expect((await standingAs(t.admin.cookie)).courses[0]).toMatchObject({ attended: 0, held: 0 });
    expect((await checkCourse(college.courseid)).map((drift) => drift.groupid)).toContain(division().id);
    expect(await rebuildCourse(college.courseid)).toBeGreaterThan(0);
    expect(await checkCourse(college.courseid)).toEqual([]);
    expect((await standingAs(t.admin.cookie)).courses[0]).toMatchObject({
      attended: before.courses[0]!.attended,
      held: before.courses[0]!.held,
    });
  });

  it('answers 404 for a student that does not exist', async () => {
    const missing = await t.stack.call('GET', '/api/v1/report/student/no-such-student/standing', { cookie: t.admin.cookie });
    expect(missing.status).toBe(404);
  });

  it('follows the college’s rule for the threshold and says when the term has no last day, without guessing', async () => {
    const rule = await t.stack.api('PATCH /settings', { body: { thresholdApplies: 'overall' }, cookie: t.admin.cookie });
    expect(rule.status, rule.body.message).toBe(200);
    expect((await standingAs(t.admin.cookie)).thresholdApplies).toBe('overall');
    await t.stack.api('PATCH /settings', { body: { thresholdApplies: 'each-course' }, cookie: t.admin.cookie });

    expect((await setTerm({ endDate: null, holidays: [] })).status).toBe(200);
    const open = await standingAs(t.admin.cookie);
    expect(open.lastDay).toBeNull();
    for (const projection of [...open.courses, open.overall]) {
      expect(projection).toMatchObject({ remaining: null, unknown: 'noLastDay', canMiss: null, best: null });
    }
    expect(open.courses[0]).toMatchObject({ percentage: 60, classesNeeded: 3 });
  });
});
