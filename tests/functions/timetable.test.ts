import { beforeAll, describe, expect, it } from 'vitest';
import { TIMETABLE_MESSAGES as M } from '@shared/schemas/timetable';
import type { PublicUser } from '@shared/schemas/auth';
import { divisionLabs } from '@functions/lib/entities/timetable-entry';
import { buildCollege, useCollege, type SmallCollege } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';
import { allItems } from '@tests/support/table';
import { entryBody, facultyMember, timetableApi } from '@tests/support/timetable';
import { toWire } from '@shared/schemas/wire-names';

const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'TT', divisions: 2, perBatch: 1 });
const api = timetableApi(t);
const other = {} as SmallCollege;
let anil: PublicUser;
let bina: PublicUser;

beforeAll(async () => {
  Object.assign(other, await buildCollege(t.stack, t.admin.cookie, { prefix: 'TO', divisions: 1, perBatch: 1 }));
  [anil, bina] = await Promise.all([facultyMember('Anil'), facultyMember('Bina')]);
});

const division = (d: number) => college.divisions[d]!;
const batch = (d: number, b: number) => division(d).batches[b]!;
const lecture = (facultyid: string, overrides: Record<string, unknown> = {}) => entryBody(college, facultyid, overrides);
const lab = (facultyid: string, d: number, b: number, overrides: Record<string, unknown> = {}) =>
  entryBody(college, facultyid, { classKind: 'lab', groupid: batch(d, b).id, ...overrides });
const timetableItems = async () => (await allItems()).filter((item) => String(item.entity).match(/^(timetableEntry|facultyClass)$/));

describe('timetable: adding and listing', () => {
  it('adds a lecture and a lab, answering each entry with its semester, division and faculty member', async () => {
    const added = await api.add(lecture(anil._id));
    expect(added.status).toBe(201);
    expect(added.body.message).toBe(M.created);
    expect(added.body.data).toEqual({
      _id: expect.any(String),
      termid: college.termid,
      weekday: 1,
      slotid: college.slotids[0],
      courseid: college.courseid,
      slotcount: 1,
      groupid: division(0).id,
      facultyid: anil._id,
      semid: college.semid,
      divisionid: division(0).id,
      faculty: { _id: anil._id, username: 'Anil' },
    });
    const labEntry = await api.added(lab(anil._id, 0, 0, { slotid: college.slotids[1] }));
    expect(labEntry).toMatchObject({ classKind: 'lab', groupid: batch(0, 0).id, divisionid: division(0).id, semid: college.semid });
    const listed = await api.list({ termid: college.termid, facultyid: anil._id });
    expect(listed.map((entry) => entry._id)).toEqual([added.body.data, labEntry].map((entry) => (entry as { _id: string })._id));
  });

  it('lists by weekday then slot name: a faculty member’s entries, a division’s with its batches’ labs, a batch’s', async () => {
    const f = (await facultyMember('Lister'))._id;
    const [s0, s1] = college.slotids;
    const made = [
      await api.added(lecture(f, { weekday: 3, slotid: s1, groupid: division(1).id })),
      await api.added(lab(f, 1, 0, { weekday: 2, slotid: s1 })),
      await api.added(lab(f, 1, 1, { weekday: 3, slotid: s0 })),
      await api.added(lecture(f, { weekday: 2, slotid: s0, groupid: division(1).id })),
    ];
    const inOrder = [made[3], made[1], made[2], made[0]].map((entry) => entry!._id);
    const ids = (entries: { _id: string; weekday: number }[]) => entries.filter((e) => e.weekday <= 3).map((e) => e._id);
    expect((await api.list({ termid: college.termid, facultyid: f })).map((entry) => entry._id)).toEqual(inOrder);
    expect(ids(await api.list({ termid: college.termid, groupid: division(1).id }))).toEqual(inOrder);
    expect(ids(await api.list({ termid: college.termid, groupid: batch(1, 0).id }))).toEqual([made[1]!._id]);
    expect(ids(await api.list({ termid: college.termid, groupid: batch(1, 0).id, facultyid: anil._id }))).toEqual([]);
    // Any signed-in user may read the timetable.
    expect(await api.list({ termid: college.termid, facultyid: f }, t.faculty.cookie)).toHaveLength(4);
    expect(await api.list({ termid: other.termid })).toEqual([]);
    const noTerm = await t.stack.call('GET', '/api/v1/timetable', { cookie: t.admin.cookie });
    expect([noTerm.status, noTerm.body.message]).toEqual([400, M.termid]);
  });

  it.each([
    ['no term', { termid: undefined }, M.termid],
    ['weekday 0', { weekday: 0 }, M.weekday],
    ['weekday 8', { weekday: 8 }, M.weekday],
    ['a fractional weekday', { weekday: 1.5 }, M.weekday],
    ['a weekday as text', { weekday: '1' }, M.weekday],
    ['slot count 3', { classKind: 3 }, M.classKind],
    ['no faculty member', { facultyid: '' }, M.facultyid],
    ['a term that does not exist', { termid: 'nope' }, M.termNotFound],
    ['a slot that does not exist', { slotid: 'nope' }, M.slotNotFound],
    ['a course that does not exist', { courseid: 'nope' }, M.courseNotFound],
    ['a group that does not exist', { groupid: 'nope' }, M.groupNotFound],
    ['a lecture to a batch', { groupid: 'batch 0 0' }, M.lectureNeedsDivision],
    ['a lab to a division', { classKind: 'lab' }, M.labNeedsBatch],
    ['a slot of another term', { slotid: 'other slot' }, M.slotNotInTerm],
    ['a division of another term', { groupid: 'other division' }, M.groupNotInTerm],
    ['a course of another semester', { courseid: 'other course' }, M.courseNotOfGroup],
    ['a faculty member who does not exist', { facultyid: 'nobody' }, M.facultyNotFound],
  ])('refuses %s (400), writing nothing', async (_why, overrides, message) => {
    const named: Record<string, string | undefined> = {
      'batch 0 0': batch(0, 0).id,
      'other slot': other.slotids[0],
      'other division': other.divisions[0]?.id,
      'other course': other.courseid,
    };
    const body = lecture(anil._id, { weekday: 6 });
    for (const [field, value] of Object.entries(overrides)) body[field] = named[value as string] ?? value;
    const before = (await timetableItems()).length;
    const refused = await api.add(body);
    expect([refused.status, refused.body.message]).toEqual([400, message]);
    expect(await timetableItems()).toHaveLength(before);
  });

  it('is for admins only', async () => {
    expect((await api.add(lecture(anil._id, { weekday: 6 }), t.faculty.cookie)).status).toBe(403);
    const entry = (await api.list({ termid: college.termid }))[0]!;
    expect((await api.remove(entry._id, t.faculty.cookie)).status).toBe(403);
  });
});

