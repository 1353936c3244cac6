import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { create } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';

const t = useTestStack('admin', 'faculty');

// A level's list is read by its path (the levels' routes differ in their parameter's name), so its data is unknown here.
const itemsOf = (data: unknown): unknown[] => (Array.isArray(data) ? data : []);
const nameOf = (item: unknown) => (typeof item === 'object' && item !== null && 'name' in item ? item.name : undefined);
const names = (result: { body: { data: unknown } }) => itemsOf(result.body.data).map(nameOf);

describe('term', () => {
  it('creates terms, lists them in counting order, and lists the active ones', async () => {
    const t10 = await create(t.stack, t.admin.cookie, 'term', { name: '  Term 10 ', status: true });
    await create(t.stack, t.admin.cookie, 'term', { name: 'Term 2', status: false });
    const all = await t.stack.call('GET', '/api/v1/term', { cookie: t.faculty.cookie });
    expect(all.body.data).toEqual([
      { _id: expect.any(String), name: 'Term 2', status: false, startDate: null, endDate: null },
      { _id: t10, name: 'Term 10', status: true, startDate: null, endDate: null },
    ]);
    const active = await t.stack.call('GET', '/api/v1/term/active', { cookie: t.faculty.cookie });
    expect(names(active)).toEqual(['Term 10']);
  });

  it('switches a term’s status (the admin’s term selector)', async () => {
    const id = await create(t.stack, t.admin.cookie, 'term', { name: 'Switch term', status: false });
    const on = await t.stack.call('PATCH', `/api/v1/term/${id}`, { cookie: t.admin.cookie, body: { status: true } });
    expect(on.status).toBe(200);
    expect(on.body.data).toEqual({ _id: id, name: 'Switch term', status: true, startDate: null, endDate: null });
    expect(names(await t.stack.call('GET', '/api/v1/term/active', { cookie: t.admin.cookie }))).toContain('Switch term');
    await t.stack.call('PATCH', `/api/v1/term/${id}`, { cookie: t.admin.cookie, body: { status: false } });
    expect(names(await t.stack.call('GET', '/api/v1/term/active', { cookie: t.admin.cookie }))).not.toContain('Switch term');
    const all = (await t.stack.api('GET /term', { cookie: t.admin.cookie })).body.data;
    expect(all.find((term) => term._id === id)?.status).toBe(false);
  });

  it('validates, refuses duplicates, and is written by admins only', async () => {
    expect((await t.stack.call('POST', '/api/v1/term', { cookie: t.admin.cookie, body: { name: ' ', status: true } })).body.message).toBe(
      'Please enter term',
    );
    expect((await t.stack.call('POST', '/api/v1/term', { cookie: t.admin.cookie, body: { name: 'T' } })).status).toBe(400);
    expect((await t.stack.call('POST', '/api/v1/term', { cookie: t.admin.cookie, body: { name: 'term 10', status: false } })).status).toBe(
      409,
    );
    expect((await t.stack.call('POST', '/api/v1/term', { cookie: t.faculty.cookie, body: { name: 'F', status: true } })).status).toBe(403);
    expect((await t.stack.call('PATCH', '/api/v1/term/nope', { cookie: t.admin.cookie, body: { status: true } })).status).toBe(404);
    expect((await t.stack.call('PATCH', '/api/v1/term/nope', { cookie: t.admin.cookie, body: { status: 'yes' } })).status).toBe(400);
    expect((await t.stack.call('PATCH', '/api/v1/term/nope', { cookie: t.faculty.cookie, body: { status: true } })).status).toBe(403);
    expect((await t.stack.call('GET', '/api/v1/term')).status).toBe(401);
  });
});

interface Level {
  path: string;
  parentField: string;
  nameMessage: string;
  emptyMessage: string;
  parentLabel: string;
  badIdMessage?: string;
  /** What a create needs besides the name and parent (a slot's class times), answered back in the list. */
  extra?: Record<string, string>;
  /** Makes a fresh parent and returns its id. */
  parent: () => Promise<string>;
}

let unique = 0;
const freshTerm = () => create(t.stack, t.admin.cookie, 'term', { name: `Level term ${++unique}`, status: true });
const freshSemester = async () => create(t.stack, t.admin.cookie, 'semester', { name: `Semester ${++unique}`, termid: await freshTerm() });
const freshDivision = async () =>
  create(t.stack, t.admin.cookie, 'division', { name: `Division ${++unique}`, semid: await freshSemester() });

