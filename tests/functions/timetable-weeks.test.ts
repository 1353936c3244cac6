import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '@shared/schemas/auth';
import { TIMETABLE_MESSAGES as M, type TimetableEntryChange } from '@shared/schemas/timetable';
import { divisionLabs, timetableEntry } from '@functions/lib/entities/timetable-entry';
import { buildCollege, useCollege } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';
import { allItems } from '@tests/support/table';
import { entryBody, facultyMember, timetableApi } from '@tests/support/timetable';

// Classes that meet every other week (docs/product.md §3): adding, changing and the clashes they make.
const t = useTestStack('admin');
const college = useCollege(t, { prefix: 'WK', divisions: 1, perBatch: 1 });
const api = timetableApi(t);
let anil: PublicUser;
let bina: PublicUser;
let chandra: PublicUser;

beforeAll(async () => {
  [anil, bina, chandra] = await Promise.all([facultyMember('Anil'), facultyMember('Bina'), facultyMember('Chandra')]);
  const term = await t.stack.call('PATCH', `/api/v1/term/${college.termid}`, { cookie: t.admin.cookie, body: { startDate: '2026-03-02' } });
  expect(term.status, term.body?.message).toBe(200);
});

const division = () => college.divisions[0]!;
const lecture = (who: PublicUser, overrides: Record<string, unknown> = {}) => entryBody(college, who._id, overrides);
const lab = (who: PublicUser, b: number, overrides: Record<string, unknown> = {}) =>
  entryBody(college, who._id, { classKind: 'lab', groupid: division().batches[b]!.id, ...overrides });
const change = ({ termid: _, ...rest }: Record<string, unknown>) => rest;
// The body is sent as built (some tests send invalid weeks on purpose); the answer is typed by the contract.
const edit = (id: string, body: Record<string, unknown>) =>
  t.stack.api('PATCH /timetable/{id}', { params: { id }, cookie: t.admin.cookie, body: body as TimetableEntryChange });
const refused = async (result: Promise<{ status: number; body: { message: string } }>) => {
  const { status, body } = await result;
  return [status, body.message];
};
const storedOn = async (weekday: number) =>
  (await allItems()).filter((item) => item.weekday === weekday && item.termid === college.termid && item.entity === 'timetableEntry');
const labCount = async (weekday: number, slot: number) => {
  const key = divisionLabs({ termid: college.termid, weekday, slotid: college.slotids[slot]!, divisionid: division().id });
  return (await allItems()).find((item) => item.pk === key.pk && item.sk === key.sk);
};