describe('timetable: clashes (409)', () => {
  const at = { weekday: 4 };
  const [s0, s1] = [() => college.slotids[0], () => college.slotids[1]];

  it('refuses a group a second class in the same slot, and a lab while its division has a lecture there', async () => {
    await api.added(lecture(anil._id, { ...at, slotid: s0() }));
    const again = await api.add(lecture(bina._id, { ...at, slotid: s0() }));
    expect([again.status, again.body.message]).toEqual([
      409,
      'Division 1 already has Physics (Lecture) with Anil on Thursday 09:00 - 10:00',
    ]);
    const labThen = await api.add(lab(bina._id, 0, 0, { ...at, slotid: s0() }));
    expect([labThen.status, labThen.body.message]).toEqual([
      409,
      'Division 1 already has Physics (Lecture) with Anil on Thursday 09:00 - 10:00, so its batches cannot have a lab then',
    ]);
  });

  it('refuses a lecture while a batch of its division has a lab there, until the labs are deleted', async () => {
    const labA = await api.added(lab(anil._id, 0, 0, { ...at, slotid: s1() }));
    const sameBatch = await api.add(lab(bina._id, 0, 0, { ...at, slotid: s1() }));
    expect([sameBatch.status, sameBatch.body.message]).toEqual([
      409,
      'Division 1 / Batch 1A already has Physics (Lab) with Anil on Thursday 10:00 - 11:00',
    ]);
    const labB = await api.added(lab(bina._id, 0, 1, { ...at, slotid: s1() }));
    const f = (await facultyMember('Chandra'))._id;
    for (const remaining of [labA, labB]) {
      const refused = await api.add(lecture(f, { ...at, slotid: s1() }));
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(
        /^Division 1 \/ Batch 1[AB] already has Physics \(Lab\) with (Anil|Bina) on Thursday 10:00 - 11:00, so the whole division cannot have a lecture then$/,
      );
      expect((await api.remove(remaining._id)).status).toBe(200);
    }
    await api.added(lecture(f, { ...at, slotid: s1() }));
  });

  it('refuses a faculty member two classes in one slot, whatever the groups', async () => {
    const f = (await facultyMember('Devi'))._id;
    await api.added(lecture(f, { weekday: 5 }));
    for (const body of [lecture(f, { weekday: 5, groupid: division(1).id }), lab(f, 1, 0, { weekday: 5 })]) {
      const refused = await api.add(body);
      expect([refused.status, refused.body.message]).toEqual([
        409,
        'Devi already teaches Physics (Lecture) to Division 1 on Friday 09:00 - 10:00',
      ]);
    }
    await api.added(lecture(f, { weekday: 5, slotid: college.slotids[1], groupid: division(1).id }));
    await api.added(lecture(anil._id, { weekday: 5, groupid: division(1).id }));
  });
});

