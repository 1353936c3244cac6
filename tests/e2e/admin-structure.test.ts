import type { Locator, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Division, Semester, Term } from '@shared/schemas/structure';
import { addByName, deleteButton, deleteThroughDialog } from './support/admin';
import { ADMIN, screenshot, scrollsSideways } from './support/browser';
import { chosen, descriptionOf, isFocused } from './support/screen';
import { useE2e } from './support/use-e2e';

/*
 * The admin's structure screens in Chromium (360 px) against the real local stack: each screen
 * validates, adds, lists and deletes through 'Are you sure ?', which says what goes with a cascade.
 */

const t = useE2e({ account: ADMIN });
const { main, field, button, toast, dialog, open, getData } = t;

let termId = '';

const rowCells = (list: Locator, name: RegExp) => list.getByRole('row', { name }).getByRole('cell').allTextContents();

describe('e2e admin: terms and the structure under them', () => {
  it("Term: 'This field is required' under each empty field, add (inactive), then the list shows every term with True/False", async () => {
    await open('/dashboard/term', 'Term');
    await button('Add Term').click();
    await expect.poll(() => descriptionOf(field('Name'))).toBe('This field is required');
    expect(await descriptionOf(field('Status'))).toBe('This field is required');

    await field('Name').fill('2027-28 E2E Term');
    await field('Status').selectOption('inactive');
    await field('First day').fill('2027-06-01');
    await field('Last day').fill('2027-11-30');
    await button('Add Term').click();
    await toast('Term added successfully').waitFor();
    const list = main().getByRole('table', { name: 'Terms' });
    await list.getByRole('row', { name: /2027-28 E2E Term/ }).waitFor();
    expect(await rowCells(list, /2027-28 E2E Term/)).toEqual([
      '2027-28 E2E Term',
      'False',
      '1 Jun 2027 – 30 Nov 2027',
      'RenameEdit datesHolidaysMake active…',
    ]);
    // The demo term's dates are set when it is seeded, around that day.
    expect(await rowCells(list, /2026-27 Odd Term/)).toEqual([
      '2026-27 Odd Term',
      'True',
      expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2} \d{4} – \d{1,2} [A-Z][a-z]{2} \d{4}$/),
      'RenameEdit datesHolidays',
    ]);
    expect(await scrollsSideways(t.page)).toBe(false);
    await screenshot(t.page, 'admin-term-360');

    const terms = await getData<Term[]>('/term');
    termId = terms.find((term) => term.name === '2026-27 Odd Term')!._id;
    expect(terms.find((term) => term.name === '2027-28 E2E Term')?.status).toBe(false);
    // The Semester screen's term select lists the new term without a reload.
    await open('/dashboard/semester', 'Semester');
    await expect.poll(() => field('Term').locator('option').allTextContents()).toContain('2027-28 E2E Term');
    await open('/dashboard/term', 'Term');
    await button('Get Terms').click();
  });

  it('Term: Edit dates clears the last day of a term, and the list says so', async () => {
    await button('Edit dates 2027-28 E2E Term').click();
    const dates = dialog('Dates of 2027-28 E2E Term');
    await dates.getByLabel('Last day', { exact: true }).fill('');
    expect(await scrollsSideways(t.page)).toBe(false);
    await screenshot(t.page, 'admin-term-dates-360');
    await dates.getByRole('button', { name: 'Save' }).click();
    await toast('Term 2027-28 E2E Term updated').waitFor();
    const list = main().getByRole('table', { name: 'Terms' });
    await expect
      .poll(() => rowCells(list, /2027-28 E2E Term/))
      .toEqual(['2027-28 E2E Term', 'False', 'From 1 Jun 2027', 'RenameEdit datesHolidaysMake active…']);
    const term = (await getData<Term[]>('/term')).find((each) => each.name === '2027-28 E2E Term');
    expect(term).toMatchObject({ startDate: '2027-06-01', endDate: null });
  });

  for (const [thing, required, name, caption, rows] of [
    ['Semester', 'Enter Semester', 'Semester 7', 'Semesters of 2026-27 Odd Term', 4], // header + Semester 3, 5, 7
    ['Slot', 'Please enter slot', '16:00 - 17:00', 'Slots of 2026-27 Odd Term', 8], // header + the demo's 6 + this one
  ] as const) {
    it(`${thing}: validation, add to the active term, list`, async () => {
      await open(`/dashboard/${thing.toLowerCase()}`, thing);
      await expect.poll(() => field('Term').inputValue()).toBe(termId);
      await addByName(t, thing, required, [name], thing === 'Slot' ? { Starts: '16:00', Ends: '17:00' } : {});
      const list = main().getByRole('table', { name: caption });
      await deleteButton(list, name).waitFor();
      expect(await list.getByRole('row').count()).toBe(rows);
    });
  }

  it('Slot (listed above): delete through the dialog', async () => {
    await screenshot(t.page, 'admin-slot-360');
    const list = main().getByRole('table', { name: 'Slots of 2026-27 Odd Term' });
    await deleteThroughDialog(t, list, '16:00 - 17:00', '', 'Slot deleted successfully');
  });

  for (const { thing, names, deleted, caption } of [
    { thing: 'Division', names: ['Division 1', 'Division 2'], deleted: 'Division 2', caption: 'Divisions of Semester 7' },
    { thing: 'Batch', names: ['Batch 1A', 'Batch 1B'], deleted: 'Batch 1B', caption: 'Batches of Division 1' },
    { thing: 'Course', names: ['Compilers', 'Graphics'], deleted: 'Compilers', caption: 'Courses of Semester 7' },
  ]) {
    it(`${thing}: validation, add two under Semester 7, delete one through the dialog`, async () => {
      await open(`/dashboard/${thing.toLowerCase()}`, thing);
      await field('Semester').selectOption({ label: 'Semester 7' });
      // Batch: the semester's first division is preselected.
      if (thing === 'Batch') await expect.poll(() => chosen(field('Division'))).toBe('Division 1');
      await addByName(t, thing, `Please enter ${thing.toLowerCase()}`, names);
      const list = main().getByRole('table', { name: caption });
      await deleteButton(list, names[1]!).waitFor();
      await deleteThroughDialog(t, list, deleted, '', `${thing} deleted successfully`);
      const kept = names.find((name) => name !== deleted)!;
      await deleteButton(list, kept).waitFor();
    });
  }

  it('Semester: the dialog says what goes with it, and one delete removes it all', async () => {
    // What the tests above left, read from the server: then two students in Batch 1A.
    const semesterId = (await getData<Semester[]>(`/semester/${termId}`)).find((semester) => semester.name === 'Semester 7')!._id;
    const divisions = await getData<Division[]>(`/division/${semesterId}`);
    expect(divisions.map((division) => division.name)).toEqual(['Division 1']);
    const batches = await getData<{ _id: string; name: string }[]>(`/batch/${divisions[0]!._id}`);
    expect(batches.map((batch) => batch.name)).toEqual(['Batch 1A']);
    expect((await getData<{ name: string }[]>(`/course/${semesterId}`)).map((course) => course.name)).toEqual(['Graphics']);
    const batch = batches[0]!;
    for (const enrollment of ['E2E701', 'E2E702']) {
      const response = await t.page.request.post('/api/v1/student', {
        data: { enrollment, name: `Student ${enrollment}`, email: `${enrollment.toLowerCase()}@college.test`, batchid: batch._id },
      });
      expect(response.status()).toBe(201);
    }

    await open('/dashboard/semester', 'Semester');
    await expect.poll(() => field('Term').inputValue()).toBe(termId);
    await button('Get Semesters').click();
    const list = main().getByRole('table', { name: 'Semesters of 2026-27 Odd Term' });
    await deleteButton(list, 'Semester 7').click();
    await dialog().getByText('1 division, 1 batch, 2 students, 1 course', { exact: true }).waitFor();
    await screenshot(t.page, 'admin-semester-dialog-360');
    // Cancel keeps everything, and gives the focus back to the button that opened the dialog.
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'hidden' });
    await expect.poll(() => isFocused(deleteButton(list, 'Semester 7'))).toBe(true);

    const deletes: string[] = [];
    const recordDelete = (request: Request) => {
      if (request.method() === 'DELETE') deletes.push(new URL(request.url()).pathname);
    };
    t.page.on('request', recordDelete);
    try {
      await deleteThroughDialog(t, list, 'Semester 7', '1 division, 1 batch, 2 students, 1 course', 'Semester deleted successfully');
    } finally {
      t.page.off('request', recordDelete);
    }
    expect(deletes).toEqual([`/api/v1/semester/${semesterId}`]);
    expect(await getData<unknown[]>(`/division/${semesterId}`)).toEqual([]);
    expect(await getData<unknown[]>(`/batch/${batch._id}`).catch(() => [])).toEqual([]);
    expect(await getData<unknown[]>(`/student/${batch._id}`)).toEqual([]);
    expect(await getData<unknown[]>(`/course/${semesterId}`)).toEqual([]);
  });

  it('ran every screen above under the strict CSP without a console error', () => {
    expect(t.consoleErrors).toEqual([]);
  });
});
