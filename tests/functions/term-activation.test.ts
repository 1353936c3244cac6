import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, DEFAULT_TIME_ZONE, instantOf, todayIn } from '@shared/dates';
import type { ApiBody } from '@shared/api-contract';
import { getNode } from '@functions/lib/repositories/structure';
import { applyPlannedActivations } from '@functions/lib/terms/planned-activation';
import { create } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';

/**
 * POST term/{id}/activate (docs/product.md §3): making a term the active one, now (every other term
 * inactive, in one transaction) or from a date in college time (applied by the scheduled jobs' run at
 * the start of that date, not before), cancelling a plan, and concurrent activations.
 */
const t = useTestStack('admin', 'faculty');

const MINUTE = 60_000;
const zone = DEFAULT_TIME_ZONE;
let unique = 0;
const newTerm = (status = false, dates: { startDate?: string; endDate?: string } = {}) =>
  create(t.stack, t.admin.cookie, 'term', { name: `Activation term ${++unique}`, status, ...dates });
const activate = (id: string, body: ApiBody<'POST /term/{id}/activate'> = {}, cookie = t.admin.cookie) =>
  t.stack.api('POST /term/{id}/activate', { params: { id }, body, cookie });
/** The wire, not the contract: no body at all, or a body the contract does not allow. */
const activateRaw = (id: string, body?: unknown) => t.stack.call('POST', `/api/v1/term/${id}/activate`, { cookie: t.admin.cookie, body });
const allTerms = async () => (await t.stack.api('GET /term', { cookie: t.admin.cookie })).body.data;
const activeIds = async () => (await t.stack.api('GET /term/active', { cookie: t.admin.cookie })).body.data.map((term) => term._id);
const termOf = async (id: string) => (await allTerms()).find((term) => term._id === id)!;

describe('activating a term now', () => {
  it('makes the term the only active one, on its entity and entry, and answers every term', async () => {
    const [first, second, third] = [await newTerm(true), await newTerm(true), await newTerm()];
    const done = await activate(third, {});
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.message).toBe(`Activation term ${unique} is now the active term`);
    const answered = done.body.data;
    expect(answered.filter((term) => term.status).map((term) => term._id)).toEqual([third]);
    expect(answered.map((term) => term._id)).toEqual(expect.arrayContaining([first, second, third]));
    expect(await activeIds()).toEqual([third]);
    // The entity (read by id) agrees with the entry (the lists).
    expect((await getNode('term', third))?.status).toBe(true);
    expect((await getNode('term', first))?.status).toBe(false);
    expect((await getNode('term', second))?.status).toBe(false);
  });

  it('takes a request with no body, and is idempotent on the active term', async () => {
    const id = await newTerm();
    expect((await activateRaw(id)).status).toBe(200);
    expect((await activateRaw(id)).status).toBe(200);
    expect(await activeIds()).toEqual([id]);
  });

  it('switches now when the date given is today or before in college time', async () => {
    const id = await newTerm();
    const today = await activate(id, { from: todayIn(zone) });
    expect(today.body.message).toBe(`Activation term ${unique} is now the active term`);
    expect(await activeIds()).toEqual([id]);
    const other = await newTerm();
    expect((await activate(other, { from: addDays(todayIn(zone), -3) })).status).toBe(200);
    expect(await activeIds()).toEqual([other]);
  });

  it('refuses bad requests and changes nothing', async () => {
    const active = await newTerm();
    await activate(active);
    const id = await newTerm();
    expect((await activate(id, {}, t.faculty.cookie)).status).toBe(403);
    expect((await activate('00000000-0000-4000-8000-000000000000', {})).status).toBe(404);
    const bad = await activate(id, { from: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Enter a real date as YYYY-MM-DD to switch on');
    expect((await activateRaw(id, { from: 17 })).status).toBe(400);
    expect(await activeIds()).toEqual([active]);
  });
});

describe('planning a switch from a date', () => {
  it('stores the date on the term, leaves the others as they are, and the jobs apply it at the start of that date in college time', async () => {
    const current = await newTerm();
    await activate(current);
    const next = await newTerm();
    const from = addDays(todayIn(zone), 2);
    const planned = await activate(next, { from });
    expect(planned.status, planned.body.message).toBe(200);
    expect(planned.body.message).toBe(`Activation term ${unique} becomes the active term on ${from}`);
    expect(planned.body.data.find((term) => term._id === next)).toMatchObject({ status: false, activeFrom: from });
    expect(await activeIds()).toEqual([current]);

    // Not today, and not one minute before midnight at the college (19:29 UTC the day before, for IST).
    expect(await applyPlannedActivations()).toEqual([]);
    expect(await applyPlannedActivations(instantOf(from, 0, zone) - MINUTE)).toEqual([]);
    expect(await activeIds()).toEqual([current]);
    // One minute after midnight at the college: still the day before in UTC, but the college's day has come.
    const at = instantOf(from, 0, zone) + MINUTE;
    expect(new Date(at).toISOString().slice(0, 10)).toBe(addDays(from, -1));
    expect(await applyPlannedActivations(at)).toEqual([`Activation term ${unique}`]);
    expect(await activeIds()).toEqual([next]);
    expect((await termOf(next)).activeFrom).toBeUndefined();
    expect((await getNode('term', next)) as { activeFrom?: string }).not.toHaveProperty('activeFrom');
    // Applied once: the next run has nothing to do.
    expect(await applyPlannedActivations(at + 10 * MINUTE)).toEqual([]);
  });

  it('is applied by the scheduled jobs’ Lambda on its tick', async () => {
    const current = await newTerm();
    await activate(current);
    const next = await newTerm();
    const from = addDays(todayIn(zone), 1);
    await activate(next, { from });
    const { handler } = await import('@functions/jobs');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(instantOf(from, 0, zone) - MINUTE);
      await handler({ jobs: [] });
      expect((await getNode('term', next))?.status).toBe(false);
      vi.setSystemTime(instantOf(from, 5, zone));
      await handler({ jobs: [] });
    } finally {
      vi.useRealTimers();
    }
    expect(await activeIds()).toEqual([next]);
  });

  it('cancels a plan with from: null, and a cancelled plan is never applied', async () => {
    const current = await newTerm();
    await activate(current);
    const next = await newTerm();
    const from = addDays(todayIn(zone), 5);
    await activate(next, { from });
    const cancelled = await activate(next, { from: null });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe(`The switch to Activation term ${unique} is cancelled`);
    expect(cancelled.body.data.find((term) => term._id === next)).not.toHaveProperty('activeFrom');
    expect(await applyPlannedActivations(instantOf(from, 60, zone))).not.toContain(`Activation term ${unique}`);
    expect(await activeIds()).not.toContain(next);
  });

  it('applies several due plans in date order: the latest wins', async () => {
    const current = await newTerm();
    await activate(current);
    const [early, late] = [await newTerm(), await newTerm()];
    const today = todayIn(zone);
    await activate(late, { from: addDays(today, 3) });
    await activate(early, { from: addDays(today, 2) });
    const applied = await applyPlannedActivations(instantOf(addDays(today, 4), 0, zone));
    expect(applied).toEqual([`Activation term ${unique - 1}`, `Activation term ${unique}`]);
    expect(await activeIds()).toEqual([late]);
    expect((await allTerms()).filter((term) => term.activeFrom)).toEqual([]);
  });

  it('refuses a plan for the active term, or after the term ends', async () => {
    const current = await newTerm();
    await activate(current);
    const later = await activate(current, { from: addDays(todayIn(zone), 2) });
    expect(later.status).toBe(400);
    expect(later.body.message).toContain('is already active');
    const ending = await newTerm(false, { endDate: addDays(todayIn(zone), 3) });
    const tooLate = await activate(ending, { from: addDays(todayIn(zone), 4) });
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.message).toContain('choose a day of the term to switch on');
    expect((await termOf(ending)).activeFrom).toBeUndefined();
  });
});

