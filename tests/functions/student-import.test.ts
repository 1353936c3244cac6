import { describe, expect, it } from 'vitest';
import type { ImportRow, StudentImportInput } from '@shared/schemas/student-import';
import { create, useCollege } from '@tests/support/college';
import { withDatabaseError } from '@tests/support/faults';
import { useTestStack } from '@tests/support/stack';
import { importChunks } from '@web/features/admin/student-import';

/**
 * POST student/import (docs/api.md "Student import"): every outcome in a dry run and for real,
 * re-runs, runs stopped midway, two imports at once, injected faults and bad bodies.
 */
const t = useTestStack('admin', 'faculty');
// Semester 1 › Division 1 (Batch 1A: IM001, IM002; Batch 1B: IM003, IM004), Division 2 (Batch 2A, 2B).
const college = useCollege(t, { prefix: 'IM', divisions: 2, perBatch: 2 });

const batchId = (d: number, b: number) => college.divisions[d]!.batches[b]!.id;
/** The import as sent on the wire: the bad-body tests send what the contract does not allow. */
const call = (body: unknown, cookie = t.admin.cookie) => t.stack.call('POST', '/api/v1/student/import', { cookie, body });
/** The import as the contract allows it, its answer typed. */
const send = (body: StudentImportInput, cookie = t.admin.cookie) => t.stack.api('POST /student/import', { body, cookie });
const importRows = async (rows: ImportRow[], options: { dryRun?: boolean; createMissing?: boolean } = {}) => {
  const result = await send({ rows, dryRun: options.dryRun ?? false, createMissing: options.createMissing ?? false });
  expect(result.status, result.body.message).toBe(200);
  return { ...result.body.data, message: result.body.message };
};
const studentsOf = async (batchid: string) =>
  (await t.stack.api('GET /student/{batchid}', { params: { batchid }, cookie: t.admin.cookie })).body.data;
const enrollmentsOf = async (batchid: string) => (await studentsOf(batchid)).map((student) => student.enrollment);
const divisionsOf = async () =>
  (await t.stack.api('GET /division/{semid}', { params: { semid: college.semid }, cookie: t.admin.cookie })).body.data;
const batchesOf = async (divisionid: string) =>
  (await t.stack.api('GET /batch/{divisionid}', { params: { divisionid }, cookie: t.admin.cookie })).body.data;

/** A good row for Semester 1 › Division d › Batch db. */
const row = (enrollment: string, batch = 'Batch 1A', extra: Partial<ImportRow> = {}): ImportRow => ({
  enrollment,
  name: `Student ${enrollment}`,
  email: `${enrollment.toLowerCase()}@college.test`,
  semester: 'Semester 1',
  division: `Division ${batch.slice(6, 7)}`,
  batch,
  ...extra,
});
const many = (prefix: string, count: number, batch = 'Batch 2B') =>
  Array.from({ length: count }, (_, at) => row(`${prefix}${String(at + 1).padStart(3, '0')}`, batch));

/** One of each outcome: a new student, one already there, a move, and every kind of error. */
const mixed = (): ImportRow[] => [
  row('IMN01'),
  row('IM001'),
  row('IM002', 'Batch 1B'),
  { ...row('IMN02'), email: '' },
  { ...row('IMN03'), email: 'not-an-email' },
  row('IMDUP'),
  { ...row('imdup', 'Batch 1B'), name: 'Twin' },
  { ...row('IMN04'), semester: 'Semester 9' },
  { ...row('IMN05'), division: 'Division 7' },
  { ...row('IMN06'), batch: 'Batch 9Z' },
  { ...row('IMN07'), enrollment: '  ' },
];

