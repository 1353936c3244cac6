import { describe, expect, it, vi } from 'vitest';
import { SLOT_MESSAGES } from '@shared/schemas/structure';
import { TEXT_MESSAGES } from '@shared/text/normalize';
import { main as slotTimesCommand } from '@infra/slot-times';
import { backfillSlotTimes, timesInName } from '@functions/lib/repositories/slot-times-backfill';
import { getNode } from '@functions/lib/repositories/structure';
import { create } from '@tests/support/college';
import { storeLegacyNode } from '@tests/support/legacy-items';
import { useTestStack } from '@tests/support/stack';

/**
 * Class times (docs/product.md §3): a slot has a start and an end time (college time), required on
 * create; a slot an older release stored without them has them read from its name once (the
 * backfill), else none, and an admin sets them with PATCH slot/{id}.
 */
const t = useTestStack('admin', 'faculty');

let terms = 0;
const freshTerm = () => create(t.stack, t.admin.cookie, 'term', { name: `Slot times term ${++terms}`, status: false });
const post = (body: Record<string, unknown>) => t.stack.call('POST', '/api/v1/slot', { cookie: t.admin.cookie, body });
const patch = (id: string, body: Record<string, unknown>, cookie = t.admin.cookie) =>
  t.stack.call('PATCH', `/api/v1/slot/${id}`, { cookie, body });
const slotsOf = async (termid: string) =>
  (await t.stack.api('GET /slot/{termid}', { params: { termid }, cookie: t.faculty.cookie })).body.data;
/** The slot's entity (what the classes read) and its entry (what the list reads) agree on these fields. */
async function storedTimes(id: string, termid: string) {
  const entity = await getNode('slot', id);
  const entry = (await slotsOf(termid)).find((slot) => slot._id === id);
  expect({ name: entry?.name, start: entry?.start, end: entry?.end }).toEqual({
    name: entity?.name,
    start: entity?.start,
    end: entity?.end,
  });
  return { name: entity?.name, start: entity?.start, end: entity?.end };
}

describe('slot times on create', () => {
  it('stores the start and end and answers them in the list', async () => {
    const termid = await freshTerm();
    const created = await post({ name: 'First lecture', termid, start: ' 09:00', end: '10:00 ' });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ _id: expect.any(String), name: 'First lecture', termid, start: '09:00', end: '10:00' });
    expect(await slotsOf(termid)).toEqual([created.body.data]);
  });

  it.each([
    ['no start', { end: '10:00' }, SLOT_MESSAGES.start],
    ['no end', { start: '09:00' }, SLOT_MESSAGES.end],
    ['a start that is no time', { start: '9 am', end: '10:00' }, SLOT_MESSAGES.start],
    ['an hour past 23', { start: '09:00', end: '24:00' }, SLOT_MESSAGES.end],
    ['a time without its leading zero', { start: '9:00', end: '10:00' }, SLOT_MESSAGES.start],
    ['an end before the start', { start: '10:00', end: '09:00' }, SLOT_MESSAGES.order],
    ['an end equal to the start', { start: '10:00', end: '10:00' }, SLOT_MESSAGES.order],
  ])('refuses %s with 400 and its message, and stores nothing', async (_, times, message) => {
    const termid = await freshTerm();
    const refused = await post({ name: 'Bad times', termid, ...times });
    expect([refused.status, refused.body.message]).toEqual([400, message]);
    expect(await slotsOf(termid)).toEqual([]);
  });
});

