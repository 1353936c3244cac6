import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collegeToday } from '@tests/support/college-time';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import { addDays } from '@shared/dates';
import { weekdayOf } from '@shared/schemas/timetable';
import { db } from '@functions/lib/db';
import { attendanceApi, daysAgo } from '@tests/support/attendance';
import { create, lectureMark, useCollege } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';
import { entryBody } from '@tests/support/timetable';
import { timetableEntryId } from '@functions/lib/item-ids';
import { toWire } from '@shared/schemas/wire-names';

/**
 * The DynamoDB requests each route sends, counted by an SDK middleware, against the budget
 * docs/data-model.md states. A change that adds a request to a route fails here.
 */
const t = useTestStack('admin');
const college = useCollege(t, { prefix: 'RQ', divisions: 1, perBatch: 3 });
const sent: string[] = [];

beforeAll(() => {
  db.middlewareStack.add(
    (next, context) => async (args) => {
      sent.push(String(context.commandName).replace(/Command$/, ''));
      return next(args);
    },
    { step: 'initialize', name: 'count-requests' },
  );
});
afterAll(() => {
  db.middlewareStack.remove('count-requests');
});

/** The requests `method path` sends to DynamoDB; a body has SAMS's names and is sent with the wire's. */
async function requestsOf(method: string, path: string, body?: unknown, cookie = t.admin.cookie): Promise<string[]> {
  // A session's last use is written when over 5 minutes old (tests/functions/account-sessions.test.ts
  // counts that): a request just before keeps it out of the route's count on a slow run.
  await t.stack.call('GET', '/api/v1/auth/currentstatus', { cookie });
  sent.length = 0;
  const result = await t.stack.call(method, path, { cookie, body: toWire(body) });
  expect(result.status, result.body?.message).toBeLessThan(300);
  return [...sent];
}

const division = () => college.divisions[0]!;
const batch = () => division().batches[0]!;