describe('student import: every outcome', () => {
  it('previews every outcome in a dry run and writes nothing', async () => {
    const preview = await importRows(mixed(), { dryRun: true });
    expect(preview.results).toEqual([
      { row: 1, outcome: 'create', message: 'Will be added', studentId: null },
      { row: 2, outcome: 'unchanged', message: 'Already up to date', studentId: college.divisions[0]!.batches[0]!.students[0] },
      { row: 3, outcome: 'update', message: 'Will change batch', studentId: college.divisions[0]!.batches[0]!.students[1] },
      { row: 4, outcome: 'error', message: 'Please enter email', studentId: null },
      { row: 5, outcome: 'error', message: 'Email address must be a valid address', studentId: null },
      { row: 6, outcome: 'error', message: 'Enrollment IMDUP appears more than once in the file', studentId: null },
      { row: 7, outcome: 'error', message: 'Enrollment imdup appears more than once in the file', studentId: null },
      { row: 8, outcome: 'error', message: 'Semester "Semester 9" does not exist in the active term', studentId: null },
      { row: 9, outcome: 'error', message: 'Division "Division 7" does not exist in Semester 1', studentId: null },
      { row: 10, outcome: 'error', message: 'Batch "Batch 9Z" does not exist in Division 1', studentId: null },
      { row: 11, outcome: 'error', message: 'Please enter enrollment', studentId: null },
    ]);
    expect(preview.counts).toEqual({ create: 1, update: 1, unchanged: 1, error: 8 });
    expect(preview.dryRun).toBe(true);
    expect(preview.message).toBe('Preview: 1 to add, 1 to change, 1 unchanged, 8 with errors');
    expect(await enrollmentsOf(batchId(0, 0))).toEqual(['IM001', 'IM002']);
    expect(await enrollmentsOf(batchId(0, 1))).toEqual(['IM003', 'IM004']);
  });

  it('imports for real: adds, moves, leaves alone, and reports each error row without stopping the others', async () => {
    const done = await importRows(mixed());
    expect(done.results.map((r) => r.outcome)).toEqual(['create', 'unchanged', 'update', ...Array(8).fill('error')]);
    expect(done.results[0]!.message).toBe('Added');
    expect(done.results[2]!.message).toBe('Changed batch');
    expect(done.message).toBe('Import: 1 added, 1 changed, 1 unchanged, 8 with errors');
    const batch1A = await studentsOf(batchId(0, 0));
    expect(batch1A.map((s) => s.enrollment)).toEqual(['IM001', 'IMN01']);
    expect(batch1A[1]).toEqual({
      _id: done.results[0]!.studentId,
      enrollment: 'IMN01',
      name: 'Student IMN01',
      email: 'imn01@college.test',
      batchid: batchId(0, 0),
    });
    // The move keeps the student (and so their attendance): the same id, now in Batch 1B.
    const moved = (await studentsOf(batchId(0, 1))).find((s) => s.enrollment === 'IM002');
    expect(moved?._id).toBe(college.divisions[0]!.batches[0]!.students[1]);
  });

  it('changes nothing when the same file is imported again: every good row is unchanged', async () => {
    const again = await importRows(mixed());
    expect(again.results.map((r) => r.outcome)).toEqual(['unchanged', 'unchanged', 'unchanged', ...Array(8).fill('error')]);
    expect(await enrollmentsOf(batchId(0, 0))).toEqual(['IM001', 'IMN01']);
    expect(await enrollmentsOf(batchId(0, 1))).toEqual(['IM002', 'IM003', 'IM004']);
  });

  it('updates a name or email in place, and keeps the row numbers the client sends', async () => {
    const done = await importRows([{ ...row('IM003', 'Batch 1B'), name: 'Renamed Three', email: 'three@college.test', row: 42 }]);
    expect(done.results).toEqual([
      { row: 42, outcome: 'update', message: 'Changed name, email', studentId: college.divisions[0]!.batches[1]!.students[0] },
    ]);
    expect((await studentsOf(batchId(0, 1))).find((s) => s.enrollment === 'IM003')).toMatchObject({
      name: 'Renamed Three',
      email: 'three@college.test',
    });
  });

  it('matches semester, division and batch names in any case and spacing', async () => {
    const done = await importRows([{ ...row('IMCASE'), semester: 'semester  1', division: 'DIVISION 1', batch: 'batch 1a' }]);
    expect(done.results[0]!.outcome).toBe('create');
    expect(await enrollmentsOf(batchId(0, 0))).toContain('IMCASE');
  });
});

