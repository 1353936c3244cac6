import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_BODY_BYTES } from '@shared/constants';
import { IMPORT_MESSAGES, type ImportOutcome, type ImportRowResult, type StudentImportInput } from '@shared/schemas/student-import';
import { csvField } from '@web/lib/csv';
import { errorRowsCsv, IMPORT_BODY_BUDGET, parseStudentsCsv, runImport, type FileRow } from '@web/features/admin/student-import';
import { mockApi } from './support/fake-api';
import { loadAdminScreens, main, openAdmin } from './support/admin';
import { EVEN, ODD } from './support/fixtures';

loadAdminScreens();
afterEach(() => vi.restoreAllMocks());

const HEADER = 'enrollment,name,email,semester,division,batch';
const line = (enrollment: string, batch = 'Batch 1A') =>
  `${enrollment},Student ${enrollment},${enrollment.toLowerCase()}@college.test,Semester 3,Division 1,${batch}`;
const rowsOf = async (text: string) => {
  const parsed = await parseStudentsCsv(text);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.rows;
};

describe('import: reading the CSV file', () => {
  it('reads a UTF-8 file with a byte order mark, headers in any order and any case', async () => {
    const rows = await rowsOf(
      '\uFEFFBatch,EMAIL,Name,Enrollment,Semester,Division\r\nBatch 1A,a@college.test,Aarav Patel,NEW1,Semester 3,Division 1\r\n',
    );
    expect(rows).toEqual([
      {
        row: 2,
        enrollment: 'NEW1',
        name: 'Aarav Patel',
        email: 'a@college.test',
        semester: 'Semester 3',
        division: 'Division 1',
        batch: 'Batch 1A',
      },
    ]);
  });

  it('reads semicolons, quoted commas and line breaks, and skips blank lines', async () => {
    const rows = await rowsOf(
      'enrollment;name;email;semester;division;batch\n\nNEW1;"Patel; Aarav";a@college.test;Semester 3;Division 1;Batch 1A\nNEW2;"Shah, ""Diya""\nSecond line";d@college.test;Semester 3;Division 1;Batch 1B\n',
    );
    expect(rows.map((row) => [row.enrollment, row.name, row.batch])).toEqual([
      ['NEW1', 'Patel; Aarav', 'Batch 1A'],
      ['NEW2', 'Shah, "Diya"\nSecond line', 'Batch 1B'],
    ]);
    const commas = await rowsOf(`${HEADER}\nNEW3,"Mehta, Rohan",r@college.test,Semester 3,Division 1,Batch 1A`);
    expect(commas[0]!.name).toBe('Mehta, Rohan');
  });

  it.each([
    ['', 'The file is empty'],
    ['\uFEFF  \r\n', 'The file is empty'],
    [`${HEADER}\r\n`, 'The file has a header but no students'],
    [
      'enrollment,name,mail,semester\nX,Y,Z,W',
      'The file has no column email, division, batch (expected: enrollment, name, email, semester, division, batch)',
    ],
  ])('refuses %j: %s', async (text, message) => {
    expect(await parseStudentsCsv(text)).toEqual({ error: message });
  });
});

/** The fake server: NEW… rows are created, OLD… unchanged, MOV… updated, anything else an error. */
function fakeImport(body: StudentImportInput) {
  const results: ImportRowResult[] = body.rows.map((row) => {
    const outcome: ImportOutcome = row.enrollment!.startsWith('NEW')
      ? 'create'
      : row.enrollment!.startsWith('OLD')
        ? 'unchanged'
        : row.enrollment!.startsWith('MOV')
          ? 'update'
          : 'error';
    const message = outcome === 'error' ? `Batch "${row.batch}" does not exist in Division 1` : body.dryRun ? 'Will be added' : 'Added';
    return { row: row.row!, outcome, message, studentId: outcome === 'create' && body.dryRun ? null : `id-${row.enrollment}` };
  });
  const counts = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const result of results) counts[result.outcome] += 1;
  return { data: { dryRun: body.dryRun ?? false, results, counts }, message: 'Preview' };
}

