import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '@functions/lib/db';
import { classSessionPlaceOfId, historyEntryKey } from '@functions/lib/entities/class-session';
import { REPORT_MESSAGES, type RecordQuery, type RecordClassSession, type StudentRecord } from '@shared/schemas/reports';
import { attendanceApi, daysAgo } from '@tests/support/attendance';
import { create, useCollege } from '@tests/support/college';
import { signedInStudent } from '@tests/support/family';
import { useTestStack } from '@tests/support/stack';

/*
 * A student's record shows the corrections of their own marks and keeps to one course or one month
 * (docs/product.md §2.12), against DynamoDB Local. One division of two batches of 3 (SC001–SC006),
 * lectures of Physics and Chemistry marked by the admin (some further back than faculty may mark).
 */
const t = useTestStack('admin');
const college = useCollege(t, { prefix: 'SC', divisions: 1, perBatch: 3 });
const api = attendanceApi(t);

const division = () => college.divisions[0]!;
const everyone = () => division().batches.flatMap((batch) => batch.students);

async function record(id: string, query: RecordQuery = {}, cookie = t.admin.cookie): Promise<StudentRecord> {
  const result = await t.stack.api('GET /report/student/{id}', { params: { id }, query, cookie });
  expect(result.status, result.body.message).toBe(200);
  return result.body.data;
}

/** A lecture of the division `daysBack` days ago, everyone present; answers its `_id`. */
async function lecture(daysBack: number, courseid = college.courseid, slot = 0): Promise<string> {
  const marked = await api.mark(t.admin.cookie, {
    presentStudentIds: everyone(),
    date: daysAgo(daysBack),
    slotid: college.slotids[slot],
    classKind: 'lecture',
    courseid,
    groupid: division().id,
  });
  return marked._id;
}

async function correct(id: string, version: number, statuses: Record<string, string>, reason: string): Promise<void> {
  const result = await api.correct(t.admin.cookie, id, { statuses, reason, version });
  expect(result.status, result.body?.message).toBe(200);
}

const sessionOf = (own: StudentRecord, id: string): RecordClassSession | undefined => own.sessions.find((session) => session._id === id);

/** The first and last day of the month of `date` (YYYY-MM-DD). */
function monthOf(date: string): { from: string; to: string } {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${date.slice(0, 7)}-01`, to: `${date.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

describe("a student's record: corrections", () => {
  it("shows a correction of the student's own mark with its time and reason; not on a classmate's record", async () => {
    const [own, classmate] = everyone();
    const id = await lecture(3);
    await correct(id, 1, { [own!]: 'excused' }, 'Medical certificate shown');
    const [history, mine, theirs] = await Promise.all([api.history(t.admin.cookie, id), record(own!), record(classmate!)]);
    expect(sessionOf(mine, id)).toMatchObject({
      status: 'excused',
      corrected: { at: history[1]!.at, reason: 'Medical certificate shown' },
    });
    expect(sessionOf(theirs, id)).toMatchObject({ status: 'present' });
    expect(sessionOf(theirs, id)).not.toHaveProperty('corrected');
  });

  it('does not count a correction that changed only a classmate', async () => {
    const [own, classmate] = everyone();
    const id = await lecture(4);
    await correct(id, 1, { [classmate!]: 'absent' }, 'Left before roll call');
    const mine = sessionOf(await record(own!), id);
    expect(mine).toMatchObject({ status: 'present' });
    expect(mine).not.toHaveProperty('corrected');
    expect(sessionOf(await record(classmate!), id)).toMatchObject({ corrected: { reason: 'Left before roll call' } });
  });

  it("shows the latest of two corrections of the student, not a later one of a classmate's alone", async () => {
    const [own, classmate] = everyone();
    const id = await lecture(5);
    await correct(id, 1, { [own!]: 'absent' }, 'Marked by mistake');
    await correct(id, 2, { [own!]: 'late' }, 'Came in after roll call');
    await correct(id, 3, { [classmate!]: 'excused' }, 'Sports meet');
    const history = await api.history(t.admin.cookie, id);
    expect(sessionOf(await record(own!), id)).toEqual(
      expect.objectContaining({ status: 'late', corrected: { at: history[2]!.at, reason: 'Came in after roll call' } }),
    );
  });

  it('shows a correction whose history was stored without its group (before the group was stored outside the key)', async () => {
    const [own] = everyone();
    const id = await lecture(5, college.courseid, 1);
    await correct(id, 1, { [own!]: 'absent' }, 'Left for a match');
    for (const version of [1, 2]) {
      const Key = historyEntryKey(classSessionPlaceOfId(id)!, version);
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'REMOVE groupid',
          ConditionExpression: 'attribute_exists(groupid)',
        }),
      );
    }
    expect(sessionOf(await record(own!), id)).toMatchObject({ status: 'absent', corrected: { reason: 'Left for a match' } });
  });
});

