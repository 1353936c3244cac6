import { describe, expect, it } from 'vitest';
import { TEXT_MESSAGES } from '@shared/text/normalize';
import { areLookalikes } from '@shared/text/lookalike';
import { type Parent, structureNameLookalike } from '@functions/lib/entities/structure-node';
import { entryKey, getNode, KINDS, markDeleting, type Kind, type StructureItem } from '@functions/lib/repositories/structure';
import { create } from '@tests/support/college';
import { withDatabaseError, withWriteHeld } from '@tests/support/faults';
import { storeLegacyNode } from '@tests/support/legacy-items';
import { useTestStack } from '@tests/support/stack';
import { allItems } from '@tests/support/table';

/**
 * Renaming a semester, division, batch or course in place (PATCH <level>/{id}, docs/product.md §3):
 * the create's name rules among its siblings, enforced in the write itself, so of concurrent renames
 * to one name one wins; nothing changes on a refusal or a failed write.
 */
const t = useTestStack('admin', 'faculty');

type Level = 'semester' | 'division' | 'batch' | 'course';
const LABEL: Record<Level, string> = { semester: 'Semester', division: 'Division', batch: 'Batch', course: 'Course' };
const EMPTY: Record<Level, string> = {
  semester: 'Enter Semester',
  division: 'Please enter division',
  batch: 'Please enter batch',
  course: 'Please enter course',
};
const WHERE: Record<Level, string> = {
  semester: ' in this term',
  division: ' in this semester',
  batch: ' in this division',
  course: ' in this semester',
};

let terms = 0;
/** A fresh term with Semester 1 › Division 1 › Batch 1A, and the course Physics; the ids. */
async function tree() {
  const add = (path: string, body: Record<string, unknown>) => create(t.stack, t.admin.cookie, path, body);
  const termid = await add('term', { name: `Rename term ${++terms}`, status: false });
  const semester = await add('semester', { name: 'Semester 1', termid });
  const division = await add('division', { name: 'Division 1', semid: semester });
  const batch = await add('batch', { name: 'Batch 1A', divisionid: division });
  const course = await add('course', { name: 'Physics', semid: semester });
  return {
    termid,
    semester,
    division,
    batch,
    course,
    parentOf: { semester: termid, division: semester, batch: division, course: semester },
  };
}

const rename = (level: Level, id: string, body: unknown, cookie = t.admin.cookie) =>
  t.stack.call('PATCH', `/api/v1/${level}/${id}`, { cookie, body });
/** Each level's list under its parent, as faculty read it. */
const LISTS: Record<Level, (parentId: string) => Promise<{ name: string }[]>> = {
  semester: async (termid) => (await t.stack.api('GET /semester/{termid}', { params: { termid }, cookie: t.faculty.cookie })).body.data,
  division: async (semid) => (await t.stack.api('GET /division/{semid}', { params: { semid }, cookie: t.faculty.cookie })).body.data,
  batch: async (divisionid) =>
    (await t.stack.api('GET /batch/{divisionid}', { params: { divisionid }, cookie: t.faculty.cookie })).body.data,
  course: async (semid) => (await t.stack.api('GET /course/{semid}', { params: { semid }, cookie: t.faculty.cookie })).body.data,
};
const namesIn = async (level: Level, parentId: string): Promise<string[]> => (await LISTS[level](parentId)).map((item) => item.name);
const stored = async () => JSON.stringify((await allItems()).map((item) => [item.pk, item.sk, item]).sort());

/**
 * Every node's entity has one entry in its parent's list, under its name, holding the same name; and the
 * look-alike claims are exactly those the nodes hold (none left behind by a rename, none missing).
 */
