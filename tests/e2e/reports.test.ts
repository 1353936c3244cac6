import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collegeToday } from '@tests/support/college-time';
import { expectAccessible } from './support/axe';
import { brokenWords, withinWidth, DESKTOP, FACULTY, screenshot, scrollsSideways } from './support/browser';
import { A, B, C, LAB_SLOT, SLOT, tableRows, useViewAttendance } from './support/view-attendance';
import { pdfChunk, useDownloads } from './support/downloads';
import { pdfLines } from '@tests/support/pdf';

/*
 * Reports (docs/product.md §2.12) in Chromium on a 360 px phone, under the strict CSP, against the real
 * local stack: the sessions of support/view-attendance.ts (Data Structures lectures for Division 1 on days
 * A–C with fewer students each time, one for Division 2 on A, a lab for Batch 1A on A), then Semester 3's
 * defaulter list as the demo faculty member: highlighted, sorted, downloaded as CSV and PDF (read back);
 * a student's record with its chart and sessions; axe-core on both screens.
 */

const { t, student } = useViewAttendance();
const { scriptsLoaded, download } = useDownloads(
  () => t.page,
  () => t.main(),
);

/** The row of a student in the list's table, found by its enrollment cell. */
const listRow = (enrollment: string) =>
  t
    .main()
    .getByRole('row')
    .filter({ has: t.page.getByRole('cell', { name: enrollment, exact: true }) });
/** Whether a box is wider inside than it shows (it scrolls sideways). */
const scrollsInside = (box: Locator) => box.evaluate((node) => node.scrollWidth > node.clientWidth);

const HEADER = ['Enrollment', 'Name', 'Division / Batch', 'Data Structures (Lecture)', 'Data Structures (Lab)', 'Overall'];

