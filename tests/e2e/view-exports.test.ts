import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { A, C, COURSE, fillForm, SLOT, submit, useViewAttendance } from './support/view-attendance';
import { pdfChunk, useDownloads } from './support/downloads';

/*
 * View Attendance's downloads in Chromium (360 px, the strict CSP) against the real local stack:
 * Division 1's counts by status and percentages over days A–C as a PDF (jsPDF loaded only then; read back with pdftotext)
 * and as a CSV.
 */

const { t, student } = useViewAttendance();
const { scriptsLoaded, download } = useDownloads(
  () => t.page,
  () => t.page.locator('body'),
);

describe('e2e view attendance downloads: Division 1 over A–C', () => {
  it('shows the percentages with both downloads, without loading jsPDF yet', async () => {
    await fillForm(t.page, { slot: SLOT, kind: 'Lecture', group: 'Division 1', date: A, enddate: C });
    await submit(t.page, 'Get Percentage');
    await t.page.getByText('28 students below 75%').waitFor();
    for (const name of ['Download PDF', 'Download CSV']) expect(await t.page.getByRole('button', { name }).isEnabled()).toBe(true);
    expect(scriptsLoaded).not.toContain(pdfChunk());
  });

  it('downloads the PDF (jsPDF loaded only then): the header line and every row, read back with pdftotext', async () => {
    const chunk = pdfChunk();
    expect(scriptsLoaded).not.toContain(chunk);
    const pdf = await download('Download PDF');
    expect(scriptsLoaded).toContain(chunk);
    expect(pdf.name).toBe(`${A} to ${C} ${COURSE}.pdf`);
    expect(readFileSync(pdf.path).subarray(0, 5).toString()).toBe('%PDF-');

    const text = execFileSync('pdftotext', ['-layout', pdf.path, '-'], { encoding: 'utf8' });
    const lines = text.split('\n').map((line) => line.trim().replace(/\s+/g, ' '));
    expect(lines.filter(Boolean)[0]).toBe(`From ${A} To ${C} | Lecture | ${COURSE} | ${SLOT} | Division 1`);
    expect(lines).toContain('Name Enrollment Present Late Absent Excused Percentage');
    for (const [enrollment, totals, percentage] of [
      ['25CE001', '3 0 0 0', '100%'],
      ['25CE002', '3 0 0 0', '100%'],
      ['25CE003', '2 0 1 0', '67%'],
      ['25CE004', '1 0 2 0', '33%'],
      ['25CE017', '0 0 3 0', '0%'],
      ['25CE030', '0 0 3 0', '0%'],
    ] as const) {
      expect(lines).toContain(`${student(enrollment).name} ${enrollment} ${totals} ${percentage}`);
    }
    expect(lines.filter((line) => /^.+ 25CE\d{3} (\d+ ){4}\d+%$/.test(line))).toHaveLength(30);
    // To look at it by eye (pdftoppm -png renders its pages).
    if (process.env.E2E_SCREENSHOTS) mkdirSync(process.env.E2E_SCREENSHOTS, { recursive: true });
    if (process.env.E2E_SCREENSHOTS) copyFileSync(pdf.path, join(process.env.E2E_SCREENSHOTS, 'view-attendance.pdf'));
  });

  it('downloads the CSV: the same rows, UTF-8, quoted where needed', async () => {
    const csv = await download('Download CSV');
    expect(csv.name).toBe(`${A} to ${C} ${COURSE}.csv`);
    const bytes = readFileSync(csv.path);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, 5)).toEqual([
      'Name,Enrollment,Present,Late,Absent,Excused,Percentage',
      `${student('25CE001').name},25CE001,3,0,0,0,100%`,
      `${student('25CE002').name},25CE002,3,0,0,0,100%`,
      `${student('25CE003').name},25CE003,2,0,1,0,67%`,
      `${student('25CE004').name},25CE004,1,0,2,0,33%`,
    ]);
    expect(lines).toHaveLength(32);
  });

  it('ran all of the above under the strict CSP without a console error', () => {
    expect(t.consoleErrors).toEqual([]);
  });
});
