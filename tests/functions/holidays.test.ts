import { describe, expect, it } from 'vitest';
import { holidayOn, holidaysOutside, isHoliday } from '@shared/holidays';
import { getNode } from '@functions/lib/repositories/structure';
import { create } from '@tests/support/college';
import { withWriteHeld } from '@tests/support/faults';
import { useTestStack } from '@tests/support/stack';

/**
 * A term's holidays (docs/product.md §3), saved whole with PATCH term/{id} `{ holidays }`: stored on
 * the term's entity and entry, kept inside the term's dates, refused when bad, and a concurrent
 * edit refused with 409 rather than overwritten. And the shared helpers other features read them with.
 */
const t = useTestStack('admin', 'faculty');

let unique = 0;
const newTerm = () =>
  create(t.stack, t.admin.cookie, 'term', {
    name: `Holiday term ${++unique}`,
    status: false,
    startDate: '2026-06-01',
    endDate: '2026-11-30',
  });
const patch = (id: string, body: unknown, cookie = t.admin.cookie) => t.stack.call('PATCH', `/api/v1/term/${id}`, { cookie, body });
const listed = async (id: string) =>
  (await t.stack.api('GET /term', { cookie: t.faculty.cookie })).body.data.find((term) => term._id === id)!;
const stored = async (id: string) => (await getNode('term', id)) as { holidays?: unknown } | null;

const INDEPENDENCE = { date: '2026-08-15', name: 'Independence Day' };
const GANDHI = { date: '2026-10-02', name: 'Gandhi Jayanti' };
const DIWALI = { date: '2026-11-08', name: 'Diwali' };

