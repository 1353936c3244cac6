import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { instantOf, parseTime } from '@shared/dates';
import type { Holiday } from '@shared/schemas/structure';
import { holidayMessage, TIMETABLE_MESSAGES as M, type NotMarked, type TimetableEntry } from '@shared/schemas/timetable';
import { db, tableName } from '@functions/lib/db';
import { structureNode } from '@functions/lib/entities/structure-node';
import { entryKey, getNode } from '@functions/lib/repositories/structure';
import { missingOn, notMarkedOn } from '@functions/lib/timetable/classes';
import { attendanceApi } from '@tests/support/attendance';
import { buildCollege, create, lectureMark, useCollege, type SmallCollege } from '@tests/support/college';
import { storeLegacyNode } from '@tests/support/legacy-items';
import { useTestStack } from '@tests/support/stack';
import { entryBody, timetableApi, WEEK } from '@tests/support/timetable';

/**
 * Not marked means overdue (docs/product.md §3): a class is listed as not marked
 * once its slot has ended plus the grace (notMarkedAfterMinutes, 30 by default), in college time
 * (Asia/Kolkata, UTC+5:30, a new college's default); classes still to come are 'later'. Only active
 * terms, between their dates, on days that are not holidays. Run with a fixed clock.
 */
const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'OD', divisions: 1, perBatch: 2 });
const timetable = timetableApi(t);
const attendance = attendanceApi(t);
const ZONE = 'Asia/Kolkata';

/** The instant a wall clock in the college shows `time` on `date`. */
const at = (date: string, time: string) => new Date(instantOf(date, parseTime(time)!, ZONE));
const TUESDAY_0030 = at(WEEK.tuesday, '00:30');

const week = {} as Record<'lecture' | 'lab' | 'late' | 'untimed' | 'tuesday' | 'tuesdayUntimed', TimetableEntry>;
let lateSlot: string;
let untimedSlot: string;

/** What a list holds of this file's first college, by entry. */
const ofCollege = (list: { entry: TimetableEntry }[], of: SmallCollege = college) =>
  list.filter((item) => item.entry.termid === of.termid).map((item) => item.entry._id);
const lists = async (date: string, when: Date, of: SmallCollege = college) => {
  const { overdue, later } = await notMarkedOn(date, when);
  return { overdue: ofCollege(overdue, of), later: ofCollege(later, of) };
};

beforeAll(async () => {
  const me = t.faculty.user._id;
  lateSlot = await create(t.stack, t.admin.cookie, 'slot', { name: 'Late', termid: college.termid, start: '22:00', end: '23:00' });
  // A slot an older release stored without class times, whose name gives none.
  untimedSlot = await storeLegacyNode('slot', 'Evening', { termid: college.termid });
  const batch = college.divisions[0]!.batches[0]!.id;
  week.lecture = await timetable.added(entryBody(college, me));
  week.lab = await timetable.added(entryBody(college, me, { slotid: college.slotids[1], classKind: 'lab', groupid: batch }));
  week.late = await timetable.added(entryBody(college, me, { slotid: lateSlot }));
  week.untimed = await timetable.added(entryBody(college, me, { slotid: untimedSlot }));
  week.tuesday = await timetable.added(entryBody(college, me, { weekday: 2 }));
  week.tuesdayUntimed = await timetable.added(entryBody(college, me, { weekday: 2, slotid: untimedSlot }));
});

describe('Not marked: overdue or later, by the college clock', () => {
  it('lists a class as overdue from its end plus the grace, and as later until then, in the order of the day', async () => {
    const everyMonday = [week.lecture._id, week.lab._id, week.late._id, week.untimed._id];
    expect(await lists(WEEK.monday, at(WEEK.monday, '08:00'))).toEqual({ overdue: [], later: everyMonday });
    // 09:00 - 10:00 ends at 10:00 college time (04:30 UTC); the grace runs to 10:30.
    expect(await lists(WEEK.monday, at(WEEK.monday, '10:29'))).toEqual({ overdue: [], later: everyMonday });
    expect(await lists(WEEK.monday, at(WEEK.monday, '10:30'))).toEqual({
      overdue: [week.lecture._id],
      later: [week.lab._id, week.late._id, week.untimed._id],
    });
    expect(await lists(WEEK.monday, at(WEEK.monday, '11:30'))).toEqual({
      overdue: [week.lecture._id, week.lab._id],
      later: [week.late._id, week.untimed._id],
    });
    // The alert job's list: the overdue ones only.
    expect(ofCollege(await missingOn(WEEK.monday, at(WEEK.monday, '11:30')))).toEqual([week.lecture._id, week.lab._id]);

    const { overdue } = await notMarkedOn(WEEK.monday, at(WEEK.monday, '11:30'));
    expect(overdue.find((item) => item.entry._id === week.lab._id)).toMatchObject({ slot: '10:00 - 11:00', start: '10:00', end: '11:00' });
  });

  it('at 23:30 college time: the 22:00 - 23:00 class is overdue, the slot without times not yet, tomorrow all later', async () => {
    expect(await lists(WEEK.monday, at(WEEK.monday, '23:29'))).toMatchObject({ later: [week.late._id, week.untimed._id] });
    expect(await lists(WEEK.monday, at(WEEK.monday, '23:30'))).toEqual({
      overdue: [week.lecture._id, week.lab._id, week.late._id],
      later: [week.untimed._id],
    });
    // Tomorrow (college time) is still to come: nothing of it is overdue.
    expect(await lists(WEEK.tuesday, at(WEEK.monday, '23:30'))).toEqual({
      overdue: [],
      later: [week.tuesday._id, week.tuesdayUntimed._id],
    });
  });

  it('at 00:30 college time (still the day before in UTC): yesterday all overdue, today not yet', async () => {
    expect(TUESDAY_0030.toISOString()).toBe(`${WEEK.monday}T19:00:00.000Z`);
    // A slot without times is overdue from the end of its day, college time.
    expect(await lists(WEEK.monday, TUESDAY_0030)).toEqual({
      overdue: [week.lecture._id, week.lab._id, week.late._id, week.untimed._id],
      later: [],
    });
    expect(await lists(WEEK.tuesday, TUESDAY_0030)).toEqual({ overdue: [], later: [week.tuesday._id, week.tuesdayUntimed._id] });
  });

  it('leaves a marked class out of both lists', async () => {
    await attendance.mark(t.admin.cookie, lectureMark(college, { date: WEEK.tuesday }));
    expect(await lists(WEEK.tuesday, at(WEEK.tuesday, '09:30'))).toEqual({ overdue: [], later: [week.tuesdayUntimed._id] });
    expect(await lists(WEEK.tuesday, at(WEEK.wednesday, '09:00'))).toEqual({ overdue: [week.tuesdayUntimed._id], later: [] });
  });

  it('answers both lists on GET attendance/missing, with a message that says whether any is overdue', async () => {
    // WEEK is in the past: every class of it is overdue.
    const past = await timetable.missing(WEEK.monday);
    expect(past.message).toBe(M.missing);
    expect(ofCollege(past.data.overdue)).toEqual([week.lecture._id, week.lab._id, week.late._id, week.untimed._id]);
    expect(past.data.later).toEqual([]);
    // A Monday still to come: all later, none overdue.
    const future = await timetable.missing('2099-03-02');
    expect(future.message).toBe(M.noneOverdue);
    expect(future.data.overdue).toEqual([]);
    expect(ofCollege(future.data.later)).toEqual([week.lecture._id, week.lab._id, week.late._id, week.untimed._id]);
  });
});