describe('DynamoDB requests per route', () => {
  it("authenticates a request with one GetItem; the login status adds the college's clock (its settings, one GetItem)", async () => {
    expect(await requestsOf('GET', '/api/v1/auth/currentstatus')).toEqual(['GetItem', 'GetItem']);
    expect(await requestsOf('GET', '/api/v1/auth/sessions')).toEqual(['GetItem', 'Query', 'GetItem']);
  });

  it('answers the public config without reading DynamoDB, even for a signed-in caller', async () => {
    expect(await requestsOf('GET', '/api/v1/config')).toEqual([]);
  });

  it.each([
    ['GET', '/api/v1/term', ['GetItem', 'Query']],
    ['GET', '/api/v1/term/active', ['GetItem', 'Query']],
    ['GET', '/api/v1/user', ['GetItem', 'Query']],
  ])('%s %s', async (method, path, expected) => {
    expect(await requestsOf(method, path)).toEqual(expected);
  });

  it('lists each level with one Query', async () => {
    for (const path of [
      `/api/v1/semester/${college.termid}`,
      `/api/v1/slot/${college.termid}`,
      `/api/v1/course/${college.semid}`,
      `/api/v1/division/${college.semid}`,
      `/api/v1/batch/${division().id}`,
      `/api/v1/student/${batch().id}`,
      `/api/v1/student/division/${division().id}`,
    ]) {
      expect(await requestsOf('GET', path), path).toEqual(['GetItem', 'Query']);
    }
    // A student's details: and the audit entry of an admin's read of them with its pointer from them (docs/product.md §2.19).
    expect(await requestsOf('GET', `/api/v1/student/student/${batch().students[0]}`)).toEqual(['GetItem', 'GetItem', 'TransactWriteItems']);
  });

  // A node's create also reads its siblings (one Query): names stored before look-alike claims are compared there.
  it('creates with one parent read, one Query of the siblings (a node) and one transaction', async () => {
    expect(await requestsOf('POST', '/api/v1/division', { name: 'Counted', semid: college.semid })).toEqual([
      'GetItem',
      'GetItem',
      'Query',
      'TransactWriteItems',
    ]);
    expect(
      await requestsOf('POST', '/api/v1/student', { enrollment: 'RQ900', name: 'N', email: 'n@college.test', batchid: batch().id }),
    ).toEqual(['GetItem', 'GetItem', 'TransactWriteItems']);
  });

  // The session and its count in a shard of the group's summary (an ADD: nothing read first) in one transaction; the
  // group's students and its day of leave read side by side.
  it("marks with one batch read, one read of the term, one Query, one read of the day's leave and one transaction", async () => {
    for (const date of [collegeToday(), daysAgo(200)]) {
      expect(await requestsOf('POST', '/api/v1/attendance', lectureMark(college, { date }))).toEqual([
        'GetItem',
        'BatchGetItem',
        'GetItem',
        'Query',
        'GetItem',
        'TransactWriteItems',
      ]);
    }
  });

  // A mark sent again (the same clientMarkId): the normal path, its transaction refused, then one read of the session stored.
  it('answers a replayed mark with the normal requests and one GetItem of the session stored', async () => {
    const body = lectureMark(college, { date: daysAgo(201), clientMarkId: '5a0c7a52-6a4e-4a43-9d51-0c2f4b1e8f10' });
    await requestsOf('POST', '/api/v1/attendance', body);
    expect(await requestsOf('POST', '/api/v1/attendance', body)).toEqual([
      'GetItem',
      'BatchGetItem',
      'GetItem',
      'Query',
      'GetItem',
      'TransactWriteItems',
      'GetItem',
    ]);
  });

  // The batch read also fetches the college's settings (the edit window, how late and excused count).
  it('reports with one Query and one batch read per 100 students', async () => {
    const query = `date=${collegeToday()}&slotid=${college.slotids[0]}&slotcount=1&courseid=${college.courseid}`;
    expect(await requestsOf('GET', `/api/v1/attendance?${query}`)).toEqual(['GetItem', 'Query', 'BatchGetItem']);
    // A range holding every session of the course: answered by the summaries.
    const range = `startdate=${daysAgo(300)}&enddate=${collegeToday()}&slotcount=1&courseid=${college.courseid}`;
    expect(await requestsOf('GET', `/api/v1/attendance/criteria?${range}`)).toEqual(['GetItem', 'Query', 'BatchGetItem']);
  });

  it('corrects with one batch read of the session and the settings and one transaction', async () => {
    // lectureMark's body is untyped (it also builds bad marks): attendanceApi's mark reads the session typed.
    const { _id } = await attendanceApi(t).mark(t.admin.cookie, lectureMark(college, { date: daysAgo(1) }));
    const history = `/api/v1/attendance/${_id}/history`;
    // Never corrected: the session is its original mark, no Query.
    expect(await requestsOf('GET', history)).toEqual(['GetItem', 'GetItem']);
    const body = { statuses: { [batch().students[0]!]: 'late' }, reason: 'Arrived late', version: 1 };
    expect(await requestsOf('PATCH', `/api/v1/attendance/${_id}`, body)).toEqual(['GetItem', 'BatchGetItem', 'TransactWriteItems']);
    expect(await requestsOf('GET', history)).toEqual(['GetItem', 'GetItem', 'Query']);
  });

  it('reads the settings with one GetItem, and saves them with one more read and one conditional put (with its audit entry)', async () => {
    expect(await requestsOf('GET', '/api/v1/settings')).toEqual(['GetItem', 'GetItem']);
    expect(await requestsOf('PATCH', '/api/v1/settings', { threshold: 70 })).toEqual(['GetItem', 'GetItem', 'TransactWriteItems']);
  });

  it('deletes a batch of 3 students with a fixed number of requests', async () => {
    const doomed = await create(t.stack, t.admin.cookie, 'batch', { name: 'Doomed', divisionid: division().id });
    for (const n of [1, 2, 3])
      await create(t.stack, t.admin.cookie, 'student', { enrollment: `RQD${n}`, name: 'D', email: `d${n}@college.test`, batchid: doomed });
    // session; mark deleting (its audit entry and the entry's pointer from the batch written just before, in one
    // transaction); list students; delete entities + claims; delete entries;
    // the term's classes naming it (none); delete the node.
    expect(await requestsOf('DELETE', `/api/v1/batch/${doomed}`)).toEqual([
      'GetItem',
      'UpdateItem',
      'TransactWriteItems',
      'Query',
      'BatchWriteItem',
      'BatchWriteItem',
      'Query',
      'TransactWriteItems',
    ]);
  });

  it('adds a timetable entry with one batch read and one transaction, lists with two Queries, and deletes it with one read and one transaction', async () => {
    const body = entryBody(college, t.admin.user._id, { weekday: 6, classKind: 'lab', groupid: batch().id });
    expect(await requestsOf('POST', '/api/v1/timetable', body)).toEqual(['GetItem', 'BatchGetItem', 'TransactWriteItems']);
    // The entries and the term's slots (their order), read side by side.
    expect(await requestsOf('GET', `/api/v1/timetable?termid=${college.termid}&groupid=${division().id}`)).toEqual([
      'GetItem',
      'Query',
      'Query',
    ]);
    const id = timetableEntryId({ termid: college.termid, weekday: 6, slotid: college.slotids[0]!, groupid: batch().id });
    expect(await requestsOf('DELETE', `/api/v1/timetable/${id}`)).toEqual(['GetItem', 'GetItem', 'TransactWriteItems']);
  });

  it("changes a slot's times with one read of it and one transaction (its entity and its entry)", async () => {
    const times = { start: '09:00', end: '10:00' };
    expect(await requestsOf('PATCH', `/api/v1/slot/${college.slotids[0]}`, times)).toEqual(['GetItem', 'GetItem', 'TransactWriteItems']);
  });

  // However many classes, sessions, terms and other days' entries: the active terms, one Query, one batch read.
  it('answers Today and the classes not marked with a fixed number of requests', async () => {
    const today = weekdayOf(collegeToday());
    const others = [1, 2, 3, 4, 5, 6, 7].filter((weekday) => weekday !== today).slice(0, 3);
    for (const weekday of [today, ...others]) {
      await create(t.stack, t.admin.cookie, 'timetable', entryBody(college, t.admin.user._id, { weekday }));
      const labAt = { weekday, slotid: college.slotids[1], classKind: 'lab', groupid: batch().id };
      await create(t.stack, t.admin.cookie, 'timetable', entryBody(college, t.admin.user._id, labAt));
    }
    await create(t.stack, t.admin.cookie, 'attendance', lectureMark(college, { date: collegeToday(), slotid: college.slotids[1] }));
    // The settings come in the batch read (class times, the grace); without a date, one GetItem of them first gives today (college time).
    expect(await requestsOf('GET', `/api/v1/timetable/today?date=${collegeToday()}`)).toEqual([
      'GetItem',
      'Query',
      'Query',
      'BatchGetItem',
    ]);
    expect(await requestsOf('GET', '/api/v1/timetable/today')).toEqual(['GetItem', 'GetItem', 'Query', 'Query', 'BatchGetItem']);
    // One Query per active term (one here).
    expect(await requestsOf('GET', `/api/v1/attendance/missing?date=${collegeToday()}`)).toEqual([
      'GetItem',
      'Query',
      'Query',
      'BatchGetItem',
    ]);
  });

  it("checks a faculty member's assignment with one more Query under the markingPolicy 'assigned'", async () => {
    const faculty = await t.stack.signIn('faculty');
    // The second batch: the Today case above may have given the first one a lab in this slot.
    const second = division().batches[1]!;
    const at = { weekday: 7, slotid: college.slotids[1], classKind: 'lab', groupid: second.id };
    await create(t.stack, t.admin.cookie, 'timetable', entryBody(college, faculty.user._id, at));
    await requestsOf('PATCH', '/api/v1/settings', { markingPolicy: 'assigned' });
    try {
      const mark = lectureMark(college, { date: daysAgo(5), slotid: college.slotids[1], classKind: 'lab', groupid: second.id });
      expect(await requestsOf('POST', '/api/v1/attendance', { ...mark, presentStudentIds: second.students }, faculty.cookie)).toEqual([
        'GetItem',
        'BatchGetItem',
        'GetItem',
        'Query',
        'Query',
        'GetItem',
        'TransactWriteItems',
      ]);
    } finally {
      await requestsOf('PATCH', '/api/v1/settings', DEFAULT_SETTINGS);
    }
  });
});