describe('student import: creating missing divisions and batches', () => {
  const newRows = () => [row('IMC01', 'Batch 3A'), row('IMC02', 'Batch 3A'), row('IMC03', 'Batch 3B')];

  it('previews the divisions and batches it would create, and creates none', async () => {
    const preview = await importRows(newRows(), { dryRun: true, createMissing: true });
    expect(preview.results.map((r) => [r.outcome, r.message])).toEqual([
      ['create', 'Will be added (creates Division "Division 3", Batch "Batch 3A")'],
      ['create', 'Will be added (creates Division "Division 3", Batch "Batch 3A")'],
      ['create', 'Will be added (creates Division "Division 3", Batch "Batch 3B")'],
    ]);
    expect((await divisionsOf()).map((d) => d.name)).toEqual(['Division 1', 'Division 2']);
  });

  it('creates each missing division and batch once, and the students in them', async () => {
    const done = await importRows(newRows(), { createMissing: true });
    expect(done.counts).toEqual({ create: 3, update: 0, unchanged: 0, error: 0 });
    const division3 = (await divisionsOf()).filter((d) => d.name === 'Division 3');
    expect(division3).toHaveLength(1);
    const batches = await batchesOf(division3[0]!._id);
    expect(batches.map((b) => b.name)).toEqual(['Batch 3A', 'Batch 3B']);
    expect(await enrollmentsOf(batches[0]!._id)).toEqual(['IMC01', 'IMC02']);
    expect(await enrollmentsOf(batches[1]!._id)).toEqual(['IMC03']);
    expect((await importRows(newRows(), { createMissing: true })).counts.unchanged).toBe(3);
  });

  it('never creates a semester', async () => {
    const done = await importRows([{ ...row('IMC09'), semester: 'Semester 4' }], { createMissing: true });
    expect(done.results[0]).toMatchObject({ outcome: 'error', message: 'Semester "Semester 4" does not exist in the active term' });
  });
});