describe('activations at once', () => {
  let terms: string[] = [];
  beforeEach(async () => {
    const current = await newTerm();
    await activate(current);
    terms = await Promise.all(Array.from({ length: 6 }, () => newTerm()));
  });
  afterEach(() => {
    terms = [];
  });

  it('leaves exactly one active term when six admins activate six terms at once', async () => {
    const results = await Promise.all(terms.map((id) => activate(id, {})));
    const statuses = results.map((result) => result.status);
    const won = terms.filter((_, at) => statuses[at] === 200);
    expect(won.length).toBeGreaterThanOrEqual(1);
    for (const status of statuses) expect([200, 409, 503]).toContain(status);
    for (const result of results.filter((one) => one.status === 409)) {
      expect(result.body.message).toBe('The active term changed meanwhile. Reload the terms and try again.');
    }
    const active = await activeIds();
    expect(active).toHaveLength(1);
    expect(won).toContain(active[0]);
    // The entities agree: one active among them.
    const entities = await Promise.all((await allTerms()).map((term) => getNode('term', term._id)));
    expect(entities.filter((entity) => entity?.status === true)).toHaveLength(1);
  });

  it('leaves exactly one active term when plans are applied while admins activate', async () => {
    const from = addDays(todayIn(zone), 1);
    await Promise.all(terms.slice(0, 3).map((id) => activate(id, { from })));
    await Promise.all([
      applyPlannedActivations(instantOf(from, 0, zone)),
      applyPlannedActivations(instantOf(from, 0, zone)),
      ...terms.slice(3).map((id) => activate(id, {})),
    ]);
    expect(await activeIds()).toHaveLength(1);
  });
});

describe('next term prepared alongside', () => {
  it('takes structure, slots and timetable entries in an inactive term without touching the active one', async () => {
    const current = await newTerm();
    await activate(current);
    const next = await newTerm();
    const semid = await create(t.stack, t.admin.cookie, 'semester', { name: 'Semester 1', termid: next });
    const divisionid = await create(t.stack, t.admin.cookie, 'division', { name: 'Division 1', semid });
    await create(t.stack, t.admin.cookie, 'batch', { name: 'Batch 1A', divisionid });
    const courseid = await create(t.stack, t.admin.cookie, 'course', { name: 'Physics', semid });
    const slotid = await create(t.stack, t.admin.cookie, 'slot', { name: 'First', termid: next, start: '09:00', end: '10:00' });
    const entry = { termid: next, weekday: 1, slotid, courseid, slotcount: 1, groupid: divisionid, facultyid: t.faculty.user._id };
    const added = await t.stack.call('POST', '/api/v1/timetable', { cookie: t.admin.cookie, body: entry });
    expect(added.status, added.body.message).toBe(201);
    const listed = await t.stack.api('GET /timetable', { query: { termid: next, groupid: divisionid }, cookie: t.admin.cookie });
    expect(listed.body.data.length).toBe(1);
    expect(await activeIds()).toEqual([current]);
  });
});
