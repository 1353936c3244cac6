import { describe, expect, it } from 'vitest';
import { TERM_RENAME_ALONE } from '@shared/schemas/structure';
import { areLookalikes } from '@shared/text/lookalike';
import { TEXT_MESSAGES } from '@shared/text/normalize';
import { entryKey, getNode } from '@functions/lib/repositories/structure';
import { create } from '@tests/support/college';
import { withDatabaseError, withWriteHeld } from '@tests/support/faults';
import { useTestStack } from '@tests/support/stack';
import { allItems } from '@tests/support/table';

/**
 * Renaming a term in place (PATCH term/{id} `{ name }`, docs/product.md §3): the create's name rules
 * among the terms, its status, dates, holidays and planned switch kept, and never put back over a
 * change another admin made meanwhile; nothing changes on a refusal or a failed write.
 */
const t = useTestStack('admin', 'faculty');

let unique = 0;
const newTerm = (name = `Rename term ${++unique}`, fields: Record<string, unknown> = {}) =>
  create(t.stack, t.admin.cookie, 'term', { name, status: false, ...fields });
const patch = (id: string, body: unknown, cookie = t.admin.cookie) => t.stack.call('PATCH', `/api/v1/term/${id}`, { cookie, body });
const listed = async () => (await t.stack.api('GET /term', { cookie: t.faculty.cookie })).body.data;
const listedOf = async (id: string) => (await listed()).find((term) => term._id === id);
const stored = async () => JSON.stringify((await allItems()).map((item) => [item.pk, item.sk, item]).sort());

/** Every term's entity has exactly one entry in the terms' list, under its name and holding the same fields. */
async function expectEntriesMatch() {
  const items = await allItems();
  const entities = items.filter((item) => item.entity === 'term');
  const entries = items.filter((item) => item.entity === 'termEntry');
  const shown = (item: Record<string, unknown>) => JSON.stringify([item._id, item.name, item.status, item.holidays ?? null]);
  expect(entries.map((entry) => `${entry.pk} ${entry.sk} ${shown(entry)}`).sort()).toEqual(
    entities.map((entity) => `${Object.values(entryKey('term', entity as never)).join(' ')} ${shown(entity)}`).sort(),
  );
}

describe('PATCH term/{id} with a name', () => {
  it('renames the term, keeping its status, dates and holidays; the list shows it and the old name is free again', async () => {
    const holidays = [{ date: '2026-08-15', name: 'Independence Day' }];
    const id = await newTerm('2026-27 Odd', { startDate: '2026-06-01', endDate: '2026-11-30' });
    expect((await patch(id, { holidays })).status).toBe(200);
    const renamed = await patch(id, { name: ' 2026-27 Odd Term ' });
    expect([renamed.status, renamed.body.message]).toEqual([200, 'Term renamed successfully']);
    const expected = { _id: id, name: '2026-27 Odd Term', status: false, startDate: '2026-06-01', endDate: '2026-11-30', holidays };
    expect(renamed.body.data).toEqual(expected);
    expect(await listedOf(id)).toEqual(expected);
    expect((await getNode('term', id))?.name).toBe('2026-27 Odd Term');
    expect((await listed()).filter((term) => term.name === '2026-27 Odd')).toEqual([]);
    // A change of letter case only, then the old name taken by a new term.
    expect((await patch(id, { name: '2026-27 ODD TERM' })).status).toBe(200);
    await newTerm('2026-27 Odd');
    expect((await listed()).map((term) => term.name)).toEqual(expect.arrayContaining(['2026-27 ODD TERM', '2026-27 Odd']));
    await expectEntriesMatch();
  });

  it('answers its own name again with 200 and writes nothing', async () => {
    const id = await newTerm();
    const before = await stored();
    const same = await patch(id, { name: `Rename term ${unique}` });
    expect([same.status, same.body.message]).toEqual([200, 'Term renamed successfully']);
    expect(await stored()).toBe(before);
  });

  it('refuses an empty, taken or look-alike name, or a name sent with other changes, changing nothing', async () => {
    await newTerm('Term 11');
    const id = await newTerm();
    const before = await stored();
    expect(areLookalikes('Term l1', 'Term 11')).toBe(true);
    const refusals: [unknown, number, string][] = [
      [{ name: '' }, 400, 'Please enter term'],
      [{ name: '  ' }, 400, 'Please enter term'],
      [{ name: 7 }, 400, 'Please enter term'],
      [{ name: 'New\u200b term' }, 400, 'Name contains invisible or control characters'],
      [{ name: 'TERM  11' }, 409, 'Term "TERM 11" already exists'],
      [{ name: 'Term l1' }, 409, TEXT_MESSAGES.lookalikeName('Term', 'Term l1', '')],
      [{ name: 'Both', status: true }, 400, TERM_RENAME_ALONE],
      [{ name: 'Both', holidays: [] }, 400, TERM_RENAME_ALONE],
    ];
    for (const [body, status, message] of refusals) {
      const refused = await patch(id, body);
      expect([JSON.stringify(body), refused.status, refused.body.message]).toEqual([JSON.stringify(body), status, message]);
    }
    expect((await patch('00000000-0000-4000-8000-000000000000', { name: 'Nowhere' })).status).toBe(404);
    expect((await patch(id, { name: 'By faculty' }, t.faculty.cookie)).status).toBe(403);
    expect(await stored()).toBe(before);
  });
});

