import { describe, expect, it } from 'vitest';
import { GUARDIAN_MESSAGES } from '@shared/schemas/guardians';
import type { ImportRow } from '@shared/schemas/student-import';
import { useCollege } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';

/**
 * POST student/import with the optional guardian columns: a file with them sets each row's
 * guardians (empty cells: none), a file without them leaves guardians as they are, and a bad
 * guardian cell is its row's error.
 */
const t = useTestStack('admin');
// Semester 1 › Division 1 › Batch 1A: GI001, GI002; Batch 1B: GI003, GI004.
const college = useCollege(t, { prefix: 'GI', divisions: 1, perBatch: 2 });

const row = (enrollment: string, extra: Partial<ImportRow> = {}): ImportRow => ({
  enrollment,
  name: `Student ${enrollment}`,
  email: `${enrollment.toLowerCase()}@college.test`,
  semester: 'Semester 1',
  division: 'Division 1',
  batch: 'Batch 1A',
  ...extra,
});
const motherCells = { guardian1_name: 'Asha Rao', guardian1_relation: 'mother', guardian1_email: 'Asha@Example.com', guardian1_phone: '' };
const fatherCells = { guardian2_name: 'Ravi Rao', guardian2_relation: 'Father', guardian2_email: '', guardian2_phone: '98200 12345' };
const emptyCells = Object.fromEntries(Object.keys({ ...motherCells, ...fatherCells }).map((column) => [column, '']));
const mother = { name: 'Asha Rao', relation: 'Mother', email: 'asha@example.com' };
const father = { name: 'Ravi Rao', relation: 'Father', phone: '98200 12345' };

const importRows = async (rows: ImportRow[], dryRun = false) => {
  const result = await t.stack.api('POST /student/import', { body: { rows, dryRun }, cookie: t.admin.cookie });
  expect(result.status, result.body.message).toBe(200);
  return result.body.data;
};
const guardiansOf = async (id: string) =>
  (await t.stack.api('GET /student/student/{id}', { params: { id }, cookie: t.admin.cookie })).body.data.guardians;

describe('student import: guardian columns', () => {
  it('adds students with the guardians of their cells, and a second run of the file changes nothing', async () => {
    const file = [row('GIN01', { ...motherCells, ...fatherCells }), row('GIN02', emptyCells), row('GIN03')];
    const first = await importRows(file);
    expect(first.counts).toEqual({ create: 3, update: 0, unchanged: 0, error: 0 });
    expect(await guardiansOf(first.results[0]!.studentId!)).toEqual([mother, father]);
    expect((await guardiansOf(first.results[1]!.studentId!)) ?? []).toEqual([]);
    expect(await guardiansOf(first.results[2]!.studentId!)).toBeUndefined();

    const again = await importRows(file);
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 3, error: 0 });
  });

  it('changes, then clears, a student’s guardians, and says so in the preview and the run', async () => {
    const id = college.divisions[0]!.batches[0]!.students[0]!;
    const set = await importRows([row('GI001', motherCells)]);
    expect(set.results[0]).toMatchObject({ outcome: 'update', message: 'Changed guardians', studentId: id });
    expect(await guardiansOf(id)).toEqual([mother]);

    const preview = await importRows([row('GI001', { ...motherCells, ...fatherCells })], true);
    expect(preview.results[0]).toMatchObject({ outcome: 'update', message: 'Will change guardians' });
    expect(await guardiansOf(id)).toEqual([mother]);

    const cleared = await importRows([row('GI001', emptyCells)]);
    expect(cleared.results[0]).toMatchObject({ outcome: 'update', message: 'Changed guardians' });
    expect((await guardiansOf(id)) ?? []).toEqual([]);
  });

  it('leaves guardians as they are when the file has no guardian columns', async () => {
    const id = college.divisions[0]!.batches[0]!.students[1]!;
    await importRows([row('GI002', { ...motherCells, ...fatherCells })]);
    const unchanged = await importRows([row('GI002')]);
    expect(unchanged.results[0]).toMatchObject({ outcome: 'unchanged', message: 'Already up to date' });
    const renamed = await importRows([row('GI002', { name: 'Renamed Student' })]);
    expect(renamed.results[0]).toMatchObject({ outcome: 'update', message: 'Changed name' });
    expect(await guardiansOf(id)).toEqual([mother, father]);
  });

  it('reports a bad guardian cell as its row’s error, by line, and imports the other rows', async () => {
    const id = college.divisions[0]!.batches[1]!.students[0]!;
    const result = await importRows([
      { ...row('GIE01', { guardian1_name: 'Asha Rao', guardian1_relation: 'Aunt', guardian1_email: 'asha@example.com' }), row: 2 },
      { ...row('GIE02', { guardian2_name: 'Ravi Rao', guardian2_relation: 'Father' }), row: 3 },
      { ...row('GI003', { batch: 'Batch 1B', guardian1_name: 'Asha', guardian1_relation: 'Mother', guardian1_phone: '123' }), row: 4 },
      { ...row('GIE03', motherCells), row: 5 },
    ]);
    expect(result.results).toEqual([
      { row: 2, outcome: 'error', message: `Guardian 1: ${GUARDIAN_MESSAGES.relation}`, studentId: null },
      { row: 3, outcome: 'error', message: `Guardian 2: ${GUARDIAN_MESSAGES.reach}`, studentId: null },
      { row: 4, outcome: 'error', message: `Guardian 1: ${GUARDIAN_MESSAGES.phone}`, studentId: null },
      { row: 5, outcome: 'create', message: 'Added', studentId: expect.any(String) },
    ]);
    expect(await guardiansOf(id)).toBeUndefined();
    const batch = (
      await t.stack.api('GET /student/{batchid}', { params: { batchid: college.divisions[0]!.batches[0]!.id }, cookie: t.admin.cookie })
    ).body.data;
    expect(batch.map((student) => student.enrollment)).not.toContain('GIE01');
  });

  it('refuses a guardian cell that is not text with a 400, writing nothing', async () => {
    const result = await t.stack.call('POST', '/api/v1/student/import', {
      cookie: t.admin.cookie,
      body: { rows: [{ ...row('GIE09'), guardian1_name: 7 }] },
    });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe('Each cell of a row must be text');
  });
});