describe('student import: runs stopped midway, races and faults', () => {
  it('completes a run stopped after its first chunk without doubling anyone', async () => {
    const file = many('IMS', 30, 'Batch 2A');
    await importRows(file.slice(0, 12));
    const rerun = await importRows(file);
    expect(rerun.results.map((r) => r.outcome)).toEqual([...Array(12).fill('unchanged'), ...Array(18).fill('create')]);
    expect(await enrollmentsOf(batchId(1, 0))).toEqual(['IM005', 'IM006', ...file.map((r) => r.enrollment)]);
  });

  it('stores each enrollment once when two imports of the same file overlap', async () => {
    const file = many('IMR', 60);
    const [first, second] = await Promise.all([importRows(file), importRows(file)]);
    for (let at = 0; at < file.length; at++) {
      // One import added the student; the other found it there (or met it mid-write and found it equal).
      expect([first.results[at]!.outcome, second.results[at]!.outcome].sort()).toEqual(['create', 'unchanged']);
      expect(first.results[at]!.studentId).toBe(second.results[at]!.studentId);
    }
    expect(await enrollmentsOf(batchId(1, 1))).toEqual(['IM007', 'IM008', ...file.map((r) => r.enrollment)]);
  });

  it('creates one division when two imports with createMissing ask for it at once', async () => {
    const rows = [row('IMX01', 'Batch 4A'), row('IMX02', 'Batch 4A')];
    const [first, second] = await Promise.all([
      importRows([rows[0]!], { createMissing: true }),
      importRows([rows[1]!], { createMissing: true }),
    ]);
    expect([first.results[0]!.outcome, second.results[0]!.outcome]).toEqual(['create', 'create']);
    const division4 = (await divisionsOf()).filter((d) => d.name === 'Division 4');
    expect(division4).toHaveLength(1);
    const batches = await batchesOf(division4[0]!._id);
    expect(batches.map((b) => b.name)).toEqual(['Batch 4A']);
    expect(await enrollmentsOf(batches[0]!._id)).toEqual(['IMX01', 'IMX02']);
  });

  it.each([
    ['before', false],
    ['after', true],
  ])('reports the rows whose write failed %s it was stored, and a re-run completes without doubles', async (_, afterWrite) => {
    const prefix = afterWrite ? 'IMFA' : 'IMFB';
    const file = many(prefix, 12, 'Batch 1B');
    let writes = 0;
    const faulty = await withDatabaseError(
      'InternalServerError',
      (command) => command.startsWith('TransactWrite') && writes++ % 3 === 0,
      () => importRows(file),
      { afterWrite },
    );
    const failed = faulty.results.filter((r) => r.outcome === 'error');
    expect(failed).toHaveLength(4);
    expect(failed.every((r) => r.message === 'This row could not be saved; run the import again')).toBe(true);
    expect(faulty.counts.create).toBe(8);
    const stored = (await enrollmentsOf(batchId(0, 1))).filter((e) => e.startsWith(prefix));
    expect(stored).toHaveLength(afterWrite ? 12 : 8);

    const rerun = await importRows(file);
    expect(rerun.counts).toEqual({ create: afterWrite ? 0 : 4, update: 0, unchanged: afterWrite ? 12 : 8, error: 0 });
    expect((await enrollmentsOf(batchId(0, 1))).filter((e) => e.startsWith(prefix))).toEqual(file.map((r) => r.enrollment));
  });

  it('answers 503 and writes nothing when the reads fail', async () => {
    const file = many('IMG', 5, 'Batch 1B');
    const result = await withDatabaseError(
      'ThrottlingException',
      (command) => command.startsWith('BatchGet'),
      () => call({ rows: file }),
    );
    expect(result.status).toBe(503);
    expect(result.body.message).toBe('The service is busy right now. Please try again in a moment.');
    expect((await enrollmentsOf(batchId(0, 1))).filter((e) => e.startsWith('IMG'))).toEqual([]);
  });
});