describe('a term rename at the same time as', () => {
  it('another: of five terms renamed to one name, exactly one wins and the others keep their names', async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => newTerm()));
    const results = await Promise.all(ids.map((id) => patch(id, { name: 'Shared term' })));
    expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await listed()).filter((term) => term.name === 'Shared term')).toHaveLength(1);
    await expectEntriesMatch();
  });

  it('an activation it read before: the activation is kept, the rename refused with 409', async () => {
    const id = await newTerm();
    const name = `Rename term ${unique}`;
    const [renamed, activated] = await withWriteHeld(
      () => true,
      () => patch(id, { name: 'Renamed meanwhile' }),
      () => t.stack.api('POST /term/{id}/activate', { params: { id }, body: {}, cookie: t.admin.cookie }),
    );
    expect(activated.status).toBe(200);
    expect([renamed.status, renamed.body.message]).toEqual([409, 'This term changed meanwhile. Reload it and try again.']);
    expect(await listedOf(id)).toMatchObject({ name, status: true });
    expect((await getNode('term', id))?.status).toBe(true);
    expect((await patch(id, { name: 'Renamed meanwhile' })).status).toBe(200);
    expect(await listedOf(id)).toMatchObject({ name: 'Renamed meanwhile', status: true });
    await expectEntriesMatch();
  });

  it('a change of its holidays it read before: the holidays are kept, the rename refused with 409', async () => {
    const id = await newTerm();
    const holidays = [{ date: '2026-10-02', name: 'Gandhi Jayanti' }];
    const [renamed, saved] = await withWriteHeld(
      () => true,
      () => patch(id, { name: `Holiday rename ${unique}` }),
      () => patch(id, { holidays }),
    );
    expect([saved.status, renamed.status]).toEqual([200, 409]);
    expect((await listedOf(id))?.holidays).toEqual(holidays);
    expect((await getNode('term', id))?.holidays).toEqual(holidays);
    await expectEntriesMatch();
  });
});

describe('a failed term rename', () => {
  it('changes nothing, and can be sent again', async () => {
    const id = await newTerm();
    const before = await stored();
    const failed = await withDatabaseError(
      'InternalServerError',
      (command) => command === 'TransactWriteItemsCommand',
      () => patch(id, { name: 'After the failure' }),
    );
    expect(failed.status).toBe(503);
    expect(await stored()).toBe(before);
    expect((await patch(id, { name: 'After the failure' })).status).toBe(200);
    expect((await listedOf(id))?.name).toBe('After the failure');
    await expectEntriesMatch();
  });
});
