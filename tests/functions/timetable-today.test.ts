import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collegeToday } from '@tests/support/college-time';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import { TIMETABLE_MESSAGES as M, type TimetableEntry } from '@shared/schemas/timetable';
import { attendanceApi, daysAgo } from '@tests/support/attendance';
import { buildCollege, create, lectureMark, useCollege } from '@tests/support/college';
import { useTestStack, type SignedIn } from '@tests/support/stack';
import { entryBody, timetableApi, WEEK } from '@tests/support/timetable';
import { toWire } from '@shared/schemas/wire-names';

const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'TD', divisions: 1, perBatch: 2 });
const api = timetableApi(t);
const marking = attendanceApi(t);
let other: SignedIn;
const week = {} as Record<'lecture' | 'lab' | 'tuesday', TimetableEntry>;

const division = () => college.divisions[0]!;
const [NINE, TEN] = [
  { start: '09:00', end: '10:00' },
  { start: '10:00', end: '11:00' },
];
const batch = (b: number) => division().batches[b]!;
const lecture = (facultyid: string, overrides: Record<string, unknown> = {}) => entryBody(college, facultyid, overrides);
const lab = (facultyid: string, b: number, overrides: Record<string, unknown> = {}) =>
  entryBody(college, facultyid, { classKind: 'lab', groupid: batch(b).id, ...overrides });
const labMark = (b: number, overrides: Record<string, unknown> = {}) =>
  lectureMark(college, { classKind: 'lab', groupid: batch(b).id, presentStudentIds: batch(b).students, ...overrides });

beforeAll(async () => {
  other = await t.stack.signIn('faculty', { username: 'Other Faculty' });
  const me = t.faculty.user._id;
  week.lecture = await api.added(lecture(me, { weekday: 1, slotid: college.slotids[1] }));
  week.lab = await api.added(lab(me, 0, { weekday: 1 }));
  week.tuesday = await api.added(lecture(me, { weekday: 2 }));
});

describe('timetable: Today', () => {
  it('answers the caller’s classes of the date in slot order, with names, and each one’s session once marked', async () => {
    const monday = await api.today(t.faculty.cookie, WEEK.monday);
    expect(monday.message).toBe(M.today);
    expect(monday.data).toEqual([
      { entry: week.lab, course: 'Physics', kind: 'Lab', group: 'Division 1 / Batch 1A', slot: '09:00 - 10:00', ...NINE, marked: null },
      { entry: week.lecture, course: 'Physics', kind: 'Lecture', group: 'Division 1', slot: '10:00 - 11:00', ...TEN, marked: null },
    ]);
    // By the admin: WEEK is further back than a faculty member may mark (markBackDays).
    const session = await marking.mark(t.admin.cookie, lectureMark(college, { date: WEEK.monday, slotid: college.slotids[1] }));
    const after = await api.today(t.faculty.cookie, WEEK.monday);
    expect(after.data.map((one) => one.marked)).toEqual([null, session._id]);
  });

  it('answers another date’s classes, none at the weekend, and today’s when no date is given', async () => {
    const tuesday = await api.today(t.faculty.cookie, WEEK.tuesday);
    expect(tuesday.data.map((one) => [one.entry._id, one.slot])).toEqual([[week.tuesday._id, '09:00 - 10:00']]);
    for (const [who, date] of [
      [t.faculty, WEEK.saturday],
      [t.faculty, '2026-03-08'],
      [t.admin, WEEK.monday],
    ] as const) {
      expect(await api.today(who.cookie, date)).toEqual({ data: [], message: M.noClasses });
    }
    expect(await api.today(t.faculty.cookie)).toEqual(await api.today(t.faculty.cookie, collegeToday()));
    const bad = await t.stack.call('GET', '/api/v1/timetable/today?date=2026-02-30', { cookie: t.faculty.cookie });
    expect(bad.status).toBe(400);
  });

  it('leaves out a class whose course or batch was deleted, and the classes of inactive terms', async () => {
    const me = t.faculty.user._id;
    const chemistry = await create(t.stack, t.admin.cookie, 'course', { name: 'Chemistry', semid: college.semid });
    const extra = await create(t.stack, t.admin.cookie, 'batch', { name: 'Batch 1C', divisionid: division().id });
    await api.added(lecture(me, { weekday: 3, courseid: chemistry }));
    await api.added(lab(me, 0, { weekday: 3, slotid: college.slotids[1], groupid: extra }));
    const second = await buildCollege(t.stack, t.admin.cookie, { prefix: 'TE', divisions: 1, perBatch: 1 });
    await api.added(entryBody(second, me, { weekday: 3, slotid: second.slotids[1] }));
    const names = async () => (await api.today(t.faculty.cookie, WEEK.wednesday)).data.map((one) => `${one.course} ${one.group}`);
    expect(await names()).toEqual(['Chemistry Division 1', 'Physics Division 1', 'Physics Division 1 / Batch 1C']);

    expect((await t.stack.call('DELETE', `/api/v1/course/${chemistry}`, { cookie: t.admin.cookie })).status).toBe(200);
    expect((await t.stack.call('DELETE', `/api/v1/batch/${extra}`, { cookie: t.admin.cookie })).status).toBe(200);
    const inactive = await t.stack.call('PATCH', `/api/v1/term/${second.termid}`, { cookie: t.admin.cookie, body: { status: false } });
    expect(inactive.status).toBe(200);
    expect(await names()).toEqual([]);
    expect((await api.missing(WEEK.wednesday)).data).toEqual({ overdue: [], later: [] });
  });
});

