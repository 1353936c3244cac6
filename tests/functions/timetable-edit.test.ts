import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '@shared/schemas/auth';
import { TIMETABLE_MESSAGES as M, type TimetableEntry, type TimetableEntryChange } from '@shared/schemas/timetable';
import { divisionLabs } from '@functions/lib/entities/timetable-entry';
import { useCollege } from '@tests/support/college';
import { withDatabaseError } from '@tests/support/faults';
import { useTestStack } from '@tests/support/stack';
import { allItems } from '@tests/support/table';
import { entryBody, facultyMember, timetableApi } from '@tests/support/timetable';

const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'TE', divisions: 2, perBatch: 1 });
const api = timetableApi(t);
let chemistry: string;
let anil: PublicUser;
let bina: PublicUser;

beforeAll(async () => {
  const course = await t.stack.api('POST /course', {
    cookie: t.admin.cookie,
    body: { name: 'Chemistry', semid: college.semid },
  });
  chemistry = course.body.data._id;
  [anil, bina] = await Promise.all([facultyMember('Anil'), facultyMember('Bina')]);
});

const division = () => college.divisions[0]!;
const batch = (b: number) => division().batches[b]!;
const lecture = (facultyid: string, overrides: Record<string, unknown> = {}) => entryBody(college, facultyid, overrides);
const lab = (facultyid: string, b: number, overrides: Record<string, unknown> = {}) =>
  entryBody(college, facultyid, { classKind: 'lab', groupid: batch(b).id, ...overrides });
/** PATCH's body: the entry's fields but its term. */
const change = (entry: Record<string, unknown>) => {
  const { termid: _, ...rest } = entry;
  return rest;
};
// The body is sent as built (some tests send invalid fields on purpose); the answer is typed by the contract.
const edit = (id: string, body: Record<string, unknown>, cookie = t.admin.cookie) =>
  t.stack.api('PATCH /timetable/{id}', { params: { id }, cookie, body: body as TimetableEntryChange });
async function edited(id: string, body: Record<string, unknown>): Promise<TimetableEntry> {
  const result = await edit(id, body);
  expect(result.status, result.body?.message).toBe(200);
  expect(result.body.message).toBe(M.updated);
  return result.body.data;
}

/** The stored entries and copies of one weekday, and the division's lab counts that day (by slot, those stored). */
async function storedOn(weekday: number) {
  const items = await allItems();
  const of = (entity: string) =>
    items.filter((item) => item.entity === entity && item.weekday === weekday && item.termid === college.termid);
  const labKeys = college.slotids.map((slotid) => divisionLabs({ termid: college.termid, weekday, slotid, divisionid: division().id }));
  const labs = labKeys.map((key) => Number(items.find((item) => item.pk === key.pk && item.sk === key.sk)?.labs ?? 0));
  return { entries: of('timetableEntry'), copies: of('facultyClass'), labs };
}

describe('timetable: editing an entry (PATCH)', () => {
  it('changes the course and faculty member in place: same _id, the copy moves to the new faculty member', async () => {
    const entry = await api.added(lecture(anil._id, { weekday: 1 }));
    const after = await edited(entry._id, change({ ...lecture(bina._id, { weekday: 1 }), courseid: chemistry }));
    expect(after).toEqual({ ...entry, courseid: chemistry, facultyid: bina._id, faculty: { _id: bina._id, username: 'Bina' } });
    const { entries, copies } = await storedOn(1);
    expect(entries.map((item) => [item._id, item.facultyid, item.courseid])).toEqual([[entry._id, bina._id, chemistry]]);
    expect(copies.map((item) => item.facultyid)).toEqual([bina._id]);
    expect(await api.list({ termid: college.termid, facultyid: anil._id })).toEqual([]);
  });

  it('turns a lecture into a lab of a batch and back, keeping the division’s lab count', async () => {
    const entry = await api.added(lecture(anil._id, { weekday: 2 }));
    const asLab = await edited(entry._id, change(lab(anil._id, 0, { weekday: 2 })));
    expect(asLab).toMatchObject({ classKind: 'lab', groupid: batch(0).id, divisionid: division().id });
    expect(asLab._id).not.toBe(entry._id);
    expect((await storedOn(2)).labs).toEqual([1, 0]);
    expect((await api.remove(entry._id)).status).toBe(404);
    const back = await edited(asLab._id, change(lecture(anil._id, { weekday: 2 })));
    expect(back._id).toBe(entry._id);
    const { entries, copies, labs } = await storedOn(2);
    expect([entries.length, copies.length, labs]).toEqual([1, 1, [0, 0]]);
  });

  it('refuses a lab becoming the division’s lecture while another batch has a lab then, naming that lab', async () => {
    const labA = await api.added(lab(anil._id, 0, { weekday: 3 }));
    await api.added(lab(bina._id, 1, { weekday: 3 }));
    const refused = await edit(labA._id, change(lecture(anil._id, { weekday: 3 })));
    expect([refused.status, refused.body.message]).toEqual([
      409,
      'Division 1 / Batch 1B already has Physics (Lab) with Bina on Wednesday 09:00 - 10:00, so the whole division cannot have a lecture then',
    ]);
    expect((await storedOn(3)).labs).toEqual([2, 0]);
  });

  it('moves an entry to another weekday and slot, and names the class a move clashes with', async () => {
    const entry = await api.added(lecture(anil._id, { weekday: 4 }));
    const moved = await edited(entry._id, change(lecture(anil._id, { weekday: 5, slotid: college.slotids[1] })));
    expect([moved.weekday, moved.slotid]).toEqual([5, college.slotids[1]]);
    expect((await storedOn(4)).entries).toEqual([]);
    await api.added(lecture(bina._id, { weekday: 5 }));
    const clash = await edit(moved._id, change(lecture(anil._id, { weekday: 5 })));
    expect([clash.status, clash.body.message]).toEqual([409, 'Division 1 already has Physics (Lecture) with Bina on Friday 09:00 - 10:00']);
    const busy = await edit(moved._id, change(lecture(bina._id, { weekday: 5, groupid: college.divisions[1]!.id })));
    expect([busy.status, busy.body.message]).toEqual([409, 'Bina already teaches Physics (Lecture) to Division 1 on Friday 09:00 - 10:00']);
    const { entries, copies } = await storedOn(5);
    expect([entries.length, copies.length]).toEqual([2, 2]);
  });

  it('answers 404 for an entry that does not exist, 400 in the user’s words, 403 to faculty', async () => {
    const entry = await api.added(lecture(anil._id, { weekday: 6 }));
    expect((await edit('not-an-entry', change(lecture(anil._id)))).status).toBe(404);
    const noKind = await edit(entry._id, change(lecture(anil._id, { weekday: 6, classKind: '' })));
    expect([noKind.status, noKind.body.message]).toEqual([400, 'Choose Lecture or Lab']);
    const batchLecture = await edit(entry._id, change(lecture(anil._id, { weekday: 6, groupid: batch(0).id })));
    expect([batchLecture.status, batchLecture.body.message]).toEqual([400, M.lectureNeedsDivision]);
    expect((await edit(entry._id, change(lecture(bina._id, { weekday: 6 })), t.faculty.cookie)).status).toBe(403);
    expect((await storedOn(6)).copies.map((item) => item.facultyid)).toEqual([anil._id]);
  });
});

