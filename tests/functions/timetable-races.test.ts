import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '@shared/schemas/auth';
import type { TimetableEntryInput } from '@shared/schemas/timetable';
import { divisionLabs } from '@functions/lib/entities/timetable-entry';
import { useCollege } from '@tests/support/college';
import { withDatabaseError } from '@tests/support/faults';
import { useTestStack } from '@tests/support/stack';
import { allItems } from '@tests/support/table';
import { entryBody, facultyMember, timetableApi } from '@tests/support/timetable';

const t = useTestStack('admin');
const college = useCollege(t, { prefix: 'TR', divisions: 1, perBatch: 1 });
const api = timetableApi(t);
const faculty: PublicUser[] = [];
/** Faculty members of the failure tests: none of them is in a race, whose winner (any racer) keeps its entries. */
const bystanders: PublicUser[] = [];

beforeAll(async () => {
  faculty.push(...(await Promise.all(Array.from({ length: 20 }, (_, i) => facultyMember(`Racer ${i + 1}`)))));
  bystanders.push(...(await Promise.all(Array.from({ length: 3 }, (_, i) => facultyMember(`Bystander ${i + 1}`)))));
});

const division = () => college.divisions[0]!;
const lecture = (facultyid: string, overrides: Record<string, unknown> = {}) => entryBody(college, facultyid, overrides);
const lab = (facultyid: string, b: number, overrides: Record<string, unknown> = {}) =>
  entryBody(college, facultyid, { classKind: 'lab', groupid: division().batches[b]!.id, ...overrides });
/** POST timetable with the body as built, its answer typed by the contract (the entry added, on a 201). */
const addEntry = (body: Record<string, unknown>) =>
  t.stack.api('POST /timetable', { cookie: t.admin.cookie, body: body as TimetableEntryInput });

const itemsOf = async (entity: string, weekday: number) =>
  (await allItems()).filter((item) => item.entity === entity && item.weekday === weekday);
/** The division's lab counts of one weekday, by slot (those stored). */
const labCounts = async (weekday: number) => {
  const wanted = college.slotids.map((slotid) => divisionLabs({ termid: college.termid, weekday, slotid, divisionid: division().id }));
  const items = await allItems();
  return wanted.flatMap((key) => items.filter((item) => item.pk === key.pk && item.sk === key.sk).map((item) => item.labs));
};

describe('timetable: concurrent entries', () => {
  it('gives a group’s slot to exactly one of 20 entries sent at once: 19 × 409, one entry and one copy stored', async () => {
    const results = await Promise.all(faculty.map((member) => addEntry(lecture(member._id, { weekday: 1 }))));
    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
    const refused = results.filter((result) => result.status === 409);
    expect(refused).toHaveLength(19);
    const winner = results.find((result) => result.status === 201)!.body.data;
    for (const result of refused)
      expect(result.body.message).toBe(`Division 1 already has Physics (Lecture) with ${winner.faculty.username} on Monday 09:00 - 10:00`);
    expect(await itemsOf('timetableEntry', 1)).toHaveLength(1);
    expect(await itemsOf('facultyClass', 1)).toHaveLength(1);
  });

  it('never stores a division’s lecture and one of its batches’ labs in the same slot, whichever comes first', async () => {
    const [a, b, c] = faculty;
    for (const weekday of [2, 3, 4, 5, 6]) {
      for (const slotid of college.slotids) {
        const [lec, labA, labB] = await Promise.all([
          api.add(lecture(a!._id, { weekday, slotid })),
          api.add(lab(b!._id, 0, { weekday, slotid })),
          api.add(lab(c!._id, 1, { weekday, slotid })),
        ]);
        const labs = [labA!, labB!];
        if (lec!.status === 201) {
          for (const one of labs) {
            expect(one.status).toBe(409);
            expect(one.body.message).toMatch(
              /^Division 1 already has Physics \(Lecture\) with Racer 1 on .*, so its batches cannot have a lab then$/,
            );
          }
        } else {
          expect(lec!.status).toBe(409);
          expect(lec!.body.message).toMatch(
            /^Division 1 \/ Batch 1[AB] already has Physics \(Lab\) with Racer [23] on .*, so the whole division cannot have a lecture then$/,
          );
          for (const one of labs) expect(one.status).toBe(201);
        }
      }
      const stored = await itemsOf('timetableEntry', weekday);
      const labsStored = stored.filter((item) => item.slotcount === 2).length;
      expect((await labCounts(weekday)).map(Number).reduce((sum, n) => sum + n, 0)).toBe(labsStored);
    }
  });
});

describe('timetable: failed writes', () => {
  it.each([
    ['a fault', 'InjectedInterruption', 500],
    ['throttling', 'ThrottlingException', 503],
  ])('adds nothing when the transaction meets %s (%s: %i), and the retry adds it all', async (_why, error, status) => {
    const weekday = status === 500 ? 7 : 1;
    const member = bystanders[status === 500 ? 0 : 1]!._id;
    const body = lab(member, 1, { weekday, slotid: college.slotids[1] });
    const failed = await withDatabaseError(
      error,
      (command) => command.startsWith('TransactWrite'),
      () => api.add(body),
    );
    expect(failed.status).toBe(status);
    expect((await allItems()).filter((item) => item.facultyid === member)).toEqual([]);
    expect(await labCounts(weekday)).toEqual([]);
    await api.added(body);
    expect((await allItems()).filter((item) => item.facultyid === member)).toHaveLength(2);
    expect(await labCounts(weekday)).toEqual([1]);
  });

  it('deletes nothing when the delete’s transaction fails, and the retry deletes it all', async () => {
    const member = bystanders[2]!._id;
    const entry = await api.added(lab(member, 0, { weekday: 7, slotid: college.slotids[0] }));
    const failed = await withDatabaseError(
      'InjectedInterruption',
      (c) => c.startsWith('TransactWrite'),
      () => api.remove(entry._id),
    );
    expect(failed.status).toBe(500);
    expect((await allItems()).filter((item) => item.facultyid === member)).toHaveLength(2);
    expect((await api.remove(entry._id)).status).toBe(200);
    expect((await allItems()).filter((item) => item.facultyid === member)).toEqual([]);
  });

  it('finishes removing a deleted user’s classes when the delete is sent again after failing midway', async () => {
    const gone = await facultyMember('Halfway');
    await api.added(lab(gone._id, 0, { weekday: 7, slotid: college.slotids[1] }));
    // The profile's transaction goes through; the timetable's after it fails.
    let transactions = 0;
    const failed = await withDatabaseError(
      'InjectedInterruption',
      (command) => command.startsWith('TransactWrite') && ++transactions > 1,
      () => t.stack.call('DELETE', `/api/v1/user/${gone._id}`, { cookie: t.admin.cookie }),
    );
    expect(failed.status).toBe(500);
    expect((await allItems()).filter((item) => item.facultyid === gone._id)).toHaveLength(2);
    const again = await t.stack.call('DELETE', `/api/v1/user/${gone._id}`, { cookie: t.admin.cookie });
    expect(again.status).toBe(404);
    expect((await allItems()).filter((item) => item.facultyid === gone._id)).toEqual([]);
  });
});
