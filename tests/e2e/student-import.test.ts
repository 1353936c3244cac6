import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, brokenWords } from './support/browser';
import { useE2e } from './support/use-e2e';

/*
 * Import students in Chromium against the real local stack and the demo college: upload a file
 * with good and bad rows, see the preview, import, see the summary, import again (all unchanged);
 * the sample file of docs/ imports cleanly; export a batch and read the CSV back.
 */
const t = useE2e({ account: ADMIN });
const { main, open } = t;
const downloads = mkdtempSync(join(tmpdir(), 'sams-import-'));
afterAll(() => rmSync(downloads, { recursive: true, force: true }));

const FILE = [
  '\uFEFFName;Enrollment;Email;Semester;Division;Batch',
  '"Joshi; Tara";25CE901;tara.joshi@college.test;Semester 3;Division 1;Batch 1A',
  'Vikram Rao;25CE902;vikram.rao@college.test;semester 3;division 2;batch 2b',
  'No Email;25CE903;;Semester 3;Division 1;Batch 1A',
  'Nowhere;25CE904;nowhere@college.test;Semester 3;Division 1;Batch 9Z',
].join('\r\n');

const outcomes = async (caption: string) => {
  const table = main().getByRole('table', { name: caption });
  await table.waitFor();
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const cells = [...row.querySelectorAll('td')].map((cell) => cell.textContent);
      return [cells[1], cells[4]];
    }),
  );
};
/** Chooses the file once the field takes one (it waits for the terms). */
const upload = async (name: string, text: string) => {
  await main().locator('input[type="file"]:enabled').waitFor();
  await main()
    .getByLabel('CSV file')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
};

describe('e2e admin: import students', () => {
  it('previews good and bad rows, imports, summarises, and a second import changes nothing', async () => {
    await open('/dashboard/student', 'Student');
    await main().getByRole('link', { name: 'Import students (CSV)' }).click();
    await main().getByRole('heading', { level: 1, name: 'Import students' }).waitFor();

    await upload('students.csv', FILE);
    expect(await outcomes('Preview of students.csv')).toEqual([
      ['25CE901', 'create'],
      ['25CE902', 'create'],
      ['25CE903', 'error'],
      ['25CE904', 'error'],
    ]);
    await main().getByText('Batch "Batch 9Z" does not exist in Division 1').waitFor();
    await main().getByRole('button', { name: 'Import 2 students' }).click();
    expect(await outcomes('Import summary of students.csv')).toEqual([
      ['25CE901', 'create'],
      ['25CE902', 'create'],
      ['25CE903', 'error'],
      ['25CE904', 'error'],
    ]);
    await main().getByText('Import: 2 added, 0 changed, 0 unchanged, 2 with errors').waitFor();

    await main().getByRole('button', { name: 'Import again' }).click();
    await main().getByText('Import: 0 added, 0 changed, 2 unchanged, 2 with errors').waitFor();
    expect(await outcomes('Import summary of students.csv')).toEqual([
      ['25CE901', 'unchanged'],
      ['25CE902', 'unchanged'],
      ['25CE903', 'error'],
      ['25CE904', 'error'],
    ]);
  });

  it('imports the sample file of docs/ into the demo college without an error', async () => {
    await open('/dashboard/import', 'Import students');
    const sample = readFileSync(join(import.meta.dirname, '../../docs/sample-students.csv'), 'utf8');
    await upload('sample-students.csv', sample);
    const preview = await outcomes('Preview of sample-students.csv');
    expect(preview.map(([, outcome]) => outcome)).toEqual(Array(12).fill('create'));
    expect(await brokenWords(t.page)).toEqual([]);
    await main().getByRole('button', { name: 'Import 12 students' }).click();
    await main().getByText('Import: 12 added, 0 changed, 0 unchanged, 0 with errors').waitFor();
  });

  it('exports a batch as CSV with the import columns, which reads back as an unchanged import', async () => {
    await open('/dashboard/student', 'Student');
    await expect
      .poll(() =>
        main()
          .getByLabel('Batch', { exact: true })
          .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text),
      )
      .toBe('Batch 1A');
    const [file] = await Promise.all([t.page.waitForEvent('download'), main().getByRole('button', { name: 'Export batch (CSV)' }).click()]);
    expect(file.suggestedFilename()).toBe('Students of Batch 1A.csv');
    const path = join(downloads, file.suggestedFilename());
    await file.saveAs(path);
    const lines = readFileSync(path, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'enrollment,name,email,semester,division,batch,' +
        'guardian1_name,guardian1_relation,guardian1_email,guardian1_phone,guardian2_name,guardian2_relation,guardian2_email,guardian2_phone',
    );
    expect(lines).toContain('25CE901,Joshi; Tara,tara.joshi@college.test,Semester 3,Division 1,Batch 1A,,,,,,,,');
    // The sample's guardians, a phone's + kept from a spreadsheet's formulas by a leading '.
    expect(lines).toContain(
      '25CE101,Aditi Kulkarni,aditi.kulkarni.25ce101@students.sams.local,Semester 3,Division 1,Batch 1A,' +
        "Sunita Kulkarni,Mother,sunita.kulkarni@example.com,'+91 98200 11001,Prakash Kulkarni,Father,,'+91 98200 11002",
    );
    expect(lines.length).toBe(1 + 15 + 3); // the 15 demo students, 25CE901, and the sample's 25CE101 and 25CE107

    await open('/dashboard/import', 'Import students');
    await upload('batch.csv', readFileSync(path, 'utf8'));
    const preview = await outcomes('Preview of batch.csv');
    expect(preview).toHaveLength(18);
    expect(new Set(preview.map(([, outcome]) => outcome))).toEqual(new Set(['unchanged']));
  });
});