describe('DynamoDB requests of the reports, whatever the number of sessions', () => {
  const lab = (date: string) => ({
    ...lectureMark(college, { date, slotid: college.slotids[1], classKind: 'lab', groupid: batch().id }),
    presentStudentIds: batch().students,
  });
  const reports = async () => ({
    defaulters: (await requestsOf('GET', `/api/v1/report/defaulters?semid=${college.semid}`)).sort(),
    record: (await requestsOf('GET', `/api/v1/report/student/${batch().students[0]}`)).sort(),
    standing: (await requestsOf('GET', `/api/v1/report/student/${batch().students[0]}/standing`)).sort(),
    percentages: await requestsOf(
      'GET',
      `/api/v1/attendance/criteria?startdate=${daysAgo(400)}&enddate=${collegeToday()}&slotcount=2&courseid=${college.courseid}`,
    ),
  });

  it('reads the defaulter list, a record and a whole-term percentage report with as many requests for 2 sessions as for 42', async () => {
    for (let day = 300; day < 302; day++) await requestsOf('POST', '/api/v1/attendance', lab(daysAgo(day)));
    // A last day, so that a student's standing counts the classes still to come.
    await t.stack.call('PATCH', `/api/v1/term/${college.termid}`, {
      cookie: t.admin.cookie,
      body: { endDate: addDays(collegeToday(), 60) },
    });
    const few = await reports();
    // Session, semester + settings, group names; a Query for the courses, the divisions, each division's students, the
    // approved leaves of each division with students (the one of this file's college), each course's summaries.
    const params = { semid: college.semid };
    const courses = (await t.stack.api('GET /course/{semid}', { params, cookie: t.admin.cookie })).body.data.length;
    const divisions = (await t.stack.api('GET /division/{semid}', { params, cookie: t.admin.cookie })).body.data.length;
    expect(few.defaulters).toEqual(['BatchGetItem', 'BatchGetItem', 'GetItem', ...Array(2 + divisions + 1 + courses).fill('Query')]);
    // Session, student + settings; courses, semester/division/batch names; the course's summaries; the lab sessions (lectures too,
    // when the tests above marked some); slot names; the audit entry of a read of a student's record, with its pointer
    // from the student (one transaction).
    expect(few.record.filter((name) => name !== 'Query')).toEqual([
      'BatchGetItem',
      'BatchGetItem',
      'BatchGetItem',
      'GetItem',
      'TransactWriteItems',
    ]);
    // Session, student + settings; the courses, the semester/division/batch/term names, the summaries of the student's
    // division and of their batch in every course (gsi1), their term's timetable, and whether today's classes (the test
    // above gave them some) are marked yet: however many courses and sessions; the audit entry of the read.
    const standingReads = ['BatchGetItem', 'BatchGetItem', 'BatchGetItem', 'GetItem', ...Array(4).fill('Query'), 'TransactWriteItems'];
    expect(few.standing).toEqual(standingReads);
    // Session; the summaries; student details and settings.
    expect(few.percentages).toEqual(['GetItem', 'Query', 'BatchGetItem']);

    for (let day = 302; day < 342; day++) await requestsOf('POST', '/api/v1/attendance', lab(daysAgo(day)));
    expect(await reports()).toEqual(few);
  });
});

