import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '@shared/schemas/auth';
import type { TimetableEntryChange } from '@shared/schemas/timetable';
import { divisionLabs } from '@functions/lib/entities/timetable-entry';
import { useCollege } from '@tests/support/college';
import { withDatabaseError } from '@tests/support/faults';
import { useTestStack } from '@tests/support/stack';
import { allItems } from '@tests/support/table';
import { entryBody, facultyMember, timetableApi } from '@tests/support/timetable';

// Classes of odd or even weeks sent at once (docs/product.md §3): those sharing a week never both stored.
const t = useTestStack('admin');
const college = useCollege(t, { prefix: 'WR', divisions: 2, perBatch: 1 });
const api = timetableApi(t);
const faculty: PublicUser[] = [];

beforeAll(async () => {
  const term = await t.stack.call('PATCH', `/api/v1/term/${college.termid}`, { cookie: t.admin.cookie, body: { startDate: '2026-03-02' } });
  expect(term.status, term.body?.message).toBe(200);
  faculty.push(...(await Promise.all(Array.from({ length: 12 }, (_, i) => facultyMember(`Racer ${i + 1}`)))));
});

const division = (d = 0) => college.divisions[d]!;
const lecture = (who: PublicUser, overrides: Record<string, unknown> = {}) => entryBody(college, who._id, overrides);
const lab = (who: PublicUser, b: number, overrides: Record<string, unknown> = {}) =>
  entryBody(college, who._id, { classKind: 'lab', groupid: division().batches[b]!.id, ...overrides });
const storedOn = async (entity: string, weekday: number) =>
  (await allItems()).filter((item) => item.entity === entity && item.weekday === weekday);
/** Every entry, copy and count of labs, in key order. */
const timetableItems = async () =>
  (await allItems())
    .filter((item) => ['timetableEntry', 'facultyClass', 'timetableLabs'].includes(String(item.entity)))
    .sort((a, b) => `${a.pk}\n${a.sk}`.localeCompare(`${b.pk}\n${b.sk}`));
const statuses = (results: { status: number }[]) => results.map((result) => result.status);

describe('timetable: classes of odd or even weeks sent at once', () => {
  it('stores exactly one of 12 entries that all share a week (6 odd weeks, 6 every week): 11 × 409', async () => {
    const results = await Promise.all(faculty.map((who, i) => api.add(lecture(who, { weekday: 1, ...(i % 2 ? { weeks: 'odd' } : {}) }))));
    expect(statuses(results).filter((status) => status === 201)).toHaveLength(1);
    expect(statuses(results).filter((status) => status === 409)).toHaveLength(11);
    expect(await storedOn('timetableEntry', 1)).toHaveLength(1);
    expect(await storedOn('facultyClass', 1)).toHaveLength(1);
  });

  it('stores both of an odd-weeks and an even-weeks class sent at once, of one group or of one faculty member', async () => {
    const [a, b] = faculty;
    for (const slotid of college.slotids) {
      const sameGroup = await Promise.all([
        api.add(lecture(a!, { weekday: 2, slotid, weeks: 'odd' })),
        api.add(lecture(b!, { weekday: 2, slotid, weeks: 'even' })),
      ]);
      expect(statuses(sameGroup)).toEqual([201, 201]);
      const sameFaculty = await Promise.all([
        api.add(lecture(a!, { weekday: 3, slotid, weeks: 'odd' })),
        api.add(lecture(a!, { weekday: 3, slotid, groupid: division(1).id, weeks: 'even' })),
      ]);
      expect(statuses(sameFaculty)).toEqual([201, 201]);
    }
    expect(await storedOn('timetableEntry', 2)).toHaveLength(4);
    expect(await storedOn('facultyClass', 3)).toHaveLength(4);
  });

  it('stores either the every-week class or both alternating ones, whichever wins, of three sent at once', async () => {
    const [a, b, c] = faculty;
    for (const weekday of [4, 5, 6]) {
      for (const slotid of college.slotids) {
        const [every, odd, even] = await Promise.all([
          api.add(lecture(a!, { weekday, slotid })),
          api.add(lecture(b!, { weekday, slotid, weeks: 'odd' })),
          api.add(lecture(c!, { weekday, slotid, weeks: 'even' })),
        ]);
        const outcome = statuses([every!, odd!, even!]);
        expect([
          [201, 409, 409],
          [409, 201, 201],
        ]).toContainEqual(outcome);
      }
      const stored = await storedOn('timetableEntry', weekday);
      const kept = stored.filter((item) => item.weeks === undefined).length;
      expect(stored.length).toBe(kept * 1 + (college.slotids.length - kept) * 2);
    }
  });

  it('never stores a division’s lecture and a batch’s lab sharing a week; the counts match the labs stored', async () => {
    const [a, b, c, d] = faculty;
    const weekday = 7;
    for (const slotid of college.slotids) {
      const [oddLecture, oddLab, evenLab, everyLab] = await Promise.all([
        api.add(lecture(a!, { weekday, slotid, weeks: 'odd' })),
        api.add(lab(b!, 0, { weekday, slotid, weeks: 'odd' })),
        api.add(lab(c!, 1, { weekday, slotid, weeks: 'even' })),
        api.add(lab(d!, 0, { weekday, slotid, groupid: division(1).batches[0]!.id })),
      ]);
      expect(evenLab!.status).toBe(201);
      expect(everyLab!.status).toBe(201);
      expect(statuses([oddLecture!, oddLab!]).sort()).toEqual([201, 409]);
    }
    const stored = (await storedOn('timetableEntry', weekday)).filter((item) => item.divisionid === division().id);
    const items = await allItems();
    for (const slotid of college.slotids) {
      const key = divisionLabs({ termid: college.termid, weekday, slotid, divisionid: division().id });
      const count = items.find((item) => item.pk === key.pk && item.sk === key.sk) ?? {};
      const labs = (weeks: string) =>
        stored.filter((item) => item.slotid === slotid && item.slotcount === 2 && item.weeks === weeks).length;
      expect([Number(count.oddLabs ?? 0), Number(count.evenLabs ?? 0)]).toEqual([labs('odd'), labs('even')]);
    }
  });
});

describe('timetable: a failed write of a class of odd or even weeks', () => {
  it('adds nothing, or changes nothing, when the transaction fails; the retry goes through', async () => {
    const who = faculty[11]!;
    const body = lab(who, 0, { weekday: 6, slotid: college.slotids[0], groupid: division(1).batches[0]!.id, weeks: 'even' });
    const failing = <T>(call: () => Promise<T>) =>
      withDatabaseError('InjectedInterruption', (command) => command.startsWith('TransactWrite'), call);
    expect((await failing(() => api.add(body))).status).toBe(500);
    expect((await allItems()).filter((item) => item.facultyid === who._id)).toEqual([]);
    const entry = await api.added(body);

    const { termid: _, ...change } = { ...body, weeks: 'odd' } as Record<string, unknown>;
    const edit = () =>
      t.stack.api('PATCH /timetable/{id}', { params: { id: entry._id }, cookie: t.admin.cookie, body: change as TimetableEntryChange });
    const before = await timetableItems();
    expect((await failing(edit)).status).toBe(500);
    expect(await timetableItems()).toEqual(before);
    const moved = (await edit()).body.data;
    expect(moved.weeks).toBe('odd');
    expect((await storedOn('facultyClass', 6)).filter((item) => item.facultyid === who._id).map((item) => item._id)).toEqual([moved._id]);
  });
});