describe('PATCH slot/{id}', () => {
  it('sets the times of a slot stored before class times, on its entity and its list entry', async () => {
    const termid = await freshTerm();
    const id = await storeLegacyNode('slot', 'Morning', { termid });
    expect((await slotsOf(termid))[0]).toEqual({ _id: id, name: 'Morning', termid });

    const set = await patch(id, { start: '08:30', end: '09:20' });
    expect([set.status, set.body.message]).toEqual([200, 'Slot updated successfully']);
    expect(set.body.data).toEqual({ _id: id, name: 'Morning', termid, start: '08:30', end: '09:20' });
    expect(await storedTimes(id, termid)).toEqual({ name: 'Morning', start: '08:30', end: '09:20' });

    // One time alone is checked against the one kept.
    expect((await patch(id, { end: '10:00' })).body.data).toMatchObject({ start: '08:30', end: '10:00' });
    const before = await patch(id, { start: '10:30' });
    expect([before.status, before.body.message]).toEqual([400, SLOT_MESSAGES.order]);
    expect(await storedTimes(id, termid)).toEqual({ name: 'Morning', start: '08:30', end: '10:00' });
  });

  it('refuses half the times on a slot without any, bad input, an unknown slot and faculty members', async () => {
    const termid = await freshTerm();
    const id = await storeLegacyNode('slot', 'Evening', { termid });
    for (const [body, message] of [
      [{ start: '17:00' }, SLOT_MESSAGES.end],
      [{ end: '18:00' }, SLOT_MESSAGES.start],
      [{ start: '5 pm', end: '18:00' }, SLOT_MESSAGES.start],
      [{}, 'Change the name or the times'],
    ] as const) {
      const refused = await patch(id, body);
      expect([refused.status, refused.body.message]).toEqual([400, message]);
    }
    expect(await storedTimes(id, termid)).toEqual({ name: 'Evening', start: undefined, end: undefined });
    expect((await patch('00000000-0000-4000-8000-000000000000', { start: '17:00', end: '18:00' })).status).toBe(404);
    expect((await patch(id, { start: '17:00', end: '18:00' }, t.faculty.cookie)).status).toBe(403);
  });

  it('renames a slot, keeping its name unique (and not a look-alike) within the term', async () => {
    const termid = await freshTerm();
    const id = (await t.stack.api('POST /slot', { body: { name: 'Slot 1', termid, start: '09:00', end: '10:00' }, cookie: t.admin.cookie }))
      .body.data._id;
    await create(t.stack, t.admin.cookie, 'slot', { name: 'Slot 2', termid, start: '10:00', end: '11:00' });
    const renamed = await patch(id, { name: 'Early slot' });
    expect(renamed.status).toBe(200);
    expect((await slotsOf(termid)).map((slot) => [slot.name, slot.start])).toEqual([
      ['Early slot', '09:00'],
      ['Slot 2', '10:00'],
    ]);
    expect(await storedTimes(id, termid)).toEqual({ name: 'Early slot', start: '09:00', end: '10:00' });

    const taken = await patch(id, { name: 'slot 2' });
    expect([taken.status, taken.body.message]).toEqual([409, 'Slot "slot 2" already exists in this term']);
    const lookalike = await patch(id, { name: 'SIot 2' });
    expect([lookalike.status, lookalike.body.message]).toEqual([409, TEXT_MESSAGES.lookalikeName('Slot', 'SIot 2', ' in this term')]);
    // The old name is free again.
    await create(t.stack, t.admin.cookie, 'slot', { name: 'Slot 1', termid, start: '12:00', end: '13:00' });
    expect((await slotsOf(termid)).map((slot) => slot.name)).toEqual(['Early slot', 'Slot 1', 'Slot 2']);
  });

  it('of concurrent changes to one slot, applies each whole or not at all (409), entity and entry alike', async () => {
    const termid = await freshTerm();
    const id = await storeLegacyNode('slot', 'Raced', { termid });
    // Each try's start and end belong together: a mix of two tries would show.
    const tries = Array.from({ length: 6 }, (_, at) => ({ start: `0${at + 1}:00`, end: `0${at + 1}:45` }));
    const results = await Promise.all(
      tries.map((times) => t.stack.api('PATCH /slot/{id}', { params: { id }, body: times, cookie: t.admin.cookie })),
    );
    const applied = results.filter((result) => result.status === 200).map((result) => result.body.data);
    expect(applied.length).toBeGreaterThanOrEqual(1);
    // A change that read the slot before another was written is refused, never applied over it.
    for (const refused of results.filter((result) => result.status !== 200))
      expect([refused.status, refused.body.message]).toEqual([409, 'This slot changed meanwhile. Reload it and try again.']);
    const final = await storedTimes(id, termid);
    expect(applied.map((slot) => ({ name: slot.name, start: slot.start, end: slot.end }))).toContainEqual(final);
    expect(tries).toContainEqual({ start: final.start, end: final.end });
  });
});