describe('DynamoDB requests of a student import', () => {
  const tally = (requests: string[]) =>
    Object.fromEntries([...new Set(requests)].sort().map((name) => [name, requests.filter((r) => r === name).length]));
  const rowOf = (enrollment: string, batch: string) => ({
    enrollment,
    name: `N ${enrollment}`,
    email: `${enrollment.toLowerCase()}@college.test`,
    semester: 'Semester 1',
    division: 'Division 1',
    batch,
  });

  // Session; the active terms, the term's semesters, the division list, the batch list (one Query each,
  // once per call); one BatchGetItem of the claims per 100 rows and one of the students per 100 found;
  // one of the look-alike claims per 100 look-alike keys (two per row here); one transaction per student added or changed.
  it('reads in batches and writes one transaction per student added or changed', async () => {
    await create(t.stack, t.admin.cookie, 'batch', { name: 'Batch 1I', divisionid: division().id });
    const rows = [rowOf('RQ001', 'Batch 1A'), ...Array.from({ length: 150 }, (_, at) => rowOf(`RQI${at}`, 'Batch 1I'))];
    rows[0]!.name = 'Student RQ001';
    rows[0]!.email = 'rq001@college.test';
    expect(tally(await requestsOf('POST', '/api/v1/student/import', { rows, dryRun: true }))).toEqual({
      GetItem: 1,
      Query: 4,
      BatchGetItem: 7,
    });
    expect(tally(await requestsOf('POST', '/api/v1/student/import', { rows }))).toEqual({
      GetItem: 1,
      Query: 4,
      BatchGetItem: 7,
      TransactWriteItems: 150,
    });
    // Again: every row is found (2 reads of claims, 2 of students, 4 of look-alike claims) and nothing is written.
    expect(tally(await requestsOf('POST', '/api/v1/student/import', { rows }))).toEqual({ GetItem: 1, Query: 4, BatchGetItem: 8 });
  });
});