async function expectNoOrphans() {
  const items = await allItems();
  const nodes = items.filter((item) => String(item.entity) in KINDS) as unknown as (StructureItem & { entity: Kind })[];
  const parentOf = (node: StructureItem & { entity: Kind }): Parent => {
    const { parent, parentField } = KINDS[node.entity];
    return parent && parentField ? { kind: parent, id: node[parentField]! } : null;
  };
  const entries = items.filter((item) => String(item.entity).endsWith('Entry') && String(item.entity).slice(0, -5) in KINDS);
  expect(entries.map((entry) => `${entry.pk} ${entry.sk} ${entry._id} ${entry.name}`).sort()).toEqual(
    nodes.map((node) => `${Object.values(entryKey(node.entity, node)).join(' ')} ${node._id} ${node.name}`).sort(),
  );
  const claims = items.filter((item) => item.entity === 'nameLookalike');
  expect(claims.map((claim) => `${claim.pk} ${claim.sk} ${claim.nodeId}`).sort()).toEqual(
    nodes
      .flatMap((node) =>
        (node.lookalikes ?? []).map((key) => ({ ...structureNameLookalike(node.entity, key, parentOf(node)), id: node._id })),
      )
      .map((claim) => `${claim.pk} ${claim.sk} ${claim.id}`)
      .sort(),
  );
}

