import { describe, expect, it } from 'vitest';
import { screenshot, scrollsSideways } from './support/browser';
import { isFocused } from './support/screen';
import { A, B, C, daysAgo, fillForm, NO_SESSION, NOT_FOUND, SLOT, submit, tableRows, useViewAttendance } from './support/view-attendance';

/*
 * View Attendance by date in Chromium (360 px, the strict CSP) against the real local stack, over
 * sessions marked through the API: the students present, a day without a session, the form's validation.
 */

const { t, row } = useViewAttendance();

describe('e2e view attendance by date: a faculty member on a phone', () => {
  it('views a date: the students present in every division, then in Division 1 only', async () => {
    await fillForm(t.page, { slot: SLOT, kind: 'Lecture', date: A });
    await submit(t.page, 'Get Attendance');
    expect(await tableRows(t.page)).toEqual([
      ['Name', 'Enrollment'],
      ...['25CE001', '25CE002', '25CE003', '25CE004', '25CE031'].map((enrollment) => row(enrollment)),
    ]);
    expect(await t.page.getByText('5 students present').count()).toBe(1);

    await fillForm(t.page, { slot: SLOT, kind: 'Lecture', group: 'Division 1', date: B });
    await submit(t.page, 'Get Attendance');
    expect(await tableRows(t.page)).toEqual([['Name', 'Enrollment'], row('25CE001'), row('25CE002'), row('25CE003')]);
    expect(await scrollsSideways(t.page)).toBe(false);
    await screenshot(t.page, 'view-1-by-date-360');
  });

  it('a range shows each day that has sessions under its own heading, even when its first day had no class', async () => {
    await fillForm(t.page, { slot: SLOT, kind: 'Lecture', date: daysAgo(8), enddate: C });
    await submit(t.page, 'Get Attendance');
    const results = t.page.getByRole('region', { name: `Attendance from ${daysAgo(8)} to ${C}` });
    await expect
      .poll(() => results.getByRole('heading', { level: 3 }).allTextContents())
      .toEqual([A, B, C].map((date) => `Attendance on ${date}`));
    const dayA = results.getByRole('region', { name: `Attendance on ${A}` });
    expect(await dayA.getByRole('article').count()).toBe(2); // Division 1 and Division 2
    expect(await results.getByText(NOT_FOUND).count()).toBe(0);
    expect(await scrollsSideways(t.page)).toBe(false);
    await screenshot(t.page, 'view-1-range-360');
  });

  it(`a day without a session says '${NOT_FOUND}', by date and as percentages`, async () => {
    await fillForm(t.page, { slot: SLOT, kind: 'Lecture', date: NO_SESSION });
    await submit(t.page, 'Get Attendance');
    await t.page.getByText(NOT_FOUND).waitFor();
    expect(await t.page.getByRole('table').count()).toBe(0);

    await fillForm(t.page, { slot: SLOT, kind: 'Lecture', date: NO_SESSION, enddate: daysAgo(15) });
    await submit(t.page, 'Get Percentage');
    await t.page.getByText(NOT_FOUND).waitFor();
  });

  it('validates the form: the required fields say so, the first takes focus, and nothing is fetched', async () => {
    await t.open('/dashboard/viewattendance', 'View Attendance');
    await t.page.getByRole('button', { name: 'Get Attendance' }).click();
    for (const message of [
      'Please select a semester',
      'Please select a course',
      'Please select a slot to see attendance by date',
      'Please select Lecture or Lab',
      'Please choose a start date',
    ]) {
      await t.page.getByText(message).waitFor();
    }
    await expect.poll(() => isFocused(t.field('Semester'))).toBe(true);
    await screenshot(t.page, 'view-0-validation-360');
    expect(await t.page.getByRole('heading', { name: 'Present Students List' }).count()).toBe(0);
  });

  it('ran all of the above under the strict CSP without a console error', () => {
    expect(t.consoleErrors).toEqual([]);
  });
});