describe('attendance: classes not marked', () => {
  it('lists the date’s classes with no session, with their faculty member, until all are marked', async () => {
    const friday = {
      lecture: await api.added(lecture(t.faculty.user._id, { weekday: 5 })),
      lab: await api.added(lab(other.user._id, 1, { weekday: 5, slotid: college.slotids[1] })),
    };
    const before = await api.missing(WEEK.friday);
    expect(before.message).toBe(M.missing);
    // A past date: every class of it has ended.
    expect(before.data).toEqual({
      overdue: [
        { entry: friday.lecture, course: 'Physics', kind: 'Lecture', group: 'Division 1', slot: '09:00 - 10:00', ...NINE },
        { entry: friday.lab, course: 'Physics', kind: 'Lab', group: 'Division 1 / Batch 1B', slot: '10:00 - 11:00', ...TEN },
      ],
      later: [],
    });
    expect(before.data.overdue[1]!.entry.faculty).toEqual({ _id: other.user._id, username: 'Other Faculty' });

    await marking.mark(t.admin.cookie, lectureMark(college, { date: WEEK.friday }));
    expect((await api.missing(WEEK.friday)).data.overdue.map((one) => one.entry._id)).toEqual([friday.lab._id]);
    await marking.mark(t.admin.cookie, labMark(1, { date: WEEK.friday, slotid: college.slotids[1] }));
    const none = { data: { overdue: [], later: [] }, message: M.allMarked };
    expect(await api.missing(WEEK.friday)).toEqual(none);
    expect(await api.missing(WEEK.saturday)).toEqual(none);
  });

  it('needs a real date, and is for admins only', async () => {
    for (const query of ['', '?date=2026-13-01']) {
      const refused = await t.stack.call('GET', `/api/v1/attendance/missing${query}`, { cookie: t.admin.cookie });
      expect(refused.status).toBe(400);
    }
    const faculty = await t.stack.call('GET', `/api/v1/attendance/missing?date=${WEEK.monday}`, { cookie: t.faculty.cookie });
    expect(faculty.status).toBe(403);
  });
});

describe('attendance: who may mark (markingPolicy)', () => {
  afterEach(async () => {
    await marking.settings(t.admin.cookie, DEFAULT_SETTINGS);
  });

  const post = (who: SignedIn, body: Record<string, unknown>) =>
    t.stack.call('POST', '/api/v1/attendance', { cookie: who.cookie, body: toWire(body) });

  it("under 'assigned', lets a faculty member mark only the course, kind and group the timetable gives them", async () => {
    await marking.settings(t.admin.cookie, { markingPolicy: 'assigned' });
    // Assigned on Tuesday in the first slot; any date and slot of that course, kind and group may be marked.
    expect((await post(t.faculty, lectureMark(college, { date: daysAgo(1), slotid: college.slotids[1] }))).status).toBe(201);
    expect((await post(t.faculty, labMark(0, { date: daysAgo(1) }))).status).toBe(201);

    for (const [who, body] of [
      [other, lectureMark(college, { date: daysAgo(2) })],
      [t.faculty, labMark(1, { date: daysAgo(2) })],
    ] as const) {
      const refused = await post(who, body);
      expect([refused.status, refused.body.message]).toEqual([403, M.notAssigned]);
      const { date, slotid, classKind, courseid } = body;
      expect(await marking.view(t.admin.cookie, { date, slotid, classKind, courseid })).toBeUndefined();
    }
    expect((await post(t.admin, lectureMark(college, { date: daysAgo(2) }))).status).toBe(201);
  });

  it("under 'any-faculty' (the default), lets any faculty member mark any class", async () => {
    expect((await post(other, lectureMark(college, { date: daysAgo(3) }))).status).toBe(201);
  });
});