describe('timetable: classes of odd or even weeks', () => {
  it('refuses odd or even weeks while the term has no first day, and weeks that are neither: 400, nothing stored', async () => {
    const other = await buildCollege(t.stack, t.admin.cookie, { prefix: 'WN', divisions: 1, perBatch: 1 });
    const stored = async () => (await allItems()).filter((item) => item.entity !== 'auditEntry');
    const before = await stored();
    expect(await refused(api.add(entryBody(other, anil._id, { weeks: 'odd' })))).toEqual([400, M.weeksNeedTermStart]);
    const every = await api.added(entryBody(other, anil._id));
    expect(every).not.toHaveProperty('weeks');
    expect(await refused(edit(every._id, change(entryBody(other, anil._id, { weeks: 'even' }))))).toEqual([400, M.weeksNeedTermStart]);
    for (const weeks of ['fortnightly', null, 1])
      expect(await refused(api.add(lecture(anil, { weekday: 6, weeks })))).toEqual([400, M.weeks]);
    expect(await refused(edit(every._id, change(entryBody(other, anil._id, { weeks: 'third' }))))).toEqual([400, M.weeks]);
    expect((await stored()).length).toBe(before.length + 2);
  });

  it('gives a group’s slot to an odd-weeks and an even-weeks class; every week clashes with either', async () => {
    const odd = await api.added(lecture(anil, { weekday: 1, weeks: 'odd' }));
    const even = await api.added(lecture(bina, { weekday: 1, weeks: 'even' }));
    expect([odd.weeks, even.weeks]).toEqual(['odd', 'even']);
    expect(new Set([odd._id, even._id]).size).toBe(2);
    const named = 'Division 1 already has Physics (Lecture) with Anil on Monday 09:00 - 10:00 in odd weeks';
    expect(await refused(api.add(lecture(chandra, { weekday: 1, weeks: 'odd' })))).toEqual([409, named]);
    const every = await refused(api.add(lecture(chandra, { weekday: 1 })));
    expect([named, named.replace('Anil', 'Bina').replace('odd', 'even')]).toContainEqual(every[1]);
    expect((await storedOn(1)).map((item) => item.weeks).sort()).toEqual(['even', 'odd']);
    expect(await api.list({ termid: college.termid, facultyid: anil._id })).toEqual([odd]);

    await api.added(lecture(anil, { weekday: 2 }));
    const taken = 'Division 1 already has Physics (Lecture) with Anil on Tuesday 09:00 - 10:00';
    expect(await refused(api.add(lecture(bina, { weekday: 2, weeks: 'even' })))).toEqual([409, taken]);
  });

  it('lets a faculty member teach odd weeks in one group and even weeks in another, but not every week besides', async () => {
    await api.added(lab(chandra, 0, { weekday: 3, weeks: 'odd' }));
    await api.added(lab(chandra, 1, { weekday: 3, weeks: 'even' }));
    await api.added(lab(anil, 0, { weekday: 4, weeks: 'odd' }));
    expect(await refused(api.add(lab(anil, 1, { weekday: 4 })))).toEqual([
      409,
      'Anil already teaches Physics (Lab) to Division 1 / Batch 1A on Thursday 09:00 - 10:00 in odd weeks',
    ]);
  });

  it('keeps a division’s lecture and its batches’ labs apart only in the weeks they share', async () => {
    await api.added(lecture(anil, { weekday: 5, weeks: 'odd' }));
    await api.added(lab(bina, 0, { weekday: 5, weeks: 'even' }));
    expect(await refused(api.add(lab(chandra, 1, { weekday: 5 })))).toEqual([
      409,
      'Division 1 already has Physics (Lecture) with Anil on Friday 09:00 - 10:00 in odd weeks, so its batches cannot have a lab then',
    ]);
    const slot = college.slotids[1];
    await api.added(lab(bina, 1, { weekday: 5, slotid: slot, weeks: 'odd' }));
    expect(await refused(api.add(lecture(chandra, { weekday: 5, slotid: slot })))).toEqual([
      409,
      'Division 1 / Batch 1B already has Physics (Lab) with Bina on Friday 10:00 - 11:00 in odd weeks, so the whole division cannot have a lecture then',
    ]);
    await api.added(lecture(chandra, { weekday: 5, slotid: slot, weeks: 'even' }));
    expect(await labCount(5, 0)).toMatchObject({ evenLabs: 1 });
    expect(await labCount(5, 1)).toMatchObject({ oddLabs: 1 });
  });

  it('changes a class’s weeks with PATCH (left out: kept; null: every week), moving it to a new _id', async () => {
    const odd = await api.added(lecture(anil, { weekday: 7, weeks: 'odd' }));
    const asEven = (await edit(odd._id, change(lecture(anil, { weekday: 7, weeks: 'even' })))).body.data;
    expect(asEven).toEqual({ ...odd, _id: asEven._id, weeks: 'even' });
    expect(asEven._id).not.toBe(odd._id);
    expect((await api.remove(odd._id)).status).toBe(404);
    const kept = await edit(asEven._id, change(lecture(anil, { weekday: 7, slotid: college.slotids[1] })));
    expect([kept.status, kept.body.data.weeks]).toEqual([200, 'even']);
    const every = (await edit(kept.body.data._id, change(lecture(anil, { weekday: 7, weeks: null })))).body.data;
    expect(every).not.toHaveProperty('weeks');
    const stored = await storedOn(7);
    expect(stored.map((item) => [item.sk, item.weeks])).toEqual([[timetableEntry(every).sk, undefined]]);
    const copies = (await allItems()).filter((item) => item.entity === 'facultyClass' && item.facultyid === anil._id && item.weekday === 7);
    expect(copies.map((item) => item._id)).toEqual([every._id]);
  });

  it('refuses a change into weeks another class of the group has, and one it has itself becoming every week', async () => {
    const slotid = college.slotids[1];
    const odd = await api.added(lecture(anil, { weekday: 6, slotid, weeks: 'odd' }));
    const even = await api.added(lecture(bina, { weekday: 6, slotid, weeks: 'even' }));
    const oddNamed = 'Division 1 already has Physics (Lecture) with Anil on Saturday 10:00 - 11:00 in odd weeks';
    expect(await refused(edit(even._id, change(lecture(bina, { weekday: 6, slotid, weeks: null }))))).toEqual([409, oddNamed]);
    expect(await refused(edit(even._id, change(lecture(bina, { weekday: 6, slotid, weeks: 'odd' }))))).toEqual([409, oddNamed]);
    expect((await storedOn(6)).map((item) => item._id).sort()).toEqual([odd._id, even._id].sort());
    expect((await api.remove(even._id)).status).toBe(200);
    expect((await edit(odd._id, change(lecture(anil, { weekday: 6, slotid, weeks: null })))).status).toBe(200);
  });

  it('turns an odd-weeks lab into its division’s odd-weeks lecture in its own slot, and back, keeping the counts', async () => {
    const slotid = college.slotids[0];
    const oddLab = await api.added(lab(anil, 0, { weekday: 6, slotid, weeks: 'odd' }));
    await api.added(lab(bina, 1, { weekday: 6, slotid, weeks: 'even' }));
    expect(await labCount(6, 0)).toMatchObject({ oddLabs: 1, evenLabs: 1 });
    const asLecture = await edit(oddLab._id, change(lecture(anil, { weekday: 6, slotid, weeks: 'odd' })));
    expect(asLecture.status, asLecture.body.message).toBe(200);
    expect(await labCount(6, 0)).toMatchObject({ oddLabs: 0, evenLabs: 1 });
    expect(await refused(edit(asLecture.body.data._id, change(lecture(anil, { weekday: 6, slotid, weeks: null }))))).toEqual([
      409,
      'Division 1 / Batch 1B already has Physics (Lab) with Bina on Saturday 09:00 - 10:00 in even weeks, so the whole division cannot have a lecture then',
    ]);
    const back = await edit(asLecture.body.data._id, change(lab(anil, 0, { weekday: 6, slotid, weeks: null })));
    expect(back.status, back.body.message).toBe(200);
    expect(await labCount(6, 0)).toMatchObject({ labs: 1, oddLabs: 0, evenLabs: 1 });
    expect((await api.remove(back.body.data._id)).status).toBe(200);
    expect(await labCount(6, 0)).toMatchObject({ labs: 0, oddLabs: 0, evenLabs: 1 });
  });
});
