import { describe, expect, it } from 'vitest';
import type { StudentRecord } from '@shared/schemas/reports';
import { collegeToday } from '@tests/support/college-time';
import { expectAccessible } from './support/axe';
import { brokenWords, FACULTY, screenshot, scrollsSideways, withinWidth } from './support/browser';
import { C, SLOT, useViewAttendance } from './support/view-attendance';
import { answerJson } from './support/wire';

/*
 * A student's record with a corrected mark and the course and month filters (docs/product.md §2.12), in
 * Chromium on a 360 px phone under the strict CSP: the faculty member who marked Data Structures on day C
 * corrects 25CE003 with a long reason; the record's row says so in whole words, the filters fit the
 * phone, a month chosen is in the address and Back undoes it.
 */

const { t, student } = useViewAttendance();
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const REASON = 'Medical certificate shown at the office after the morning lecture';
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const monthName = (date: string) => `${LONG_MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

async function recordOf(id: string): Promise<StudentRecord> {
  const response = await t.page.request.get(`/api/v1/report/student/${id}`);
  expect(response.status()).toBe(200);
  return (await answerJson<{ data: StudentRecord }>(response)).data;
}

const sessionRows = () =>
  t
    .main()
    .getByRole('table', { name: /^Sessions of/ })
    .evaluate((table) =>
      [...table.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.innerText)),
    );

describe('e2e record: a corrected mark and the filters, on a phone', () => {
  it('shows the correction on the row in whole words, and the filters within the phone', async () => {
    const { _id: id } = student('25CE003');
    const session = (await recordOf(id)).sessions.find((one) => one.date === C && one.classKind === 'lecture')!;
    expect(session.status).toBe('absent');
    const corrected = await t.page.request.patch(`/api/v1/attendance/${session._id}`, {
      data: { statuses: { [id]: 'present' }, reason: REASON, version: 1 },
    });
    expect(corrected.status(), await corrected.text()).toBe(200);

    await t.page.goto(`/reports/student/${id}`);
    await t.main().getByRole('heading', { level: 2, name: 'Sessions' }).waitFor();
    const today = collegeToday();
    const rows = await sessionRows();
    const at = rows.findIndex((cells) => cells[0] === C && cells[3] === SLOT);
    expect(rows[at]![4]).toBe('Present');
    // The line under the row, on the phone's screen without scrolling sideways.
    expect(rows[at + 1]!.map((cell) => cell.replace(/\s+/g, ' '))).toEqual([
      `Corrected ${Number(today.slice(8))} ${MONTHS[Number(today.slice(5, 7)) - 1]}: ${REASON}`,
    ]);
    expect(await withinWidth(t.main().getByText(REASON, { exact: false }))).toBe(true);
    expect(await scrollsSideways(t.page)).toBe(false);
    expect(await brokenWords(t.page)).toEqual([]);
    for (const label of ['Course', 'Month']) expect(await withinWidth(t.field(label))).toBe(true);
    await t
      .main()
      .getByRole('table', { name: /^Sessions of/ })
      .scrollIntoViewIfNeeded();
    await screenshot(t.page, 'record-corrections-1-360');
  });

  it('keeps to the month chosen, in the address, and Back undoes it', async () => {
    const all = (await sessionRows()).length;
    const inMonth = (cells: string[]) => cells.length === 1 || cells[0]!.startsWith(C.slice(0, 7));
    await t.field('Month').selectOption({ label: monthName(C) });
    await expect.poll(() => new URL(t.page.url()).searchParams.get('month')).toBe(C.slice(0, 7));
    await expect.poll(async () => (await sessionRows()).every(inMonth)).toBe(true);
    await t.field('Course').selectOption({ label: 'Data Structures' });
    await expect.poll(() => new URL(t.page.url()).searchParams.get('course')).not.toBeNull();
    await t.main().locator('.record-list:not([aria-busy])').waitFor();
    expect(await brokenWords(t.page)).toEqual([]);
    await screenshot(t.page, 'record-corrections-2-filtered-360');

    await t.page.goBack();
    await expect.poll(() => new URL(t.page.url()).searchParams.get('course')).toBeNull();
    await t.page.goBack();
    await expect.poll(() => new URL(t.page.url()).searchParams.get('month')).toBeNull();
    await expect.poll(async () => (await sessionRows()).length).toBe(all);
    expect(await t.field('Month').inputValue()).toBe('');
  });

  it('axe-core finds no serious or critical violation on the record with a correction and a filter', async () => {
    const screen = await t.axeScreen(FACULTY);
    await screen.page.goto(`/reports/student/${student('25CE003')._id}?month=${C.slice(0, 7)}`);
    await screen
      .main()
      .getByRole('table', { name: /^Sessions of/ })
      .waitFor();
    await expectAccessible(screen.page, 'student record, filtered, with a correction');
    await screen.page.context().close();
  });

  it('ran all of the above under the strict CSP without a console error', () => {
    expect(t.consoleErrors).toEqual([]);
  });
});