describe('timetable: concurrent and failed edits', () => {
  it('keeps one entry and one copy when 10 edits of it are sent at once; each refused one is told it changed meanwhile', async () => {
    const members = await Promise.all(Array.from({ length: 10 }, (_, i) => facultyMember(`Editor ${i + 1}`)));
    const entry = await api.added(lab(anil._id, 0, { weekday: 7 }));
    const results = await Promise.all(members.map((member) => edit(entry._id, change(lab(member._id, 0, { weekday: 7 })))));
    const done = results.filter((result) => result.status === 200);
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const result of results.filter((one) => one.status !== 200))
      expect([result.status, result.body.message]).toEqual([409, M.changedMeanwhile]);
    const { entries, copies, labs } = await storedOn(7);
    expect(entries).toHaveLength(1);
    expect(copies.map((item) => item.facultyid)).toEqual([entries[0]!.facultyid]);
    expect(done.map((result) => result.body.data.facultyid)).toContain(entries[0]!.facultyid);
    expect(labs).toEqual([1, 0]);
  });

  it('gives a free cell to exactly one of several entries moved into it at once, naming the winner to the others', async () => {
    // Free before: the second slot of Monday to Wednesday and of Sunday (the tests above fill the first slots).
    const members = await Promise.all([1, 2, 3, 7].map((weekday) => facultyMember(`Mover ${weekday}`)));
    const entries = await Promise.all(
      [1, 2, 3, 7].map((weekday, i) => api.added(lecture(members[i]!._id, { weekday, slotid: college.slotids[1] }))),
    );
    const target = { weekday: 6, slotid: college.slotids[1] };
    const results = await Promise.all(entries.map((entry) => edit(entry._id, change(lecture(entry.facultyid, target)))));
    const done = results.filter((result) => result.status === 200);
    expect(done).toHaveLength(1);
    const winner = done[0]!.body.data.faculty.username;
    for (const result of results.filter((one) => one.status !== 200)) {
      expect([result.status, result.body.message]).toEqual([
        409,
        `Division 1 already has Physics (Lecture) with ${winner} on Saturday 10:00 - 11:00`,
      ]);
    }
    const { entries: saturday, copies } = await storedOn(6);
    expect(saturday.filter((item) => item.slotid === college.slotids[1])).toHaveLength(1);
    expect(copies).toHaveLength(2);
  });

  it('changes nothing when the edit’s transaction fails, and the retry changes it all', async () => {
    const before = await storedOn(4);
    const entry = await api.added(lab(bina._id, 1, { weekday: 4, slotid: college.slotids[1] }));
    const target = change(lab(anil._id, 0, { weekday: 4 }));
    const failed = await withDatabaseError(
      'InjectedInterruption',
      (command) => command.startsWith('TransactWrite'),
      () => edit(entry._id, target),
    );
    expect(failed.status).toBe(500);
    const during = await storedOn(4);
    expect(during.entries.map((item) => item._id)).toEqual([...before.entries.map((item) => item._id), entry._id]);
    expect(during.copies.map((item) => item.facultyid)).toEqual([bina._id]);
    expect(during.labs).toEqual([0, 1]);
    const after = await edited(entry._id, target);
    const stored = await storedOn(4);
    expect(stored.entries.map((item) => item._id)).toEqual([after._id]);
    expect(stored.copies.map((item) => item.facultyid)).toEqual([anil._id]);
    expect(stored.labs).toEqual([1, 0]);
  });
});