describe('the backfill of slots stored before class times', () => {
  it('reads two times from a name, in any of the usual spellings, and nothing else', () => {
    expect(timesInName('09:00 - 10:00')).toEqual({ start: '09:00', end: '10:00' });
    expect(timesInName('9.00-10.00')).toEqual({ start: '09:00', end: '10:00' });
    expect(timesInName('Lab 14:00 to 16:30')).toEqual({ start: '14:00', end: '16:30' });
    for (const name of ['Morning', 'Slot 1', '09:00', '10:00 - 09:00', '9:00 - 10:00 - 11:00', '12.50.30 - 13:00', '25:00 - 26:00'])
      expect(timesInName(name), name).toBeNull();
  });

  it('gives the times their names spell once, lists the rest unset, and is safe to run again and at once', async () => {
    const termid = await freshTerm();
    const parsed = [await storeLegacyNode('slot', '09:00 - 10:00', { termid }), await storeLegacyNode('slot', '9.15-10.15', { termid })];
    const untimed = await storeLegacyNode('slot', 'Afternoon', { termid });
    const timed = (
      await t.stack.api('POST /slot', { body: { name: '11:00 - 12:00', termid, start: '11:05', end: '11:55' }, cookie: t.admin.cookie })
    ).body.data._id;

    // Two runs at once: each slot is written by one of them only.
    const [first, second] = await Promise.all([backfillSlotTimes(), backfillSlotTimes()]);
    expect(first.set + second.set).toBe(2);
    expect(first.changed + second.changed).toBeLessThanOrEqual(2);
    for (const report of [first, second])
      expect(report.untimed.filter((slot) => slot.termid === termid)).toEqual([{ _id: untimed, name: 'Afternoon', termid }]);

    expect(await storedTimes(parsed[0]!, termid)).toEqual({ name: '09:00 - 10:00', start: '09:00', end: '10:00' });
    expect(await storedTimes(parsed[1]!, termid)).toEqual({ name: '9.15-10.15', start: '09:15', end: '10:15' });
    expect(await storedTimes(untimed, termid)).toEqual({ name: 'Afternoon', start: undefined, end: undefined });
    // A slot with times keeps them, whatever its name says.
    expect(await storedTimes(timed, termid)).toEqual({ name: '11:00 - 12:00', start: '11:05', end: '11:55' });

    // Once: a slot's times are never read from its name again (a rename leaves them), and a run again sets nothing.
    expect((await patch(parsed[0]!, { name: '13:00 - 14:00' })).status).toBe(200);
    const again = await backfillSlotTimes();
    expect([again.set, again.changed]).toEqual([0, 0]);
    expect(await storedTimes(parsed[0]!, termid)).toEqual({ name: '13:00 - 14:00', start: '09:00', end: '10:00' });

    // The command: the untimed slot listed, exit 0; once the admin sets its times, it is no longer listed.
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const lines = () => log.mock.calls.map(([line]) => String(line)).filter((line) => line.includes(untimed));
    try {
      expect(await slotTimesCommand(['backfill'])).toBe(0);
      expect(lines()).toEqual([`slot ${untimed} (term ${termid}): "Afternoon" spells no class times; set them on the Slot screen`]);
      expect((await patch(untimed, { start: '14:00', end: '15:00' })).status).toBe(200);
      log.mockClear();
      expect(await slotTimesCommand(['backfill'])).toBe(0);
      expect(lines()).toEqual([]);
    } finally {
      log.mockRestore();
    }
    await expect(slotTimesCommand(['claim'])).rejects.toThrow('Usage: npm run slot-times -- backfill');
  });
});
