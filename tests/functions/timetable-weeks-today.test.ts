import { beforeAll, describe, expect, it } from 'vitest';
import type { TimetableEntry, TimetableEntryChange } from '@shared/schemas/timetable';
import { missingOn } from '@functions/lib/timetable/classes';
import { attendanceApi } from '@tests/support/attendance';
import { lectureMark, useCollege } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';
import { entryBody, timetableApi } from '@tests/support/timetable';

// Today and Not marked (docs/product.md §3) leave out a class of odd or even weeks in its other weeks.
const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'WT', divisions: 1, perBatch: 1 });
const api = timetableApi(t);
const marking = attendanceApi(t);
const week = {} as Record<'odd' | 'even' | 'every', TimetableEntry>;

// The term starts on Monday 2026-03-02 (week 1, odd); 2026-03-09 is in week 2, 2026-03-16 in week 3.
const [WEEK_1, WEEK_2, WEEK_3] = ['2026-03-02', '2026-03-09', '2026-03-16'];
const batch = (b: number) => college.divisions[0]!.batches[b]!;
const lab = (b: number, overrides: Record<string, unknown> = {}) =>
  entryBody(college, t.faculty.user._id, { classKind: 'lab', groupid: batch(b).id, ...overrides });

beforeAll(async () => {
  const term = await t.stack.call('PATCH', `/api/v1/term/${college.termid}`, { cookie: t.admin.cookie, body: { startDate: WEEK_1 } });
  expect(term.status, term.body?.message).toBe(200);
  week.odd = await api.added(lab(0, { weeks: 'odd' }));
  week.even = await api.added(lab(1, { weeks: 'even' }));
  week.every = await api.added(entryBody(college, t.faculty.user._id, { slotid: college.slotids[1] }));
});

const todayIds = async (date: string) => (await api.today(t.faculty.cookie, date)).data.map((one) => one.entry._id);
const notMarkedIds = async (date: string) => (await api.missing(date)).data.overdue.map((one) => one.entry._id);

describe('timetable: Today and Not marked in odd and even weeks', () => {
  it('lists an odd-weeks class in odd weeks and an even-weeks one in even weeks, beside the every-week class', async () => {
    expect(await todayIds(WEEK_1)).toEqual([week.odd._id, week.every._id]);
    expect(await todayIds(WEEK_2)).toEqual([week.even._id, week.every._id]);
    expect(await todayIds(WEEK_3)).toEqual([week.odd._id, week.every._id]);
    const [odd] = (await api.today(t.faculty.cookie, WEEK_1)).data;
    expect(odd!.entry.weeks).toBe('odd');
    // Before the term's first day there are no classes.
    expect(await todayIds('2026-02-23')).toEqual([]);
  });

  it('lists as not marked only the classes that meet that date, and the alert job’s list the same', async () => {
    expect(await notMarkedIds(WEEK_1)).toEqual([week.odd._id, week.every._id]);
    expect(await notMarkedIds(WEEK_2)).toEqual([week.even._id, week.every._id]);
    expect((await missingOn(WEEK_2)).map((one) => one.entry._id)).toEqual([week.even._id, week.every._id]);

    const session = await marking.mark(
      t.admin.cookie,
      lectureMark(college, { date: WEEK_2, classKind: 'lab', groupid: batch(1).id, presentStudentIds: batch(1).students }),
    );
    expect(await notMarkedIds(WEEK_2)).toEqual([week.every._id]);
    expect((await api.today(t.faculty.cookie, WEEK_2)).data.map((one) => one.marked)).toEqual([session._id, null]);
    // The odd-weeks class of the same slot is still not marked in its own weeks.
    expect(await notMarkedIds(WEEK_3)).toEqual([week.odd._id, week.every._id]);
  });

  it('lists the class every week once changed to every week, which the faculty member’s even-weeks class blocks until deleted', async () => {
    const { termid: _, ...change } = lab(0, { weeks: null });
    const everyWeek = () =>
      t.stack.api('PATCH /timetable/{id}', { params: { id: week.odd._id }, cookie: t.admin.cookie, body: change as TimetableEntryChange });
    const clash = await everyWeek();
    expect([clash.status, clash.body.message]).toEqual([
      409,
      `${t.faculty.user.username} already teaches Physics (Lab) to Division 1 / Batch 1B on Monday 09:00 - 10:00 in even weeks`,
    ]);
    expect((await api.remove(week.even._id)).status).toBe(200);
    const result = await everyWeek();
    expect(result.status, result.body?.message).toBe(200);
    const every = result.body.data;
    for (const date of [WEEK_1, WEEK_2, WEEK_3]) expect(await todayIds(date)).toEqual([every._id, week.every._id]);
  });
});