describe('Not marked and Today: only the days a term teaches', () => {
  let other: SmallCollege;
  let wednesday: TimetableEntry;
  const patchTerm = async (body: Record<string, unknown>) => {
    const result = await t.stack.call('PATCH', `/api/v1/term/${other.termid}`, { cookie: t.admin.cookie, body });
    expect(result.status, result.body?.message).toBe(200);
  };
  /** Holidays as the Term screen stores them: on the term's entity and its entry. */
  async function setHolidays(holidays: Holiday[]) {
    const term = (await getNode('term', other.termid))!;
    for (const key of [structureNode('term', term._id), entryKey('term', term)])
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET holidays = :holidays',
          ExpressionAttributeValues: { ':holidays': holidays },
        }),
      );
  }
  const listed = async (date: string = WEEK.wednesday): Promise<NotMarked> => notMarkedOn(date, at('2026-03-10', '12:00'));
  const otherIds = async (date: string = WEEK.wednesday) => {
    const { overdue, later } = await listed(date);
    return [...ofCollege(overdue, other), ...ofCollege(later, other)];
  };

  beforeAll(async () => {
    other = await buildCollege(t.stack, t.admin.cookie, { prefix: 'OT', divisions: 1, perBatch: 1 });
    wednesday = await timetable.added(entryBody(other, t.faculty.user._id, { weekday: 3 }));
  });

  it('lists a class between the term’s dates only', async () => {
    expect(await otherIds()).toEqual([wednesday._id]);
    await patchTerm({ startDate: WEEK.thursday });
    expect(await otherIds()).toEqual([]);
    await patchTerm({ startDate: WEEK.wednesday, endDate: WEEK.wednesday });
    expect(await otherIds()).toEqual([wednesday._id]);
    await patchTerm({ startDate: '2026-01-01', endDate: WEEK.tuesday });
    expect(await otherIds()).toEqual([]);
    expect((await timetable.today(t.faculty.cookie, WEEK.wednesday)).data.map((one) => one.entry._id)).not.toContain(wednesday._id);
    await patchTerm({ startDate: null, endDate: null });
    expect(await otherIds()).toEqual([wednesday._id]);
  });

  it('lists nothing of a holiday, and Today says which holiday it is', async () => {
    await setHolidays([{ date: WEEK.wednesday, name: 'Holi' }]);
    try {
      expect(await otherIds()).toEqual([]);
      // The first college has no Wednesday classes for this faculty member: Today has none, and says why.
      expect(await timetable.today(t.faculty.cookie, WEEK.wednesday)).toEqual({ data: [], message: holidayMessage('Holi') });
      // A week later is a teaching day again.
      expect(await otherIds('2026-03-11')).toEqual([wednesday._id]);
      expect((await timetable.today(t.faculty.cookie, '2026-03-11')).data.map((one) => one.entry._id)).toEqual([wednesday._id]);
    } finally {
      await setHolidays([]);
    }
    expect(await otherIds()).toEqual([wednesday._id]);
    expect(await timetable.today(t.faculty.cookie, WEEK.wednesday)).toMatchObject({ message: M.today });
  });

  it('lists nothing of an inactive term', async () => {
    await patchTerm({ status: false });
    try {
      expect(await otherIds()).toEqual([]);
      expect((await timetable.missing(WEEK.wednesday)).data).toEqual({ overdue: [], later: [] });
    } finally {
      await patchTerm({ status: true });
    }
  });
});