describe('e2e reports: the defaulter list and a record, on a phone', () => {
  it('opens Reports from the menu and lists Semester 3: every student, those under 75% highlighted in words', async () => {
    await t.page.goto('/');
    await t.page.getByRole('button', { name: 'Menu' }).click();
    await t.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
    await t.page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    // The threshold starts at the college's.
    await expect.poll(() => t.field('Threshold (%)').inputValue()).toBe('75');

    await t.field('Semester').locator('option', { hasText: 'Semester 3' }).waitFor({ state: 'attached' });
    await t.field('Semester').selectOption({ label: 'Semester 3' });
    await t.button('Show list').click();
    await t.main().getByRole('table').waitFor();
    expect(new URL(t.page.url()).search).toMatch(/^\?semid=[^&]+&threshold=75$/);

    const rows = await tableRows(t.page);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(61);
    const byEnrollment = (enrollment: string) => rows.find((row) => row[0] === enrollment);
    expect(byEnrollment('25CE001')).toEqual([
      '25CE001',
      student('25CE001').name,
      'Division 1 / Batch 1A',
      '100.0% 3 of 3',
      '100.0% 1 of 1',
      '100.0%',
    ]);
    expect(byEnrollment('25CE003')).toEqual([
      '25CE003',
      `${student('25CE003').name} Below 75%`,
      'Division 1 / Batch 1A',
      '66.7% 2 of 3 needs 1 more',
      '0.0% 0 of 1 needs 3 more',
      '50.0%',
    ]);
    expect(byEnrollment('25CE031')).toEqual([
      '25CE031',
      student('25CE031').name,
      'Division 2 / Batch 2A',
      '100.0% 1 of 1',
      'no sessions',
      '100.0%',
    ]);
    await t.main().getByText('58 of 60 students below 75%').waitFor();

    // Highlighted by a tint and a word, not the colour alone.
    const below = listRow('25CE003');
    const fine = listRow('25CE001');
    expect(await below.getByText(/^Below/).isVisible()).toBe(true);
    expect(await fine.getByText(/^Below/).count()).toBe(0);
    const tint = (row: Locator) => row.evaluate((node) => getComputedStyle(node).backgroundColor);
    expect(await tint(below)).toBe('rgb(253, 236, 234)');
    expect(await tint(below)).not.toBe(await tint(fine));

    // The table scrolls in its own box; the page never scrolls sideways.
    expect(await scrollsInside(t.main().getByRole('region', { name: /^Defaulter list, / }))).toBe(true);
    expect(await scrollsSideways(t.page)).toBe(false);
    expect(await brokenWords(t.page)).toEqual([]);
    // Each student's overall standing is in view beside the enrollment, the other columns scrolling under it.
    const firstRow = t
      .main()
      .getByRole('region', { name: /^Defaulter list, / })
      .locator('tbody tr')
      .first();
    expect(await withinWidth(firstRow.locator('td').first())).toBe(true);
    expect(await withinWidth(firstRow.locator('td').last())).toBe(true);
    await t.main().getByRole('checkbox', { name: 'Only students below 75%' }).scrollIntoViewIfNeeded();
    await screenshot(t.page, 'reports-1-list-360');
  });

  it('sorts by the overall percentage, highest first on a second press (aria-sort follows)', async () => {
    const overall = t.main().getByRole('columnheader', { name: /Overall/ });
    await t.button('Overall').click();
    // The sort goes through the address: wait for the table to follow.
    await expect.poll(() => overall.getAttribute('aria-sort')).toBe('ascending');
    expect((await tableRows(t.page))[1]!.at(-1)).toBe('0.0%');
    await t.button('Overall').click();
    await expect.poll(() => overall.getAttribute('aria-sort')).toBe('descending');
    const rows = await tableRows(t.page);
    expect(rows.slice(1, 4).map((row) => [row[0], row.at(-1)])).toEqual([
      ['25CE001', '100.0%'],
      ['25CE031', '100.0%'],
      ['25CE002', '75.0%'],
    ]);
    expect(
      await t
        .main()
        .getByRole('columnheader', { name: /Enrollment/ })
        .getAttribute('aria-sort'),
    ).toBeNull();
    expect(await scrollsSideways(t.page)).toBe(false);
    await t
      .main()
      .getByRole('region', { name: /^Defaulter list, / })
      .evaluate((node) => node.scrollTo({ left: 400 }));
    await screenshot(t.page, 'reports-2-sorted-360');
  });

  it('downloads the CSV in the order shown, read back', async () => {
    const csv = await download('Download CSV');
    expect(csv.name).toBe('Semester 3 defaulters below 75%.csv');
    const bytes = readFileSync(csv.path);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines).toHaveLength(62);
    expect(lines.slice(0, 3)).toEqual([
      'Enrollment,Name,Division,Batch,Data Structures (Lecture),Data Structures (Lab),Overall,Below 75%,On leave',
      `25CE001,${student('25CE001').name},Division 1,Batch 1A,100.0% (3 of 3),100.0% (1 of 1),100.0%,No,0`,
      `25CE031,${student('25CE031').name},Division 2,Batch 2A,100.0% (1 of 1),,100.0%,No,0`,
    ]);
    expect(lines).toContain(
      `25CE003,${student('25CE003').name},Division 1,Batch 1A,"66.7% (2 of 3), needs 1 more","0.0% (0 of 1), needs 3 more",50.0%,Yes,0`,
    );
  });

  it('downloads the PDF (the PDF module loaded only then), read back with pdftotext', async () => {
    expect(scriptsLoaded).not.toContain(pdfChunk());
    const pdf = await download('Download PDF');
    expect(scriptsLoaded).toContain(pdfChunk());
    expect(pdf.name).toBe('Semester 3 defaulters below 75%.pdf');
    expect(readFileSync(pdf.path).subarray(0, 5).toString()).toBe('%PDF-');
    const lines = pdfLines(pdf.path);
    expect(lines[0]).toBe(`Defaulter list | Semester 3 | Threshold 75% | ${collegeToday()}`);
    const text = lines.join('\n');
    for (const enrollment of ['25CE001', '25CE003', '25CE031', '25CE060']) expect(text).toContain(enrollment);
    // The first rows, in the order shown: the name and group on the row's first line.
    const first = lines.findIndex((line) => line.startsWith('25CE001 '));
    expect(lines[first]).toMatch(new RegExp(`^25CE001 ${student('25CE001').name} Division Batch 1.* 100\\.0% No$`));
    expect(lines.findIndex((line) => line.startsWith('25CE031 '))).toBeGreaterThan(first);
    expect(text).toContain('100.0% (3 of 3)');
    expect(execFileSync('pdfinfo', [pdf.path], { encoding: 'utf8' })).toMatch(/Subject:\s+Defaulter list/);
    if (process.env.E2E_SCREENSHOTS) {
      mkdirSync(process.env.E2E_SCREENSHOTS, { recursive: true });
      copyFileSync(pdf.path, join(process.env.E2E_SCREENSHOTS, 'reports-defaulters.pdf'));
    }
  });

  it("opens a student's record: who, the standing, the chart (a line per course and kind) and the sessions newest first", async () => {
    const { name } = student('25CE003');
    await t.main().getByRole('link', { name, exact: true }).click();
    await t.page.getByRole('heading', { level: 1, name: "Student's record" }).waitFor();
    await t.main().getByRole('heading', { level: 2, name: 'Sessions' }).waitFor();
    expect(await t.main().getByRole('region', { name: 'Student' }).innerText()).toContain(name);

    const chart = t.main().getByRole('img', { name: /^Attendance over time/ });
    expect(await chart.isVisible()).toBe(true);
    expect(await chart.getAttribute('aria-label')).toBe(
      `Attendance over time. Data Structures (Lecture): 66.7% on ${C}; Data Structures (Lab): 0.0% on ${A}.`,
    );
    const points = await chart.evaluate((svg) =>
      [...svg.querySelectorAll('[data-series]')].map((line) => [
        line.getAttribute('data-series'),
        [...line.querySelectorAll('[data-point]')].map((point) => point.getAttribute('data-point')),
      ]),
    );
    expect(points).toEqual([
      ['Data Structures (Lecture)', [A, B, C]],
      ['Data Structures (Lab)', [A]],
    ]);
    const box = (await chart.boundingBox())!;
    expect(box.width).toBeGreaterThan(250);
    expect(box.height).toBeGreaterThan(120);

    const sessions = t.main().getByRole('table', { name: /^Sessions of/ });
    const rows = await sessions.evaluate((table) =>
      [...table.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)),
    );
    expect(rows).toEqual([
      [C, 'Data Structures', 'Lecture', SLOT, 'Absent'],
      [B, 'Data Structures', 'Lecture', SLOT, 'Present'],
      [A, 'Data Structures', 'Lab', LAB_SLOT, 'Absent'],
      [A, 'Data Structures', 'Lecture', SLOT, 'Present'],
    ]);
    expect(await scrollsSideways(t.page)).toBe(false);
    // Names and kinds stay whole words in the standing and the sessions (the row grows, the word does not break).
    expect(await brokenWords(t.page)).toEqual([]);
    await screenshot(t.page, 'reports-3-record-360');
    await chart.scrollIntoViewIfNeeded();
    await screenshot(t.page, 'reports-4-chart-360');

    // The chart's table, one press away.
    await t.main().getByText('The chart as a table').click();
    await t.main().getByRole('table', { name: 'Cumulative attendance by date' }).waitFor();
    expect(await scrollsSideways(t.page)).toBe(false);
    await t.main().getByRole('table', { name: 'Cumulative attendance by date' }).scrollIntoViewIfNeeded();
    await screenshot(t.page, 'reports-5-chart-table-360');
  });

  it("downloads the record's PDF: the standing per course and kind and overall, then the sessions (pdftotext)", async () => {
    const pdf = await download('Download PDF');
    expect(pdf.name).toBe(`25CE003 ${student('25CE003').name} record.pdf`);
    const lines = pdfLines(pdf.path);
    const standing = lines.indexOf('Course Percentage Attended Classes needed');
    const sessions = lines.indexOf('Date Course Kind Slot Status');
    expect(standing).toBeGreaterThan(0);
    expect(sessions).toBeGreaterThan(standing);
    expect(lines.slice(standing + 1, sessions)).toEqual([
      'Data Structures (Lecture) 66.7% 2 of 3 needs 1 more',
      'Data Structures (Lab) 0.0% 0 of 1 needs 3 more',
      'Overall 50.0% 2 of 4',
    ]);
    expect(lines.slice(sessions + 1)).toContain(`${C} Data Structures Lecture ${SLOT} Absent`);
  });

  it('reads a range of the record, and goes back to the list as it was', async () => {
    await t.field('From (optional)').fill(B);
    await t.field('To (optional)').fill(C);
    await t.button('Show record').click();
    await expect.poll(() => t.main().getByText('2 sessions, newest first').count()).toBe(1);
    await t.main().getByRole('link', { name: '‹ Back to the defaulter list' }).click();
    await t.page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await t.main().getByRole('table').waitFor();
    expect(
      await t
        .main()
        .getByRole('columnheader', { name: /Overall/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');
    expect((await tableRows(t.page))[1]![0]).toBe('25CE001');
  });

  it('looks right on a desktop too (screenshots only)', async () => {
    const page = t.watch(await t.e2e.signedInPage(FACULTY, { viewport: DESKTOP }));
    await page.goto(`/reports${new URL(t.page.url()).search}`);
    await page.getByRole('table').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await withinWidth(page.getByRole('columnheader', { name: /Overall/ }))).toBe(true);
    await screenshot(page, 'reports-6-list-1280');
    await page.getByRole('link', { name: student('25CE002').name, exact: true }).click();
    await page.getByRole('img', { name: /^Attendance over time/ }).waitFor();
    await screenshot(page, 'reports-7-record-1280');
    await page.context().close();
  });

  it('axe-core finds no serious or critical violation on the list and the record', async () => {
    const screen = await t.axeScreen(FACULTY);
    const page = screen.page;
    await page.goto(`/reports${new URL(t.page.url()).search}`);
    await page.getByRole('table').waitFor();
    await expectAccessible(page, 'reports list');
    await page.getByRole('button', { name: 'Show list' }).click();
    await page.getByLabel('Threshold (%)', { exact: true }).fill('200');
    await page.getByRole('button', { name: 'Show list' }).click();
    await page.getByText('The threshold must be a percentage from 0 to 100').waitFor();
    await expectAccessible(page, 'reports list with an error');
    await page.getByRole('link', { name: student('25CE003').name, exact: true }).click();
    await page.getByRole('img', { name: /^Attendance over time/ }).waitFor();
    await page.getByText('The chart as a table').click();
    await expectAccessible(page, 'student record');
    await page.context().close();
  });

  it('ran all of the above under the strict CSP without a console error', () => {
    expect(t.consoleErrors).toEqual([]);
  });
});
