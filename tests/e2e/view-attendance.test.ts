import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayUtc } from '@shared/dates';
import type { Course, Division, Batch, DivisionStudentEntry, Semester, Slot, Student, Term } from '@shared/schemas/structure';
import { WEB_DIST } from '@infra/local/web-build';
import { DESKTOP, FACULTY, PHONE, screenshot, scrollsSideways, seriousAxeViolations, startE2e, type E2e } from './support/browser';

/*
 * View attendance in Chromium against the real local stack: sessions are marked through the API,
 * then viewed by date and as percentages, and downloaded as PDF (read back with pdftotext) and CSV.
 */

const NOT_FOUND = 'Attendance data not found!!!';
const COURSE = 'Data Structures';
const SLOT = '11:15 - 12:15';
const LAB_SLOT = '14:00 - 15:00';

/** A day `days` before today (UTC), as YYYY-MM-DD. */
const daysAgo = (days: number) => todayUtc(new Date(Date.now() - days * 86_400_000));
const A = daysAgo(9);
const B = daysAgo(8);
const C = daysAgo(7);
const NO_SESSION = daysAgo(20);

let e2e: E2e;
let page: Page;
let downloads: string;
/** Every console error and uncaught error of the CSP-enforcing page. */
const consoleErrors: string[] = [];
/** Every script the CSP-enforcing page loaded, by file name. */
const scriptsLoaded: string[] = [];

interface Person {
  _id: string;
  name: string;
  enrollment: string;
}
/** Division 1's 30 students (25CE001–25CE030) and Division 2's (25CE031–25CE060), by enrollment. */
let div1: Person[] = [];
let div2: Person[] = [];
const student = (enrollment: string) => [...div1, ...div2].find((person) => person.enrollment === enrollment)!;