describe('student import: bad requests change nothing', () => {
  it.each([
    [{}, 'Send the rows to import as a list'],
    [{ rows: 'IM1,Name' }, 'Send the rows to import as a list'],
    [{ rows: [] }, 'There are no rows to import'],
    [{ rows: Array.from({ length: 501 }, (_, at) => row(`IMB${at}`)) }, 'At most 500 rows per call'],
    [{ rows: [{ ...row('IMB1'), enrollment: 7 }] }, 'Each cell of a row must be text'],
    [{ rows: [{ ...row('IMB1'), row: 0 }] }, 'A row number must be a whole number of at least 1'],
    [{ rows: [row('IMB1')], dryRun: 'yes' }, 'dryRun and createMissing must be true or false'],
  ])('refuses %j with 400', async (body, message) => {
    const result = await call(body);
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message);
    expect(await enrollmentsOf(batchId(0, 0))).not.toContain('IMB1');
  });

  it('refuses a body over 256 KB with 413, and 10 MB of junk too', async () => {
    const big = await call({ rows: many('IMBIG', 500).map((r) => ({ ...r, name: 'n'.repeat(600) })) });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Request body is too large (256 KB at most)');
    const junk = await t.stack.call('POST', '/api/v1/student/import', {
      cookie: t.admin.cookie,
      headers: { 'content-type': 'application/json' },
      rawBody: 'x'.repeat(10 * 1024 * 1024 + 1),
    });
    expect(junk.status).toBe(413);
    const notJson = await t.stack.call('POST', '/api/v1/student/import', {
      cookie: t.admin.cookie,
      headers: { 'content-type': 'application/json' },
      rawBody: '{"rows": [',
    });
    expect(notJson.status).toBe(400);
  });

  it('takes, chunk by chunk, 500 rows of long Devanagari names the web app splits by bytes (issue 29, finding 15)', async () => {
    const rows = many('IMDEV', 500).map((r, at) => ({ ...r, name: `${'क्षत्रिय'.repeat(24)} ${at}` }));
    const options = { dryRun: true, createMissing: false };
    expect((await call({ rows, ...options })).status).toBe(413);
    const { chunks, tooLarge } = importChunks(rows, options);
    expect([chunks.length > 1, tooLarge]).toEqual([true, []]);
    for (const chunk of chunks) {
      const result = await send({ rows: chunk, ...options });
      expect(result.status, result.body.message).toBe(200);
      expect(result.body.data.counts.create).toBe(chunk.length);
    }
  });

  it('is for admins only', async () => {
    const result = await call({ rows: [row('IMB2')] }, t.faculty.cookie);
    expect(result.status).toBe(403);
    expect(await enrollmentsOf(batchId(0, 0))).not.toContain('IMB2');
  });

  it('reports every row as an error when there is no active term', async () => {
    const off = await t.stack.call('PATCH', `/api/v1/term/${college.termid}`, { cookie: t.admin.cookie, body: { status: false } });
    expect(off.status).toBe(200);
    try {
      const done = await importRows([row('IMB3'), row('IMB4')]);
      expect(done.results.map((r) => r.message)).toEqual([
        'There is no active term to import into',
        'There is no active term to import into',
      ]);
    } finally {
      await t.stack.call('PATCH', `/api/v1/term/${college.termid}`, { cookie: t.admin.cookie, body: { status: true } });
    }
    expect(await enrollmentsOf(batchId(0, 0))).not.toContain('IMB3');
  });
});

describe('student import: into the term the admin chose', () => {
  it('imports into a term that is not active, by its structure’s names, and leaves the active term alone', async () => {
    const next = await create(t.stack, t.admin.cookie, 'term', { name: 'Term IM next', status: false });
    const semid = await create(t.stack, t.admin.cookie, 'semester', { name: 'Semester 1', termid: next });
    const divisionid = await create(t.stack, t.admin.cookie, 'division', { name: 'Division 1', semid });
    const batchid = await create(t.stack, t.admin.cookie, 'batch', { name: 'Batch 1A', divisionid });

    const preview = await send({ rows: [row('IMNX1'), row('IMNX2', 'Batch 1B')], dryRun: true, termid: next });
    expect(preview.status, preview.body.message).toBe(200);
    expect(preview.body.data.results.map((r) => r.outcome)).toEqual(['create', 'error']);
    const done = await send({ rows: [row('IMNX1'), { ...row('IMNX3'), semester: 'Semester 9' }], termid: next });
    expect(done.status).toBe(200);
    expect(done.body.data.results.map((r) => r.message)).toEqual(['Added', 'Semester "Semester 9" does not exist in Term IM next']);
    expect(await enrollmentsOf(batchid)).toEqual(['IMNX1']);
    expect(await enrollmentsOf(batchId(0, 0))).not.toContain('IMNX1');
    // Without termid, the active term, as before.
    const active = await importRows([row('IMNX4')]);
    expect(active.results[0]).toMatchObject({ outcome: 'create' });
    expect(await enrollmentsOf(batchId(0, 0))).toContain('IMNX4');
  });

  it('refuses an unknown or malformed term with 400, and imports nothing', async () => {
    const unknown = await call({ rows: [row('IMNX5')], termid: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Term not found: choose the term to import into again');
    const malformed = await call({ rows: [row('IMNX5')], termid: 7 });
    expect(malformed.status).toBe(400);
    expect(await enrollmentsOf(batchId(0, 0))).not.toContain('IMNX5');
  });
});