describe('timetable: deleting', () => {
  it('deletes an entry with its copy and its place in the lab count; 404 after, and for an id no entry has', async () => {
    const f = (await facultyMember('Esha'))._id;
    const entry = await api.added(lab(f, 0, 0, { weekday: 7 }));
    const deleted = await api.remove(entry._id);
    // The raw answer carries the entry with the wire's names.
    expect([deleted.status, deleted.body.message, deleted.body.data]).toEqual([200, M.deleted, toWire(entry)]);
    for (const id of [entry._id, 'not-an-entry', Buffer.from('["a",9,"b","c"]').toString('base64url')]) {
      const gone = await api.remove(id);
      expect([gone.status, gone.body.message]).toEqual([404, M.notFound]);
    }
    expect((await timetableItems()).filter((item) => item.facultyid === f)).toEqual([]);
    const key = divisionLabs({ termid: college.termid, weekday: 7, slotid: college.slotids[0]!, divisionid: division(0).id });
    expect((await allItems()).filter((item) => item.pk === key.pk && item.sk === key.sk).map((item) => item.labs)).toEqual([0]);
    await api.added(lecture(f, { weekday: 7 }));
  });

  it('deletes the classes of a deleted user, and adds none for them after', async () => {
    const gone = await facultyMember('Farid');
    const slotid = college.slotids[1];
    await api.added(lab(gone._id, 0, 1, { weekday: 7, slotid }));
    const deleted = await t.stack.call('DELETE', `/api/v1/user/${gone._id}`, { cookie: t.admin.cookie });
    expect(deleted.status).toBe(200);
    expect(await api.list({ termid: college.termid, facultyid: gone._id })).toEqual([]);
    expect((await timetableItems()).filter((item) => item.facultyid === gone._id)).toEqual([]);
    // Its lab no longer holds the division's slot.
    await api.added(lecture(anil._id, { weekday: 7, slotid }));
    const refused = await api.add(lab(gone._id, 1, 0, { weekday: 7, slotid }));
    expect([refused.status, refused.body.message]).toEqual([400, M.facultyNotFound]);
  });

  it('deletes the classes of a deleted batch, slot or course, so none is left naming it or holding its division’s slot', async () => {
    const f = (await facultyMember('Gita'))._id;
    const g = (await facultyMember('Hari'))._id;
    const place = { weekday: 6, slotid: other.slotids[0] };
    const doomedBatch = other.divisions[0]!.batches[1]!.id;
    const otherLecture = entryBody(other, f, place);
    const labOfDoomed = await api.added(entryBody(other, g, { ...place, classKind: 'lab', groupid: doomedBatch }));
    // The lab holds the division's slot: no lecture there.
    expect((await api.add(otherLecture)).status).toBe(409);
    const batchGone = await t.stack.call('DELETE', `/api/v1/batch/${doomedBatch}`, { cookie: t.admin.cookie });
    expect(batchGone.status, batchGone.body.message).toBe(200);
    expect((await api.list({ termid: other.termid })).map((entry) => entry._id)).not.toContain(labOfDoomed._id);
    const lectureEntry = await api.added(otherLecture);

    // A slot's delete takes its classes; a course's too.
    const slot = await t.stack.call('DELETE', `/api/v1/slot/${other.slotids[0]}`, { cookie: t.admin.cookie });
    expect(slot.status, slot.body.message).toBe(200);
    expect((await api.list({ termid: other.termid })).map((entry) => entry._id)).not.toContain(lectureEntry._id);
    const later = await api.added(entryBody(other, f, { weekday: 6, slotid: other.slotids[1] }));
    const course = await t.stack.call('DELETE', `/api/v1/course/${other.courseid}`, { cookie: t.admin.cookie });
    expect(course.status, course.body.message).toBe(200);
    expect((await api.list({ termid: other.termid })).map((entry) => entry._id)).not.toContain(later._id);
    expect((await timetableItems()).filter((item) => item.termid === other.termid && [f, g].includes(String(item.facultyid)))).toEqual([]);
  });
});