async function getData<T>(path: string): Promise<T> {
  const response = await page.request.get(`/api/v1${path}`);
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

const byName = <T extends { name: string }>(list: T[], name: string): T => {
  const found = list.find((item) => item.name === name);
  if (!found) throw new Error(`${name} not found in ${list.map((item) => item.name).join(', ')}`);
  return found;
};

/** The file of web/dist that holds jsPDF (the lazy chunk). */
function pdfChunk(): string {
  const assets = join(WEB_DIST, 'assets');
  const chunk = readdirSync(assets).find((file) => file.endsWith('.js') && readFileSync(join(assets, file), 'utf8').includes('jsPDF'));
  if (!chunk) throw new Error('no chunk of web/dist holds jsPDF');
  return chunk;
}

beforeAll(async () => {
  e2e = await startE2e();
  page = await e2e.signedInPage(FACULTY); // 360 × 740, a phone, the CSP enforced
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scriptsLoaded.push(new URL(request.url()).pathname.split('/').pop()!);
  });
  downloads = mkdtempSync(join(tmpdir(), 'sams-view-'));

  // Arrange: Data Structures lectures at 11:15 for Division 1 on days A, B and C with fewer students
  // each time, one for Division 2 on day A, and a lab for Batch 1A on day A.
  const term = (await getData<Term[]>('/term/active'))[0]!;
  const semester = byName(await getData<Semester[]>(`/semester/${term._id}`), 'Semester 3');
  const course = byName(await getData<Course[]>(`/course/${semester._id}`), COURSE);
  const slots = await getData<Slot[]>(`/slot/${term._id}`);
  const divisions = await getData<Division[]>(`/division/${semester._id}`);
  const students = async (division: Division) =>
    (await getData<DivisionStudentEntry[]>(`/student/division/${division._id}`))
      .map(({ batchStudents }) => batchStudents)
      .sort((a, b) => a.enrollment.localeCompare(b.enrollment));
  div1 = await students(byName(divisions, 'Division 1'));
  div2 = await students(byName(divisions, 'Division 2'));
  const batch1a = byName(await getData<Batch[]>(`/batch/${byName(divisions, 'Division 1')._id}`), 'Batch 1A');
  const batch1aStudents = await getData<Student[]>(`/student/${batch1a._id}`);

  const mark = async (date: string, slot: string, slotcount: 1 | 2, groupid: string, present: string[]) => {
    const response = await page.request.post('/api/v1/attendance', {
      data: {
        presentStudentData: present.map((enrollment) => student(enrollment)._id),
        date,
        slotid: byName(slots, slot)._id,
        slotcount,
        courseid: course._id,
        groupid,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  };
  const d1 = byName(divisions, 'Division 1')._id;
  await mark(A, SLOT, 1, d1, ['25CE001', '25CE002', '25CE003', '25CE004']);
  await mark(B, SLOT, 1, d1, ['25CE001', '25CE002', '25CE003']);
  await mark(C, SLOT, 1, d1, ['25CE001', '25CE002']);
  await mark(A, SLOT, 1, byName(divisions, 'Division 2')._id, ['25CE031']);
  expect(batch1aStudents.map((s) => s.enrollment)).toContain('25CE001');
  await mark(A, LAB_SLOT, 2, batch1a._id, ['25CE001']);
});

afterAll(async () => {
  await e2e?.stop();
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

const select = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Opens the screen and fills the form for Semester 3 / Data Structures. */
async function fillForm(page: Page, values: { slot: string; kind: 'Lecture' | 'Lab'; group?: string; date: string; enddate?: string }) {
  if (new URL(page.url()).pathname !== '/dashboard/viewattendance') {
    await page.goto('/dashboard/viewattendance');
    await page.getByRole('heading', { level: 1, name: 'View Attendance' }).waitFor();
  }
  await select(page, 'Semester').locator('option', { hasText: 'Semester 3' }).waitFor({ state: 'attached' });
  await select(page, 'Semester').selectOption({ label: 'Semester 3' });
  // The first course is preselected once the semester's courses load.
  await expect.poll(() => select(page, 'Course').locator('option:checked').textContent()).toBe(COURSE);
  await select(page, 'Slot').selectOption({ label: values.slot });
  await select(page, 'Slot count').selectOption({ label: values.kind });
  const group = page.getByLabel(values.kind === 'Lecture' ? 'Division (optional)' : 'Batch (optional)');
  if (values.group) {
    await group.locator('option', { hasText: values.group }).waitFor({ state: 'attached' });
    await group.selectOption({ label: values.group });
  } else {
    await group.selectOption({ value: '' });
  }
  await page.getByLabel('Start Date').fill(values.date);
  await page.getByLabel('End Date (optional)').fill(values.enddate ?? '');
}

/** The results table as rows of cell texts (header first), markers left out. */
async function tableRows(page: Page): Promise<string[][]> {
  const table = page.getByRole('table');
  await table.waitFor();
  return table.evaluate((element) =>
    [...element.querySelectorAll('tr')].map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => {
        const copy = cell.cloneNode(true) as Element;
        copy.querySelectorAll('[aria-hidden="true"], .visually-hidden').forEach((hidden) => hidden.remove());
        return copy.textContent!.trim();
      }),
    ),
  );
}

/** Presses a button and waits for the report of that query (a new table or the not-found notice). */
async function submit(page: Page, button: 'Get Attendance' | 'Get Percentage') {
  const heading = page.getByRole('heading', { level: 2, name: 'Present Students List' });
  await page.getByRole('button', { name: button }).click();
  await heading.waitFor();
  // The report takes focus when it arrives.
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Present Students List');
  await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
}

async function download(page: Page, button: 'Download PDF' | 'Download CSV') {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const path = join(downloads, file.suggestedFilename());
  await file.saveAs(path);
  return { name: file.suggestedFilename(), path };
}

const row = (enrollment: string, percentage?: string) => {
  const person = student(enrollment);
  return percentage === undefined ? [person.name, enrollment] : [person.name, enrollment, percentage];
};

describe('e2e view attendance: a faculty member on a phone', () => {
  it('views a date: the students present in every division, then in Division 1 only', async () => {
    await fillForm(page, { slot: SLOT, kind: 'Lecture', date: A });
    await submit(page, 'Get Attendance');
    expect(await tableRows(page)).toEqual([
      ['Name', 'Enrollment'],
      ...['25CE001', '25CE002', '25CE003', '25CE004', '25CE031'].map((e) => row(e)),
    ]);
    expect(await page.getByText('5 students present').count()).toBe(1);

    await fillForm(page, { slot: SLOT, kind: 'Lecture', group: 'Division 1', date: B });
    await submit(page, 'Get Attendance');
    expect(await tableRows(page)).toEqual([['Name', 'Enrollment'], row('25CE001'), row('25CE002'), row('25CE003')]);
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'view-1-by-date-360');
  });

  it(`a day without a session says '${NOT_FOUND}'`, async () => {
    await fillForm(page, { slot: SLOT, kind: 'Lecture', date: NO_SESSION });
    await submit(page, 'Get Attendance');
    await page.getByText(NOT_FOUND).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);

    await fillForm(page, { slot: SLOT, kind: 'Lecture', date: NO_SESSION, enddate: daysAgo(15) });
    await submit(page, 'Get Percentage');
    await page.getByText(NOT_FOUND).waitFor();
  });

  it('views percentages over A–C for Division 1: exact whole percentages, never-present students, the ones below 75% marked and counted', async () => {
    await fillForm(page, { slot: SLOT, kind: 'Lecture', group: 'Division 1', date: A, enddate: C });
    await submit(page, 'Get Percentage');
    const rows = await tableRows(page);
    expect(rows).toHaveLength(31); // the header and all 30 students of Division 1
    expect(rows.slice(0, 6)).toEqual([
      ['Name', 'Enrollment', 'Percentage'],
      row('25CE001', '100%'),
      row('25CE002', '100%'),
      row('25CE003', '67%'),
      row('25CE004', '33%'),
      row('25CE005', '0%'),
    ]);
    expect(rows.at(-1)).toEqual(row('25CE030', '0%'));
    await page.getByText(`From ${A} To ${C}`, { exact: true }).waitFor();
    await page.getByText('28 students below 75%').waitFor();
    expect(await page.locator('tr.row-below').count()).toBe(28);
    expect(
      await page
        .getByRole('row', { name: /25CE003/ })
        .getByText(', below 75%')
        .count(),
    ).toBe(1);

    // The threshold changes on the screen, with the keyboard.
    const threshold = page.getByLabel('Highlight below (%)');
    await threshold.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('50');
    await page.getByText('27 students below 50%').waitFor();

    // Phone-friendly: the page does not scroll sideways; the table scrolls (if at all) in its own box.
    expect(await scrollsSideways(page)).toBe(false);
    expect(await page.locator('.table-scroll').evaluate((box) => getComputedStyle(box).overflowX)).toBe('auto');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('75');
    await page.getByText('28 students below 75%').waitFor();
    await screenshot(page, 'view-2-percentages-360');
  });

  it('downloads the PDF (jsPDF loaded only then): the header line and every row, read back with pdftotext', async () => {
    const chunk = pdfChunk();
    expect(scriptsLoaded).not.toContain(chunk);
    const pdf = await download(page, 'Download PDF');
    expect(scriptsLoaded).toContain(chunk);
    expect(pdf.name).toBe(`${A} to ${C} ${COURSE}.pdf`);
    expect(readFileSync(pdf.path).subarray(0, 5).toString()).toBe('%PDF-');

    const text = execFileSync('pdftotext', ['-layout', pdf.path, '-'], { encoding: 'utf8' });
    const lines = text.split('\n').map((line) => line.trim().replace(/\s+/g, ' '));
    expect(lines.filter(Boolean)[0]).toBe(`From ${A} To ${C} | Lecture | ${COURSE} | ${SLOT} | Division 1`);
    expect(lines).toContain('Name Enrollment Percentage');
    for (const [enrollment, percentage] of [
      ['25CE001', '100%'],
      ['25CE002', '100%'],
      ['25CE003', '67%'],
      ['25CE004', '33%'],
      ['25CE017', '0%'],
      ['25CE030', '0%'],
    ] as const) {
      expect(lines).toContain(`${student(enrollment).name} ${enrollment} ${percentage}`);
    }
    expect(lines.filter((line) => /^.+ 25CE\d{3} \d+%$/.test(line))).toHaveLength(30);
    // To look at it by eye (pdftoppm -png renders its pages).
    if (process.env.E2E_SCREENSHOTS) mkdirSync(process.env.E2E_SCREENSHOTS, { recursive: true });
    if (process.env.E2E_SCREENSHOTS) copyFileSync(pdf.path, join(process.env.E2E_SCREENSHOTS, 'view-attendance.pdf'));
  });

  it('downloads the CSV: the same rows, UTF-8, quoted where needed', async () => {
    const csv = await download(page, 'Download CSV');
    expect(csv.name).toBe(`${A} to ${C} ${COURSE}.csv`);
    const bytes = readFileSync(csv.path);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, 5)).toEqual([
      'Name,Enrollment,Percentage',
      `${student('25CE001').name},25CE001,100%`,
      `${student('25CE002').name},25CE002,100%`,
      `${student('25CE003').name},25CE003,67%`,
      `${student('25CE004').name},25CE004,33%`,
    ]);
    expect(lines).toHaveLength(32);
  });

  it('percentages across every division: each student counted over the sessions of their own division', async () => {
    await fillForm(page, { slot: SLOT, kind: 'Lecture', date: A, enddate: C });
    await submit(page, 'Get Percentage');
    const rows = await tableRows(page);
    expect(rows).toHaveLength(61);
    expect(rows).toContainEqual(row('25CE031', '100%')); // 1 of Division 2's 1 session
    expect(rows).toContainEqual(row('25CE032', '0%'));
    expect(rows).toContainEqual(row('25CE003', '67%'));
    await page.getByText('57 students below 75%').waitFor();
  });

  it('a lab filtered to one batch: the batch is offered under its division', async () => {
    await fillForm(page, { slot: LAB_SLOT, kind: 'Lab', group: 'Batch 1A', date: A });
    expect(
      await page
        .getByLabel('Batch (optional)')
        .locator('optgroup')
        .evaluateAll((groups) => groups.map((g) => g.getAttribute('label'))),
    ).toEqual(['Division 1', 'Division 2']);
    await submit(page, 'Get Percentage');
    const rows = await tableRows(page);
    expect(rows).toHaveLength(16); // Batch 1A: 15 students
    expect(rows[1]).toEqual(row('25CE001', '100%'));
    expect(rows[2]).toEqual(row('25CE002', '0%'));
  });

  it('validates the form: the required fields say so and nothing is fetched', async () => {
    await page.goto('/dashboard/viewattendance');
    await page.getByRole('heading', { level: 1, name: 'View Attendance' }).waitFor();
    await page.getByRole('button', { name: 'Get Percentage' }).click();
    for (const message of [
      'Please select a semester',
      'Please select a course',
      'Please select a slot',
      'Please select Lecture or Lab',
      'Please choose a start date',
    ]) {
      await page.getByText(message).waitFor();
    }
    expect(await page.evaluate(() => (document.activeElement as HTMLSelectElement).name)).toBe('semester_id');
    await screenshot(page, 'view-0-validation-360');
    expect(await page.getByRole('heading', { name: 'Present Students List' }).count()).toBe(0);
  });

  it('ran all of the above under the strict CSP without a console error', () => {
    expect(consoleErrors).toEqual([]);
  });
});

describe('e2e view attendance: accessibility', () => {
  it('axe-core finds no serious or critical violation on the screen with results (360 px and 1280 px)', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      // axe-core is injected as an inline script, so this context bypasses the page's CSP.
      const axePage = await e2e.signedInPage(FACULTY, { viewport, bypassCSP: true });
      await fillForm(axePage, { slot: SLOT, kind: 'Lecture', group: 'Division 1', date: A, enddate: C });
      await submit(axePage, 'Get Percentage');
      await axePage.getByText('28 students below 75%').waitFor();
      expect({ viewport, violations: await seriousAxeViolations(axePage) }).toEqual({ viewport, violations: [] });
      await axePage.getByRole('button', { name: 'Get Attendance' }).click();
      await axePage.getByRole('table').waitFor();
      expect({ viewport, violations: await seriousAxeViolations(axePage) }).toEqual({ viewport, violations: [] });
      if (viewport === DESKTOP) await screenshot(axePage, 'view-3-percentages-1280');
      await axePage.context().close();
    }
  });
});