describe("a student's record: one course, one month", () => {
  it("keeps to one course's sessions and standing", async () => {
    const own = everyone()[0]!;
    const chemistry = await create(t.stack, t.admin.cookie, 'course', { name: 'Chemistry', semid: college.semid });
    const chemistryLecture = await lecture(6, chemistry, 1);
    await lecture(6);
    const all = await record(own);
    expect(new Set(all.sessions.map((session) => session.course))).toEqual(new Set(['Physics', 'Chemistry']));

    const only = await record(own, { courseid: chemistry });
    expect(only.sessions.map((session) => [session._id, session.course])).toEqual([[chemistryLecture, 'Chemistry']]);
    expect(only.courses.map((course) => [course.course, course.held])).toEqual([['Chemistry', 1]]);
    expect(only.overall).toBe(100);
  });

  it('keeps to one month (from its first day to its last), with the corrections of that month', async () => {
    const own = everyone()[0]!;
    // 40 days back is in an earlier month than 3 days back (no month is longer than 31 days).
    const older = await lecture(40);
    await correct(older, 1, { [own]: 'absent' }, 'Was in the library');
    const month = monthOf(daysAgo(40));
    const only = await record(own, month);
    expect(only.sessions.length).toBeGreaterThan(0);
    expect(only.sessions.every((session) => session.date >= month.from && session.date <= month.to)).toBe(true);
    expect(sessionOf(only, older)).toMatchObject({ status: 'absent', corrected: { reason: 'Was in the library' } });
    const physics = await record(own, { ...month, courseid: college.courseid });
    expect(physics.sessions.map((session) => session._id)).toContain(older);
    expect(physics.sessions.every((session) => session.course === 'Physics')).toBe(true);
  });

  it("answers 400 for a course not of the student's semester and for a bad course id, and a 400 for a bad month range", async () => {
    const own = everyone()[0]!;
    const semester = await create(t.stack, t.admin.cookie, 'semester', { name: 'Semester 2', termid: college.termid });
    const elsewhere = await create(t.stack, t.admin.cookie, 'course', { name: 'Biology', semid: semester });
    const ask = (query: string) => t.stack.call('GET', `/api/v1/report/student/${own}?${query}`, { cookie: t.admin.cookie });
    const other = await ask(`courseid=${elsewhere}`);
    expect([other.status, other.body.message]).toEqual([400, REPORT_MESSAGES.courseNotOfStudent]);
    const missing = await ask('courseid=no-such-course');
    expect([missing.status, missing.body.message]).toEqual([400, REPORT_MESSAGES.courseNotOfStudent]);
    const long = await ask(`courseid=${'x'.repeat(65)}`);
    expect([long.status, long.body.message]).toEqual([400, REPORT_MESSAGES.courseid]);
    const empty = await ask('courseid=');
    expect([empty.status, empty.body.message]).toEqual([400, REPORT_MESSAGES.courseid]);
    const backwards = await ask(`courseid=${college.courseid}&from=2026-02-28&to=2026-02-01`);
    expect([backwards.status, backwards.body.message]).toEqual([400, REPORT_MESSAGES.range]);
  });
});

describe("a student's record, read by the student", () => {
  it('reads their own list filtered by course and month, and is refused a classmate’s', async () => {
    const [own, classmate] = everyone();
    const student = await signedInStudent(own!);
    const month = monthOf(daysAgo(3));
    const corrected = (await record(own!, month)).sessions.filter((session) => session.corrected);
    expect(corrected.length).toBeGreaterThan(0);
    const mine = await record(own!, { ...month, courseid: college.courseid }, student.cookie);
    expect(mine.student._id).toBe(own);
    expect(mine.sessions.length).toBeGreaterThan(0);
    expect(mine.sessions.every((session) => session.course === 'Physics' && session.date >= month.from && session.date <= month.to)).toBe(
      true,
    );
    expect(mine.sessions.filter((session) => session.corrected)).toEqual(corrected.filter((session) => session.course === 'Physics'));
    const refused = await t.stack.call('GET', `/api/v1/report/student/${classmate}?courseid=${college.courseid}`, {
      cookie: student.cookie,
    });
    expect(refused.status).toBe(403);
  });
});
