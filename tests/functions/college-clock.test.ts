import { afterEach, describe, expect, it, vi } from 'vitest';
import { attendanceApi } from '@tests/support/attendance';
import { create, lectureMark, useCollege } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';
import { toWire } from '@shared/schemas/wire-names';

/**
 * The college's clock on the server (docs/product.md §9): "today", the dates a mark may have, the edit
 * window and Today follow the college's time zone (IST here), not UTC. The clock is fixed at 23:30 and
 * 00:30 college time: at 00:30 IST on Tuesday 15 December it is still Monday 14 December in UTC.
 */
const t = useTestStack('admin');
const college = useCollege(t, { prefix: 'CK', perBatch: 2 });
const api = attendanceApi(t);

const MONDAY = '2026-12-14';
const TUESDAY = '2026-12-15';
const AT_2330_MONDAY = new Date('2026-12-14T18:00:00Z');
const AT_0030_TUESDAY = new Date('2026-12-14T19:00:00Z');

/** Sets the clock (Date only: DynamoDB Local's timers run on) and signs in fresh, so no session is older than the clock. */
async function at(moment: Date) {
  vi.useFakeTimers({ toFake: ['Date'], now: moment });
  const [admin, faculty] = [await t.stack.signIn('admin'), await t.stack.signIn('faculty')];
  return { admin: admin.cookie, faculty: faculty.cookie, facultyid: faculty.user._id };
}
afterEach(() => vi.useRealTimers());

const mark = (cookie: string, date: string, slot = 0) =>
  t.stack.call('POST', '/api/v1/attendance', { cookie, body: toWire(lectureMark(college, { date, slotid: college.slotids[slot] })) });

describe('the college’s today', () => {
  it('at 23:30 college time is the college’s date: its next day is still the future', async () => {
    const { faculty } = await at(AT_2330_MONDAY);
    expect((await mark(faculty, MONDAY)).status).toBe(201);
    const tomorrow = await mark(faculty, TUESDAY);
    expect(tomorrow.status).toBe(400);
    expect(tomorrow.body.message).toBe('Attendance cannot be marked for a future date');
  });

  it('at 00:30 college time is already the next day, while UTC’s is not', async () => {
    const { faculty, admin } = await at(AT_0030_TUESDAY);
    expect(new Date().toISOString().slice(0, 10)).toBe(MONDAY);
    expect((await mark(faculty, TUESDAY, 1)).status).toBe(201);

    // Faculty may mark today only: yesterday in college time is Monday, though UTC's today is Monday.
    await api.settings(admin, { markBackDays: 0 });
    try {
      const yesterday = await mark(faculty, MONDAY, 1);
      expect(yesterday.status).toBe(400);
      expect(yesterday.body.message).toContain(`at most 0 days back (from ${TUESDAY})`);
    } finally {
      await api.settings(admin, { markBackDays: 7 });
    }
  });

  it('gives Today the classes of the college’s weekday', async () => {
    const { admin, faculty, facultyid } = await at(AT_0030_TUESDAY);
    const entry = { termid: college.termid, slotid: college.slotids[0], courseid: college.courseid, classKind: 'lecture' };
    const groupid = college.divisions[0]!.id;
    await create(t.stack, admin, 'timetable', { ...entry, weekday: 2, groupid, facultyid });
    const today = await t.stack.api('GET /timetable/today', { query: {}, cookie: faculty });
    expect(today.status).toBe(200);
    expect(today.body.data.map((one) => one.entry.weekday)).toEqual([2]);
  });
});

describe('the edit window', () => {
  it('says when it closed in college time', async () => {
    const { faculty, admin } = await at(AT_2330_MONDAY);
    await api.settings(admin, { editWindowHours: 1 });
    try {
      const marked = await api.mark(faculty, lectureMark(college, { date: MONDAY, slotid: college.slotids[1] }));
      vi.setSystemTime(new Date('2026-12-14T19:15:00Z'));
      const student = college.divisions[0]!.batches[0]!.students[0]!;
      const late = await api.correct(faculty, marked._id, { statuses: { [student]: 'late' }, reason: 'came in late', version: 1 });
      expect(late.status).toBe(403);
      expect(late.body.message).toBe(`Only an admin can correct this attendance now: the edit window closed at ${TUESDAY} 00:30`);
    } finally {
      await api.settings(admin, { editWindowHours: 48 });
    }
  });
});