const LEVELS: Level[] = [
  {
    path: 'semester',
    parentField: 'termid',
    nameMessage: 'Enter Semester',
    emptyMessage: 'No semester found',
    parentLabel: 'Term',
    parent: freshTerm,
  },
  {
    path: 'division',
    parentField: 'semid',
    nameMessage: 'Please enter division',
    emptyMessage: 'No division found',
    parentLabel: 'Semester',
    parent: freshSemester,
  },
  {
    path: 'batch',
    parentField: 'divisionid',
    nameMessage: 'Please enter batch',
    emptyMessage: 'No batches found',
    parentLabel: 'Division',
    parent: freshDivision,
  },
  {
    path: 'course',
    parentField: 'semid',
    nameMessage: 'Please enter course',
    emptyMessage: 'No course found',
    parentLabel: 'Semester',
    parent: freshSemester,
  },
  {
    path: 'slot',
    parentField: 'termid',
    nameMessage: 'Please enter slot',
    emptyMessage: 'No slots found',
    parentLabel: 'Term',
    extra: { start: '09:00', end: '10:00' },
    parent: freshTerm,
  },
];

describe.each(LEVELS)('$path', (level) => {
  const list = (parentId: string, cookie = t.faculty.cookie) => t.stack.call('GET', `/api/v1/${level.path}/${parentId}`, { cookie });
  const extra = level.extra ?? {};

  it('creates under a parent and lists in counting order for any signed-in user', async () => {
    const parentId = await level.parent();
    const empty = await list(parentId);
    expect(empty.body).toEqual({ data: [], message: level.emptyMessage });
    for (const name of ['Item 10', 'item 2', 'Item 1'])
      await create(t.stack, t.admin.cookie, level.path, { name, [level.parentField]: parentId, ...extra });
    const result = await list(parentId);
    expect(result.status).toBe(200);
    expect(names(result)).toEqual(['Item 1', 'item 2', 'Item 10']);
    expect(itemsOf(result.body.data)[0]).toEqual({
      _id: expect.any(String),
      name: 'Item 1',
      [level.parentField]: parentId,
      ...extra,
    });
  });

  it('refuses a missing parent with 400 and writes nothing', async () => {
    const result = await t.stack.call('POST', `/api/v1/${level.path}`, {
      cookie: t.admin.cookie,
      body: { name: 'Orphan', [level.parentField]: 'no-such-parent', ...extra },
    });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(`${level.parentLabel} not found`);
    expect((await list('no-such-parent')).body.data).toEqual([]);
  });

  it('validates the name and the parent reference', async () => {
    const parentId = await level.parent();
    const blank = await t.stack.call('POST', `/api/v1/${level.path}`, {
      cookie: t.admin.cookie,
      body: { name: '   ', [level.parentField]: parentId, ...extra },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(level.nameMessage);
    const noParent = await t.stack.call('POST', `/api/v1/${level.path}`, { cookie: t.admin.cookie, body: { name: 'X', ...extra } });
    expect(noParent.status).toBe(400);
    expect((await list(parentId)).body.data).toEqual([]);
  });

  it('keeps names unique within a parent (409), not across parents', async () => {
    const [first, second] = [await level.parent(), await level.parent()];
    await create(t.stack, t.admin.cookie, level.path, { name: 'Same', [level.parentField]: first, ...extra });
    const again = await t.stack.call('POST', `/api/v1/${level.path}`, {
      cookie: t.admin.cookie,
      body: { name: ' same ', [level.parentField]: first, ...extra },
    });
    expect(again.status).toBe(409);
    await create(t.stack, t.admin.cookie, level.path, { name: 'Same', [level.parentField]: second, ...extra });
    expect(names(await list(first))).toEqual(['Same']);
  });

  it('deletes by id (404 for an unknown id), for admins only', async () => {
    const parentId = await level.parent();
    const id = await create(t.stack, t.admin.cookie, level.path, { name: 'Doomed', [level.parentField]: parentId, ...extra });
    expect(
      (
        await t.stack.call('POST', `/api/v1/${level.path}`, {
          cookie: t.faculty.cookie,
          body: { name: 'F', [level.parentField]: parentId, ...extra },
        })
      ).status,
    ).toBe(403);
    expect((await t.stack.call('DELETE', `/api/v1/${level.path}/${id}`, { cookie: t.faculty.cookie })).status).toBe(403);
    const unknown = await t.stack.call('DELETE', `/api/v1/${level.path}/not-there`, { cookie: t.admin.cookie });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/not found/);
    const deleted = await t.stack.call('DELETE', `/api/v1/${level.path}/${id}`, { cookie: t.admin.cookie });
    expect(deleted.status).toBe(200);
    expect((await list(parentId)).body.data).toEqual([]);
    expect((await t.stack.call('DELETE', `/api/v1/${level.path}/${id}`, { cookie: t.admin.cookie })).status).toBe(404);
    // The name is free again.
    await create(t.stack, t.admin.cookie, level.path, { name: 'Doomed', [level.parentField]: parentId, ...extra });
  });
});

describe('data access', () => {
  it('uses no Scan anywhere in the request path', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts')) files.push(path);
      }
    };
    walk(new URL('../../functions', import.meta.url).pathname);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toMatch(/\bScan(Command)?\b/);
  });
});