describe('holidays of a term', () => {
  it('saves the whole list in date order on the entity and the entry, and every term list shows it', async () => {
    const id = await newTerm();
    const saved = await t.stack.api('PATCH /term/{id}', {
      params: { id },
      body: { holidays: [GANDHI, INDEPENDENCE] },
      cookie: t.admin.cookie,
    });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.message).toBe(`Term Holiday term ${unique} updated`);
    expect(saved.body.data.holidays).toEqual([INDEPENDENCE, GANDHI]);
    expect((await listed(id)).holidays).toEqual([INDEPENDENCE, GANDHI]);
    expect((await stored(id))?.holidays).toEqual([INDEPENDENCE, GANDHI]);

    // Replaced whole: one removed, one added.
    await patch(id, { holidays: [GANDHI, DIWALI] });
    expect((await listed(id)).holidays).toEqual([GANDHI, DIWALI]);
    // Emptied: the term has none.
    const none = await patch(id, { holidays: [] });
    expect(none.status).toBe(200);
    expect(none.body.data).not.toHaveProperty('holidays');
    expect(await listed(id)).not.toHaveProperty('holidays');
    expect(await stored(id)).not.toHaveProperty('holidays');
  });

  it('keeps the holidays when the status or the dates change inside them', async () => {
    const id = await newTerm();
    await patch(id, { holidays: [INDEPENDENCE] });
    expect((await patch(id, { status: true })).status).toBe(200);
    expect((await patch(id, { startDate: '2026-07-01', endDate: null })).status).toBe(200);
    expect(await listed(id)).toMatchObject({ status: true, startDate: '2026-07-01', endDate: null, holidays: [INDEPENDENCE] });
    await patch(id, { status: false });
  });

  it('refuses a holiday outside the term’s dates with a clear 400, and changes nothing', async () => {
    const id = await newTerm();
    await patch(id, { holidays: [INDEPENDENCE] });
    const outside = await patch(id, { holidays: [INDEPENDENCE, { date: '2026-12-25', name: 'Christmas' }] });
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe(
      'A holiday must be a day of the term (from 2026-06-01 to 2026-11-30): Christmas (2026-12-25) is not.',
    );
    expect((await listed(id)).holidays).toEqual([INDEPENDENCE]);

    // Dates that would leave a holiday outside are refused too.
    const shrink = await patch(id, { endDate: '2026-07-31' });
    expect(shrink.status).toBe(400);
    expect(shrink.body.message).toBe(
      'These holidays would fall outside the term (from 2026-06-01 to 2026-07-31): Independence Day (2026-08-15). Remove them first.',
    );
    expect(await listed(id)).toMatchObject({ endDate: '2026-11-30', holidays: [INDEPENDENCE] });
  });

  it('refuses a bad list with the field’s message', async () => {
    const id = await newTerm();
    const cases: [unknown, string][] = [
      [[{ date: '2026-02-30', name: 'No such day' }], 'Enter a real holiday date as YYYY-MM-DD'],
      [[{ date: '2026-08-15', name: '  ' }], 'Name the holiday'],
      [[INDEPENDENCE, { ...INDEPENDENCE, name: 'Again' }], 'A date can be one holiday only'],
      ['2026-08-15', 'Enter a real holiday date as YYYY-MM-DD'],
    ];
    for (const [holidays, message] of cases) {
      const refused = await patch(id, { holidays });
      expect(refused.status, JSON.stringify(holidays)).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect((await patch(id, { holidays: [INDEPENDENCE] }, t.faculty.cookie)).status).toBe(403);
    expect(await listed(id)).not.toHaveProperty('holidays');
  });

  it('refuses with 409 an edit whose term changed between its read and its write, keeping the other', async () => {
    const id = await newTerm();
    const holds = (input: Record<string, unknown>) => JSON.stringify(input).includes(INDEPENDENCE.name);
    const [stale, fresh] = await withWriteHeld(
      holds,
      () => patch(id, { holidays: [INDEPENDENCE] }),
      () => patch(id, { holidays: [GANDHI] }),
    );
    expect(fresh.status).toBe(200);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('This term changed meanwhile. Reload it and try again.');
    expect((await listed(id)).holidays).toEqual([GANDHI]);
    expect((await stored(id))?.holidays).toEqual([GANDHI]);
  });

  it('ends with one whole list when six edits come at once: each saved or refused with 409, entity and entry alike', async () => {
    const id = await newTerm();
    const lists = [[INDEPENDENCE], [GANDHI], [DIWALI], [INDEPENDENCE, GANDHI], [GANDHI, DIWALI], [INDEPENDENCE, DIWALI]];
    const results = await Promise.all(lists.map((holidays) => patch(id, { holidays })));
    const saved = lists.filter((_, at) => results[at]!.status === 200);
    expect(saved.length).toBeGreaterThanOrEqual(1);
    for (const result of results.filter((one) => one.status !== 200)) {
      expect(result.status).toBe(409);
      expect(result.body.message).toBe('This term changed meanwhile. Reload it and try again.');
    }
    const final = (await listed(id)).holidays;
    expect(saved).toContainEqual(final);
    expect((await stored(id))?.holidays).toEqual(final);
  });

  it('refuses a holiday edit racing a change of the dates that would leave it outside', async () => {
    const id = await newTerm();
    const [holidays, dates] = await withWriteHeld(
      (input) => JSON.stringify(input).includes(DIWALI.name),
      () => patch(id, { holidays: [DIWALI] }),
      () => patch(id, { endDate: '2026-10-31' }),
    );
    expect(dates.status).toBe(200);
    expect(holidays.status).toBe(409);
    expect(await listed(id)).toMatchObject({ endDate: '2026-10-31' });
    expect(await listed(id)).not.toHaveProperty('holidays');
  });
});

describe('the shared holiday helpers', () => {
  const term = { startDate: '2026-06-01', endDate: '2026-11-30', holidays: [INDEPENDENCE, GANDHI] };
  it('finds the holiday on a date, and only on its date', () => {
    expect(holidayOn(term, '2026-08-15')).toEqual(INDEPENDENCE);
    expect(isHoliday(term, '2026-10-02')).toBe(true);
    expect(isHoliday(term, '2026-08-16')).toBe(false);
    expect(isHoliday({}, '2026-08-15')).toBe(false);
    expect(holidayOn(null, '2026-08-15')).toBeNull();
  });
  it('says which holidays fall outside a term’s dates', () => {
    expect(holidaysOutside(term, [INDEPENDENCE, { date: '2026-05-31', name: 'Before' }])).toEqual([{ date: '2026-05-31', name: 'Before' }]);
    expect(holidaysOutside({ startDate: null, endDate: null }, [INDEPENDENCE])).toEqual([]);
  });
});