describe('import: sending in chunks', () => {
  it('sends at most the chunk size per call, reports progress, keeps duplicates here, and answers in file order', async () => {
    const api = mockApi({ 'POST /student/import': fakeImport });
    const rows = await rowsOf([HEADER, ...Array.from({ length: 7 }, (_, at) => line(`NEW${at}`)), line('DUP1'), line('dup1')].join('\n'));
    const progress: number[] = [];
    const run = await runImport(rows, { dryRun: true, createMissing: true }, (done) => progress.push(done), 3);
    const sent = api.callsTo('POST', '/student/import').map((call) => call.body as StudentImportInput);
    expect(sent.map((body) => body.rows.map((row) => row.enrollment))).toEqual([
      ['NEW0', 'NEW1', 'NEW2'],
      ['NEW3', 'NEW4', 'NEW5'],
      ['NEW6'],
    ]);
    expect(sent.every((body) => body.dryRun === true && body.createMissing === true)).toBe(true);
    expect(progress).toEqual([2, 5, 8, 9]);
    expect(run.results.map((result) => result.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(run.results.slice(-2).map((result) => result.message)).toEqual([
      'Enrollment DUP1 appears more than once in the file',
      'Enrollment dup1 appears more than once in the file',
    ]);
    expect(run.counts).toEqual({ create: 7, update: 0, unchanged: 0, error: 2 });
  });

  it('keeps each body under the server’s limit: 500 rows of long Devanagari names go in several chunks (issue 29, finding 15)', async () => {
    const bodyBytes = (body: unknown) => new TextEncoder().encode(JSON.stringify(body)).length;
    // As the server does (functions/lib/http/request-guards.ts): a body over MAX_BODY_BYTES is refused with 413.
    const api = mockApi({
      'POST /student/import': (body) =>
        bodyBytes(body) > MAX_BODY_BYTES ? { status: 413, message: 'Request body is too large (256 KB at most)' } : fakeImport(body),
    });
    const name = (at: number) => `${'क्षत्रिय'.repeat(24)} ${at}`;
    const rows = await rowsOf(
      [HEADER, ...Array.from({ length: 500 }, (_, at) => `NEW${at},${name(at)},new${at}@college.test,Semester 3,Division 1,Batch 1A`)].join(
        '\n',
      ),
    );
    expect(bodyBytes({ rows, dryRun: true, createMissing: false })).toBeGreaterThan(MAX_BODY_BYTES);

    const run = await runImport(rows, { dryRun: true, createMissing: false }, () => {});
    const sent = api.callsTo('POST', '/student/import').map((call) => call.body as StudentImportInput);
    expect(sent.length).toBeGreaterThan(1);
    for (const body of sent) expect(bodyBytes(body)).toBeLessThanOrEqual(IMPORT_BODY_BUDGET);
    expect(IMPORT_BODY_BUDGET).toBeLessThan(MAX_BODY_BYTES);
    expect(sent.flatMap((body) => body.rows.map((row) => row.enrollment))).toEqual(rows.map((row) => row.enrollment));
    expect(run.counts).toEqual({ create: 500, update: 0, unchanged: 0, error: 0 });
  });

  it('keeps a row too large to send even alone as an error here, and sends the others', async () => {
    const api = mockApi({ 'POST /student/import': fakeImport });
    const rows = await rowsOf(
      [HEADER, line('NEW1'), `NEW2,${'x'.repeat(MAX_BODY_BYTES)},a@college.test,Semester 3,Division 1,Batch 1A`].join('\n'),
    );
    const run = await runImport(rows, { dryRun: true, createMissing: false }, () => {});
    expect(api.callsTo('POST', '/student/import').map((call) => (call.body as StudentImportInput).rows.map((row) => row.row))).toEqual([
      [2],
    ]);
    expect(run.results.map((result) => [result.row, result.message])).toEqual([
      [2, 'Will be added'],
      [3, IMPORT_MESSAGES.rowTooLarge],
    ]);
  });

  it('stops at a chunk that fails, saying why', async () => {
    mockApi({ 'POST /student/import': { status: 413, message: 'Request body is too large (256 KB at most)' } });
    const rows = await rowsOf([HEADER, line('NEW1')].join('\n'));
    await expect(runImport(rows, { dryRun: false, createMissing: false }, () => {})).rejects.toThrow('Request body is too large');
  });

  it('writes the error rows as CSV with the file columns, the row and the error, formulas defused', async () => {
    const rows: FileRow[] = [
      { row: 2, enrollment: 'NEW1', name: 'A', email: 'a@college.test', semester: 'Semester 3', division: 'Division 1', batch: 'Batch 1A' },
      {
        row: 3,
        enrollment: 'BAD1',
        name: '=HYPERLINK("x")',
        email: 'b@college.test',
        semester: 'Semester 3',
        division: 'Division 1',
        batch: 'Batch 9',
      },
    ];
    const csv = errorRowsCsv(rows, [
      { row: 2, outcome: 'create', message: 'Added', studentId: 'x' },
      { row: 3, outcome: 'error', message: 'Batch "Batch 9" does not exist in Division 1', studentId: null },
    ]);
    expect(csv).toBe(
      '\uFEFFenrollment,name,email,semester,division,batch,row,error\r\n' +
        'BAD1,"\'=HYPERLINK(""x"")",b@college.test,Semester 3,Division 1,Batch 9,3,"Batch ""Batch 9"" does not exist in Division 1"\r\n',
    );
    // The exported file reads back as the same rows (a round trip), but for the defused formula.
    expect((await rowsOf(csv))[0]).toMatchObject({ enrollment: 'BAD1', name: '\'=HYPERLINK("x")', batch: 'Batch 9' });
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx'])('defuses a cell starting like a formula: %j', (value) => {
    expect(csvField(value).replace(/^"/, '')).toMatch(/^'/);
  });
});

describe('import screen', () => {
  const FILE = [HEADER, line('NEW1'), line('OLD1'), line('MOV1', 'Batch 1B'), line('BAD1', 'Batch 9Z')].join('\r\n');
  /** Chooses the file once the field takes one (when the terms have come). */
  const choose = async (app: Awaited<ReturnType<typeof openAdmin>>['app'], file: File) => {
    const field = main().getByLabelText('CSV file');
    await waitFor(() => expect(field).toBeEnabled());
    await app.user.upload(field, file);
  };

  it('previews every row from a dry run, imports, summarises, and downloads the error rows', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:errors';
    });
    const { app, api } = await openAdmin('/dashboard/import', 'Import students', { 'POST /student/import': fakeImport });
    await choose(app, new File([FILE], 'students.csv', { type: 'text/csv' }));

    const table = await main().findByRole('table', { name: 'Preview of students.csv' });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(cells.map(([row, enrollment, , , outcome]) => [row, enrollment, outcome])).toEqual([
      ['2', 'NEW1', 'create'],
      ['3', 'OLD1', 'unchanged'],
      ['4', 'MOV1', 'update'],
      ['5', 'BAD1', 'error'],
    ]);
    expect(cells[3]![5]).toBe('Batch "Batch 9Z" does not exist in Division 1');
    const previews = api.callsTo('POST', '/student/import');
    expect(previews).toHaveLength(1);
    expect(previews[0]!.body).toMatchObject({ dryRun: true, createMissing: false });

    // The option re-runs the preview with createMissing.
    await app.user.click(main().getByLabelText('Create missing divisions and batches'));
    await waitFor(() => expect(api.callsTo('POST', '/student/import')).toHaveLength(2));
    expect(api.callsTo('POST', '/student/import')[1]!.body).toMatchObject({ dryRun: true, createMissing: true });

    await app.user.click(await main().findByRole('button', { name: 'Import 2 students' }));
    await main().findByRole('table', { name: 'Import summary of students.csv' });
    expect(api.callsTo('POST', '/student/import')[2]!.body).toMatchObject({ dryRun: false, createMissing: true });
    const counts = within(main().getByLabelText('Counts'));
    expect(counts.getByText('Created').nextSibling).toHaveTextContent('1');
    expect(counts.getByText('Updated').nextSibling).toHaveTextContent('1');
    expect(counts.getByText('Unchanged').nextSibling).toHaveTextContent('1');
    expect(counts.getByText('Errors').nextSibling).toHaveTextContent('1');
    expect(screen.getByText('Import: 1 added, 1 changed, 1 unchanged, 1 with errors')).toBeVisible();

    await app.user.click(main().getByRole('button', { name: 'Download error rows (CSV)' }));
    expect(await blobs[0]!.text()).toContain('BAD1,Student BAD1,bad1@college.test,Semester 3,Division 1,Batch 9Z,5,');
  });

  it('shows progress while a chunk is on its way', async () => {
    let release: () => void = () => {};
    const { app } = await openAdmin('/dashboard/import', 'Import students', {
      'POST /student/import': (body: StudentImportInput) =>
        new Promise((resolve) => {
          release = () => resolve(fakeImport(body));
        }),
    });
    await choose(app, new File([FILE], 'students.csv', { type: 'text/csv' }));
    const bar = await screen.findByRole('progressbar');
    expect(bar).toHaveAttribute('max', '4');
    expect(screen.getByRole('status')).toHaveTextContent('Checking rows');
    release();
    await main().findByRole('table', { name: 'Preview of students.csv' });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says what is wrong with a file it cannot import, and sends nothing', async () => {
    const { app, api } = await openAdmin('/dashboard/import', 'Import students', { 'POST /student/import': fakeImport });
    await choose(app, new File(['name,email\nA,a@b.c'], 'wrong.csv', { type: 'text/csv' }));
    expect(await screen.findByText(/The file has no column enrollment, semester, division, batch/)).toBeVisible();
    expect(api.callsTo('POST', '/student/import')).toHaveLength(0);
  });

  it('takes a file only once the terms have come, so the rows are checked in a term', async () => {
    let release: () => void = () => {};
    const { app, api } = await openAdmin('/dashboard/import', 'Import students', {
      'GET /term': () =>
        new Promise((resolve) => {
          release = () => resolve({ data: [EVEN, ODD] });
        }),
      'POST /student/import': fakeImport,
    });
    const field = main().getByLabelText('CSV file');
    expect(field).toBeDisabled();
    release();
    await choose(app, new File([FILE], 'students.csv', { type: 'text/csv' }));
    await main().findByRole('table', { name: 'Preview of students.csv' });
    expect(api.callsTo('POST', '/student/import')[0]!.body).toMatchObject({ dryRun: true });
    expect(screen.queryByText('Please select a term')).toBeNull();
  });

  it('is linked from the Student screen', async () => {
    await openAdmin('/dashboard/student', 'Student');
    expect(main().getByRole('link', { name: 'Import students (CSV)' })).toHaveAttribute('href', '/dashboard/import');
  });
});
