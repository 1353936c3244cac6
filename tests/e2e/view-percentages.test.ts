import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { brokenWords, withinWidth, DESKTOP, FACULTY, PHONE, screenshot, scrollsSideways } from './support/browser';
import { A, C, fillForm, LAB_SLOT, PERCENTAGE_HEADER, SLOT, submit, tableRows, useViewAttendance } from './support/view-attendance';

/*
 * View Attendance as percentages in Chromium (360 px, the strict CSP) against the real local stack,
 * over sessions marked through the API: each student's sessions by status, exact percentages, the students below the threshold marked
 * and counted, every division, a lab's batch; then axe-core on the results at 360 and 1280 px.
 */

const { t, row } = useViewAttendance();
const below75 = (percentage: string) => `${percentage}, below 75%`;

describe('e2e view attendance as percentages: a faculty member on a phone', () => {
  it('over A–C for Division 1: sessions by status, exact whole percentages, never-present students, the ones below 75% marked and counted', async () => {
    await fillForm(t.page, { slot: SLOT, kind: 'Lecture', group: 'Division 1', date: A, enddate: C });
    await submit(t.page, 'Get Percentage');
    const rows = await tableRows(t.page);
    expect(rows).toHaveLength(31); // the header and all 30 students of Division 1
    expect(rows.slice(0, 6)).toEqual([
      PERCENTAGE_HEADER,
      row('25CE001', [3, 0, 0, 0], '100%'),
      row('25CE002', [3, 0, 0, 0], '100%'),
      row('25CE003', [2, 0, 1, 0], below75('67%')),
      row('25CE004', [1, 0, 2, 0], below75('33%')),
      row('25CE005', [0, 0, 3, 0], below75('0%')),
    ]);
    expect(rows.at(-1)).toEqual(row('25CE030', [0, 0, 3, 0], below75('0%')));
    await t.page.getByText(`From ${A} To ${C}`, { exact: true }).waitFor();
    await t.page.getByText('28 students below 75%').waitFor();
    expect(await t.page.getByRole('row').filter({ hasText: ', below 75%' }).count()).toBe(28);

    // The threshold changes on the screen, with the keyboard.
    const threshold = t.page.getByLabel('Highlight below (%)');
    await threshold.focus();
    await t.page.keyboard.press('Control+A');
    await t.page.keyboard.type('50');
    await t.page.getByText('27 students below 50%').waitFor();

    // Phone-friendly: the page does not scroll sideways; the table scrolls (if at all) in its own box.
    expect(await scrollsSideways(t.page)).toBe(false);
    expect(await brokenWords(t.page)).toEqual([]);
    // The percentage, the figure that matters, is in view beside each name without scrolling the table.
    const firstRow = t.page
      .getByRole('region', { name: /^Attendance percentage of each student/ })
      .locator('tbody tr')
      .first();
    expect(await withinWidth(firstRow.locator('td').first())).toBe(true);
    expect(await withinWidth(firstRow.locator('td').last())).toBe(true);
    const tableBox = t.page.getByRole('region', { name: /^Attendance percentage of each student/ });
    expect(await tableBox.evaluate((box) => getComputedStyle(box).overflowX)).toBe('auto');
    await t.page.keyboard.press('Control+A');
    await t.page.keyboard.type('75');
    await t.page.getByText('28 students below 75%').waitFor();
    await screenshot(t.page, 'view-2-percentages-360');
  });

  it('across every division: each student counted over the sessions of their own division', async () => {
    await fillForm(t.page, { slot: SLOT, kind: 'Lecture', date: A, enddate: C });
    await submit(t.page, 'Get Percentage');
    const rows = await tableRows(t.page);
    expect(rows).toHaveLength(61);
    expect(rows).toContainEqual(row('25CE031', [1, 0, 0, 0], '100%')); // 1 of Division 2's 1 session
    expect(rows).toContainEqual(row('25CE032', [0, 0, 1, 0], below75('0%')));
    expect(rows).toContainEqual(row('25CE003', [2, 0, 1, 0], below75('67%')));
    await t.page.getByText('57 students below 75%').waitFor();
  });

  it('a lab filtered to one batch: the batch is offered under its division', async () => {
    await fillForm(t.page, { slot: LAB_SLOT, kind: 'Lab', group: 'Batch 1A', date: A });
    expect(
      await t.page
        .getByLabel('Batch (optional)')
        .locator('optgroup')
        .evaluateAll((groups) => groups.map((group) => group.getAttribute('label'))),
    ).toEqual(['Division 1', 'Division 2']);
    await submit(t.page, 'Get Percentage');
    const rows = await tableRows(t.page);
    expect(rows).toHaveLength(16); // Batch 1A: 15 students
    expect(rows[1]).toEqual(row('25CE001', [1, 0, 0, 0], '100%'));
    expect(rows[2]).toEqual(row('25CE002', [0, 0, 1, 0], below75('0%')));
  });

  it('ran all of the above under the strict CSP without a console error', () => {
    expect(t.consoleErrors).toEqual([]);
  });

  it.each([PHONE, DESKTOP])('axe-core finds no serious or critical violation on the results at $width px', async (viewport) => {
    const axe = await t.axeScreen(FACULTY, viewport);
    try {
      await fillForm(axe.page, { slot: SLOT, kind: 'Lecture', group: 'Division 1', date: A, enddate: C });
      await submit(axe.page, 'Get Percentage');
      await axe.page.getByText('28 students below 75%').waitFor();
      await expectAccessible(axe.page, `percentages at ${viewport.width} px`);
      // The same range by date: each day under its own heading, its sessions and present students.
      await submit(axe.page, 'Get Attendance');
      await axe.page.getByText('3 days, 3 sessions').waitFor();
      await expectAccessible(axe.page, `each day's attendance at ${viewport.width} px`);
      if (viewport === DESKTOP) await screenshot(axe.page, 'view-3-percentages-1280');
    } finally {
      await axe.page.context().close();
    }
  });
});