describe('PATCH <level>/{id}', () => {
  it('renames each level in place: its list shows the new name, its children stay, its old name is free again', async () => {
    const ids = await tree();
    const renames: [Level, string, string, Record<string, string>][] = [
      ['semester', ids.semester, 'Semester One', { termid: ids.termid }],
      ['division', ids.division, 'Division A', { semid: ids.semester }],
      ['batch', ids.batch, 'Batch Alpha', { divisionid: ids.division }],
      ['course', ids.course, 'Mechanics', { semid: ids.semester }],
    ];
    for (const [level, id, name, parent] of renames) {
      const renamed = await rename(level, id, { name: ` ${name} ` });
      expect([renamed.status, renamed.body.message]).toEqual([200, `${LABEL[level]} renamed successfully`]);
      expect(renamed.body.data).toEqual({ _id: id, name, ...parent });
      expect(await namesIn(level, ids.parentOf[level])).toEqual([name]);
      expect((await getNode(level, id))?.name).toBe(name);
    }
    expect(await namesIn('division', ids.semester)).toEqual(['Division A']);
    expect(await namesIn('batch', ids.division)).toEqual(['Batch Alpha']);
    // A change of letter case only: the entry stays, the name shown changes.
    expect((await rename('course', ids.course, { name: 'MECHANICS' })).status).toBe(200);
    expect(await namesIn('course', ids.semester)).toEqual(['MECHANICS']);
    await create(t.stack, t.admin.cookie, 'semester', { name: 'Semester 1', termid: ids.termid });
    await create(t.stack, t.admin.cookie, 'course', { name: 'Physics', semid: ids.semester });
    expect(await namesIn('semester', ids.termid)).toEqual(['Semester 1', 'Semester One']);
    await expectNoOrphans();
  });

  it('answers its own name again with 200 and writes nothing', async () => {
    const ids = await tree();
    const before = await stored();
    const same = await rename('batch', ids.batch, { name: 'Batch 1A' });
    expect([same.status, same.body.data]).toEqual([200, { _id: ids.batch, name: 'Batch 1A', divisionid: ids.division }]);
    expect(await stored()).toBe(before);
  });

  it.each(['semester', 'division', 'batch', 'course'] as Level[])(
    'refuses an empty, invisible, taken or look-alike %s name with the create’s messages, changing nothing',
    async (level) => {
      const ids = await tree();
      const parent = ids.parentOf[level];
      const sibling = { semester: 'Semester 11', division: 'Division 12', batch: 'Batch 1B', course: 'Course 1' }[level];
      const field = KINDS[level].parentField!;
      await create(t.stack, t.admin.cookie, level, { name: sibling, [field]: parent });
      const id = ids[level];
      const before = await stored();
      const lookalike = sibling.replace('1', 'l');
      expect(areLookalikes(lookalike, sibling) && lookalike !== sibling).toBe(true);
      const refusals: [unknown, number, string][] = [
        [{ name: '' }, 400, EMPTY[level]],
        [{ name: '   ' }, 400, EMPTY[level]],
        [{}, 400, EMPTY[level]],
        [{ name: 7 }, 400, EMPTY[level]],
        [{ name: `New\u200b name` }, 400, 'Name contains invisible or control characters'],
        [{ name: `New \u202ename` }, 400, 'Name contains invisible or control characters'],
        [{ name: 'x'.repeat(201) }, 400, 'At most 200 characters'],
        [{ name: sibling.toUpperCase() }, 409, `${LABEL[level]} "${sibling.toUpperCase()}" already exists${WHERE[level]}`],
        [{ name: lookalike }, 409, TEXT_MESSAGES.lookalikeName(LABEL[level], lookalike, WHERE[level])],
      ];
      for (const [body, status, message] of refusals) {
        const refused = await rename(level, id, body);
        expect([JSON.stringify(body), refused.status, refused.body.message]).toEqual([JSON.stringify(body), status, message]);
      }
      expect(await stored()).toBe(before);
    },
  );

  it('compares with a sibling an older release stored (no look-alike claims), and answers 404 and 403', async () => {
    const ids = await tree();
    const legacy = await storeLegacyNode('course', 'Old Course', { termid: ids.termid, semid: ids.semester });
    const taken = await rename('course', ids.course, { name: 'old  course' });
    expect([taken.status, taken.body.message]).toEqual([409, 'Course "old course" already exists in this semester']);
    const alike = await rename('course', ids.course, { name: 'OId Course' });
    expect([alike.status, alike.body.message]).toEqual([409, TEXT_MESSAGES.lookalikeName('Course', 'OId Course', ' in this semester')]);
    // The older node itself is renamed as any other: it then claims its new name's keys (expectNoOrphans).
    expect((await rename('course', legacy, { name: 'Ancient Course' })).status).toBe(200);
    expect(await namesIn('course', ids.semester)).toEqual(['Ancient Course', 'Physics']);
    expect((await rename('semester', '00000000-0000-4000-8000-000000000000', { name: 'Nowhere' })).status).toBe(404);
    const forbidden = await rename('division', ids.division, { name: 'By faculty' }, t.faculty.cookie);
    expect(forbidden.status).toBe(403);
    expect(await namesIn('division', ids.semester)).toEqual(['Division 1']);
    await expectNoOrphans();
  });

  it('refuses a node being deleted, or under a parent being deleted, as a create under it is', async () => {
    const ids = await tree();
    await markDeleting('batch', ids.batch);
    const gone = await rename('batch', ids.batch, { name: 'Batch Z' });
    expect([gone.status, gone.body.message]).toEqual([400, 'Batch not found']);
    await markDeleting('semester', ids.semester);
    const orphaned = await rename('division', ids.division, { name: 'Division Z' });
    expect([orphaned.status, orphaned.body.message]).toEqual([400, 'Semester not found']);
    expect(await namesIn('division', ids.semester)).toEqual(['Division 1']);
  });

  it('refuses a rename whose write meets a delete that began after it read the node', async () => {
    const ids = await tree();
    const [renamed] = await withWriteHeld(
      () => true,
      () => rename('course', ids.course, { name: 'Optics' }),
      () => markDeleting('course', ids.course),
    );
    expect([renamed.status, renamed.body.message]).toEqual([400, 'Course not found']);
    expect(await namesIn('course', ids.semester)).toEqual(['Physics']);
    await expectNoOrphans();
  });
});

