import { describe, expect, it } from 'vitest';
import { addDays } from '@shared/dates';
import { NOT_FOUND, VIEW_QUERY_MESSAGES, type CriteriaQuery, type ViewQuery } from '@shared/schemas/attendance';
import { collegeToday } from '@tests/support/college-time';
import { useCollege } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';

/*
 * GET attendance over a range (one record per date that has sessions, in date order, at most 31 days)
 * and GET attendance/criteria over every slot of a course or one slot (issue 33 point 4).
 */

const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'VR', divisions: 2, perBatch: 2 });

const today = collegeToday();
const daysAgo = (n: number) => addDays(today, -n);
const students = (d: number) => college.divisions[d]!.batches.flatMap((batch) => batch.students);

async function mark(date: string, slot: number, present: string[], d = 0) {
  const body = {
    presentStudentData: present,
    date,
    slotid: college.slotids[slot],
    slotcount: 1,
    courseid: college.courseid,
    groupid: college.divisions[d]!.id,
  };
  const result = await t.stack.call('POST', '/api/v1/attendance', { cookie: t.admin.cookie, body });
  expect(result.status).toBe(201);
}

const view = (query: ViewQuery) => t.stack.api('GET /attendance', { query, cookie: t.faculty.cookie });
const criteria = (query: CriteriaQuery) => t.stack.api('GET /attendance/criteria', { query, cookie: t.faculty.cookie });

/** GET attendance as sent on the wire: the bad-query tests send what the contract does not allow. */
async function raw(path: string, query: Record<string, string>) {
  return t.stack.call('GET', `/api/v1/${path}?${new URLSearchParams(query)}`, { cookie: t.faculty.cookie });
}

const lecture = (slot = 0) => ({ slotid: college.slotids[slot]!, classKind: 'lecture' as const, courseid: college.courseid });

describe('GET attendance over a range', () => {
  it("answers one record per date that has the slot's sessions, in date order; a range whose first day had no class is not 'not found'", async () => {
    const [a, b, c] = [students(0), students(1), students(0)];
    await mark(daysAgo(10), 0, a.slice(0, 1));
    await mark(daysAgo(8), 0, b.slice(0, 2), 1);
    await mark(daysAgo(8), 0, a.slice(0, 3));
    await mark(daysAgo(9), 1, c); // another slot: not in slot 0's range

    const result = await view({ ...lecture(), date: daysAgo(11), enddate: daysAgo(7) });
    expect(result.status).toBe(200);
    const records = result.body.data;
    expect(records.map((record) => [record.date, record.slotid, record.sessions.length, record.presentStudentsName.length])).toEqual([
      [daysAgo(10), college.slotids[0], 1, 1],
      [daysAgo(8), college.slotids[0], 2, 5],
    ]);
    expect(records[1]!.sessions.map((session) => session.groupid).sort()).toEqual(college.divisions.map((d) => d.id).sort());
    expect(records[0]!.presentStudentsName.map((student) => student._id)).toEqual(a.slice(0, 1));

    // The group filter applies to each day.
    const one = await view({ ...lecture(), date: daysAgo(11), enddate: daysAgo(7), groupid: college.divisions[1]!.id });
    expect(one.body.data.map((record) => [record.date, record.sessions.length])).toEqual([[daysAgo(8), 1]]);

    // The one-date answer is as before: that date alone, even where the range would find others.
    const single = await view({ ...lecture(), date: daysAgo(10) });
    expect(single.body.data.map((record) => record.date)).toEqual([daysAgo(10)]);
    const sameDay = await view({ ...lecture(), date: daysAgo(10), enddate: daysAgo(10) });
    expect(sameDay.body).toEqual(single.body);
    const nothing = await view({ ...lecture(), date: daysAgo(11) });
    expect(nothing.body).toEqual({ data: [], message: NOT_FOUND });

    const emptyRange = await view({ ...lecture(), date: '2020-01-01', enddate: '2020-01-31' });
    expect(emptyRange.status).toBe(200);
    expect(emptyRange.body).toEqual({ data: [], message: NOT_FOUND });
  });

  it('takes a range of 31 days, refuses 32 days, an end before the start or a bad end date with a clear 400', async () => {
    const base = { slotid: college.slotids[0]!, slotcount: '1', courseid: college.courseid };
    expect((await raw('attendance', { ...base, date: '2026-01-01', enddate: '2026-01-31' })).status).toBe(200);

    const tooLong = await raw('attendance', { ...base, date: '2026-01-01', enddate: '2026-02-01' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(VIEW_QUERY_MESSAGES.tooManyDays);

    const backwards = await raw('attendance', { ...base, date: '2026-01-10', enddate: '2026-01-09' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe(VIEW_QUERY_MESSAGES.endBeforeStart);

    const bad = await raw('attendance', { ...base, date: '2026-01-10', enddate: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Enter a real end date as YYYY-MM-DD');
  });
});

describe('GET attendance/criteria over every slot or one', () => {
  it('counts every slot of the course without a slot, one slot with it', async () => {
    const s = students(0);
    await mark(daysAgo(20), 0, s.slice(0, 1));
    await mark(daysAgo(20), 1, s.slice(0, 2));
    await mark(daysAgo(19), 1, []);

    const range = { startdate: daysAgo(20), enddate: daysAgo(19), classKind: 'lecture' as const, courseid: college.courseid };
    const all = await criteria(range);
    expect(all.status).toBe(200);
    expect(all.body.data.totalLecture).toBe(3);
    const first = (data: typeof all.body.data) => data.studentData.find((row) => row._id === s[0])!;
    expect([first(all.body.data).totalPresent, first(all.body.data).totalLecture]).toEqual([2, 3]);

    const slot1 = await criteria({ ...range, slotid: college.slotids[1]! });
    expect(slot1.body.data.totalLecture).toBe(2);
    expect([first(slot1.body.data).totalPresent, first(slot1.body.data).totalLecture]).toEqual([1, 2]);
    expect(first(slot1.body.data).percentage).toBe(50);

    const slot0 = await criteria({ ...range, slotid: college.slotids[0]! });
    expect(slot0.body.data.totalLecture).toBe(1);
  });

  it('refuses a bad slot id with a clear 400', async () => {
    const bad = await raw('attendance/criteria', {
      startdate: '2026-01-01',
      slotid: 'x'.repeat(65),
      slotcount: '1',
      courseid: college.courseid,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please select a slot');
  });
});