describe('concurrent renames', () => {
  it('of five siblings to one name: exactly one wins, the others get 409 and keep their names', async () => {
    const ids = await tree();
    const names = ['Batch 1B', 'Batch 1C', 'Batch 1D', 'Batch 1E'];
    const siblings = [
      ids.batch,
      ...(await Promise.all(names.map((name) => create(t.stack, t.admin.cookie, 'batch', { name, divisionid: ids.division })))),
    ];
    const results = await Promise.all(siblings.map((id) => rename('batch', id, { name: 'Lab group' })));
    expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const refused of results.filter((result) => result.status !== 200))
      expect(refused.body.message).toBe('Batch "Lab group" already exists in this division');
    const listed = await namesIn('batch', ids.division);
    expect(listed.filter((name) => name === 'Lab group')).toHaveLength(1);
    expect(listed).toHaveLength(5);
    await expectNoOrphans();
  });

  it('of two siblings, five requests to one name: one sibling has it, the other keeps its own', async () => {
    const ids = await tree();
    const other = await create(t.stack, t.admin.cookie, 'division', { name: 'Division 2', semid: ids.semester });
    const order = [ids.division, other, ids.division, other, ids.division];
    const results = await Promise.all(order.map((id) => rename('division', id, { name: 'Shared' })));
    const winners = new Set(results.flatMap((result, at) => (result.status === 200 ? [order[at]] : [])));
    expect(winners.size).toBe(1);
    // A request for the winner read before it was written: 409 (changed meanwhile), or 200 when it read the new name.
    for (const result of results) expect([200, 409]).toContain(result.status);
    const loser = [ids.division, other].find((id) => !winners.has(id))!;
    expect(results.filter((result, at) => order[at] === loser).every((result) => result.status === 409)).toBe(true);
    expect((await namesIn('division', ids.semester)).sort()).toEqual(['Shared', loser === other ? 'Division 2' : 'Division 1'].sort());
    await expectNoOrphans();
  });

  it('of two siblings to look-alike names: the claims let one through', async () => {
    const ids = await tree();
    const other = await create(t.stack, t.admin.cookie, 'course', { name: 'Chemistry', semid: ids.semester });
    expect(areLookalikes('Lab l0', 'Lab 10')).toBe(true);
    for (let round = 0; round < 3; round++) {
      const [first, second] = await Promise.all([
        rename('course', ids.course, { name: `Lab l${round}` }),
        rename('course', other, { name: `Lab 1${round}` }),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      // One of this round's two names is listed (a sibling may still hold an earlier round's name).
      const listed = await namesIn('course', ids.semester);
      expect(listed.filter((name) => [`Lab l${round}`, `Lab 1${round}`].includes(name))).toHaveLength(1);
    }
    await expectNoOrphans();
  });
});

describe('a failed write', () => {
  it('changes nothing: the old name stays, still claimed, and the rename can be sent again', async () => {
    const ids = await tree();
    const before = await stored();
    const failed = await withDatabaseError(
      'InternalServerError',
      (command) => command === 'TransactWriteItemsCommand',
      () => rename('semester', ids.semester, { name: 'Semester Renamed' }),
    );
    expect(failed.status).toBe(503);
    expect(await stored()).toBe(before);
    expect(await namesIn('semester', ids.termid)).toEqual(['Semester 1']);
    // The old name is still held: a look-alike of it is refused, as before.
    expect(areLookalikes('Semester l', 'Semester 1')).toBe(true);
    const alike = await t.stack.call('POST', '/api/v1/semester', {
      cookie: t.admin.cookie,
      body: { name: 'Semester l', termid: ids.termid },
    });
    expect(alike.status).toBe(409);
    expect((await rename('semester', ids.semester, { name: 'Semester Renamed' })).status).toBe(200);
    expect(await namesIn('semester', ids.termid)).toEqual(['Semester Renamed']);
    await expectNoOrphans();
  });

  it('whose answer was lost after it was written is a 200 when sent again', async () => {
    const ids = await tree();
    const lost = await withDatabaseError(
      'InternalServerError',
      (command) => command === 'TransactWriteItemsCommand',
      () => rename('division', ids.division, { name: 'Division North' }),
      { afterWrite: true },
    );
    expect(lost.status).toBeGreaterThanOrEqual(500);
    const again = await rename('division', ids.division, { name: 'Division North' });
    expect([again.status, again.body.data]).toEqual([200, { _id: ids.division, name: 'Division North', semid: ids.semester }]);
    expect(await namesIn('division', ids.semester)).toEqual(['Division North']);
    await expectNoOrphans();
  });
});
