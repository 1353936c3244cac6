import { describe, expect, it } from 'vitest';
import type { Batch, Division, Semester, Student, Term } from '@shared/schemas/structure';
import { expectAccessible } from './support/axe';
import { ADMIN, screenshot, scrollsSideways } from './support/browser';
import { canTakeFocus, chosen } from './support/screen';
import { useE2e } from './support/use-e2e';

/*
 * The admin's student and change-term screens in Chromium (360 px) against the real local stack:
 * add, list, update and delete a student; move a batch into another term and find its students
 * there; axe-core on both screens with their lists and dialogs open.
 */

// The duplicate enrollment's 409 is logged by Chromium as a failed resource load.
const t = useE2e({ account: ADMIN, expectedErrors: /status of 409/ });
const { main, field, button, dialog, open, getData } = t;
/** The screen's own success banner. */
const banner = (text: string) => main().getByRole('status').filter({ hasText: text });

/** The batch ids of the demo college by name, e.g. '2025-26 Even Term/Semester 2/Division 1/Batch 1A'. */
async function batchId(term: string, semester: string, division: string, batch: string): Promise<string> {
  const terms = await getData<Term[]>('/term');
  const semesters = await getData<Semester[]>(`/semester/${terms.find((item) => item.name === term)!._id}`);
  const divisions = await getData<Division[]>(`/division/${semesters.find((item) => item.name === semester)!._id}`);
  const batches = await getData<Batch[]>(`/batch/${divisions.find((item) => item.name === division)!._id}`);
  return batches.find((item) => item.name === batch)!._id;
}

/** Where the focus is: the name of a control of `dialog`, the browser's own UI (no element of the page), or the page behind. */
function focusedControl(dialog: Element): string {
  const focused = document.activeElement;
  if (!focused || focused === document.body) return "the browser's UI";
  if (!dialog.contains(focused)) return 'the page behind';
  return focused.getAttribute('aria-label') ?? focused.textContent!.trim();
}

/** The enrollments of the listed students, in order. */
const listedEnrollments = (caption: string) =>
  main().getByRole('table', { name: caption }).locator('tbody tr td:first-child').allTextContents();

describe('e2e admin: students', () => {
  it('Student: validation, add to Batch 1A, the list shows it', async () => {
    await open('/dashboard/student', 'Student');
    // Semester → division → batch, each preselecting its first item.
    await expect.poll(() => chosen(field('Batch'))).toBe('Batch 1A');
    expect(await chosen(field('Semester'))).toBe('Semester 3');
    expect(await chosen(field('Division'))).toBe('Division 1');

    await button('Add Student').click();
    await main().getByText('Please enter enrollment').waitFor();
    await main().getByText('Please enter name').waitFor();
    await main().getByText('Please enter email').waitFor();

    await field('Enrollment').fill('25CE999');
    await field('Name').fill('E2E Student');
    await field('Email').fill('e2e.student@college.test');
    await button('Add Student').click();
    await banner('Student added successfully').waitFor();
    await expect.poll(() => listedEnrollments('Students of Batch 1A (Semester 3)')).toContain('25CE999');
    expect(await listedEnrollments('Students of Batch 1A (Semester 3)')).toHaveLength(16);
    expect(await scrollsSideways(t.page)).toBe(false);
    await main().getByRole('table', { name: 'Students of Batch 1A (Semester 3)' }).scrollIntoViewIfNeeded();
    await screenshot(t.page, 'admin-student-list-360');

    // The same enrollment again: the server's 409 in the banner.
    await field('Enrollment').fill('25ce999');
    await field('Name').fill('Someone Else');
    await field('Email').fill('someone@college.test');
    await button('Add Student').click();
    await main().getByRole('alert').filter({ hasText: 'A student with enrollment 25CE999 already exists' }).waitFor();
  });

  it("Update: 'Update details' opens prefilled; a new name and batch are saved and the lists follow", async () => {
    await main().getByRole('button', { name: 'Update 25CE999' }).click();
    const update = dialog('Update details');
    const updateField = (label: string) => update.getByLabel(label, { exact: true });
    await update.waitFor();
    expect(await updateField('Enrollment').inputValue()).toBe('25CE999');
    expect(await updateField('Name').inputValue()).toBe('E2E Student');
    expect(await updateField('Email').inputValue()).toBe('e2e.student@college.test');
    await update.getByText('Semester Semester 3', { exact: true }).waitFor();
    await expect.poll(() => chosen(updateField('Batch'))).toBe('Batch 1A');
    await screenshot(t.page, 'admin-student-update-360');

    await updateField('Name').fill('E2E Student Renamed');
    await updateField('Batch').selectOption({ label: 'Batch 1B' });
    await update.getByRole('button', { name: 'Update Student' }).click();
    await banner('Student updated successfully').waitFor();
    await update.waitFor({ state: 'hidden' });
    // The listed batch no longer has the student.
    await expect.poll(() => listedEnrollments('Students of Batch 1A (Semester 3)')).not.toContain('25CE999');

    await field('Batch').selectOption({ label: 'Batch 1B' });
    await button('Get Student').click();
    const list = main().getByRole('table', { name: 'Students of Batch 1B (Semester 3)' });
    await list.getByRole('cell', { name: 'E2E Student Renamed', exact: true }).waitFor();
    const saved = await getData<Student>(
      `/student/student/${(await getData<Student[]>(`/student/${await batchId('2026-27 Odd Term', 'Semester 3', 'Division 1', 'Batch 1B')}`)).find((student) => student.enrollment === '25CE999')!._id}`,
    );
    expect(saved).toMatchObject({ name: 'E2E Student Renamed', email: 'e2e.student@college.test' });
  });

  it('Delete: through the dialog, then the list no longer has the student', async () => {
    const list = main().getByRole('table', { name: 'Students of Batch 1B (Semester 3)' });
    await list.getByRole('button', { name: 'Delete 25CE999' }).click();
    const confirm = dialog();
    await confirm.getByText('Delete 25CE999 E2E Student Renamed?').waitFor();
    // Keyboard: Tab goes round the dialog's controls and never reaches the page behind (past the last
    // control, a native modal dialog lets focus out to the browser's own UI, then back to the first).
    const reached = new Set<string>();
    for (let i = 0; i < 6; i++) {
      await t.page.keyboard.press('Tab');
      reached.add(await confirm.evaluate(focusedControl));
    }
    expect([...reached]).toEqual(expect.arrayContaining(['Close', 'Cancel', 'Delete']));
    expect([...reached]).not.toContain('the page behind');
    expect(await canTakeFocus(list.getByRole('button', { name: 'Delete 25CE999' }))).toBe(false);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await main().getByText('Student deleted successfully').waitFor();
    await expect.poll(() => listedEnrollments('Students of Batch 1B (Semester 3)')).not.toContain('25CE999');
    expect(await listedEnrollments('Students of Batch 1B (Semester 3)')).toHaveLength(15);
  });
});

describe('e2e admin: change term', () => {
  it('moves every student of Batch 2B into a batch of another term', async () => {
    // The inactive term's Semester 2 gets a division and a batch to move into.
    const terms = await getData<Term[]>('/term');
    const even = terms.find((term) => term.name === '2025-26 Even Term')!;
    const semester2 = (await getData<Semester[]>(`/semester/${even._id}`))[0]!;
    const division = await t.page.request.post('/api/v1/division', { data: { name: 'Division 1', semid: semester2._id } });
    expect(division.status()).toBe(201);
    const batch = await t.page.request.post('/api/v1/batch', {
      data: { name: 'Batch 1A', divisionid: ((await division.json()) as { data: Division }).data._id },
    });
    expect(batch.status()).toBe(201);
    const target = ((await batch.json()) as { data: Batch }).data._id;
    const source = await batchId('2026-27 Odd Term', 'Semester 3', 'Division 2', 'Batch 2B');
    const moving = (await getData<Student[]>(`/student/${source}`)).map((student) => student.enrollment);
    expect(moving).toHaveLength(15);

    await open('/dashboard/changestu', 'Change Term');
    const from = main().getByRole('group', { name: 'From' });
    const to = main().getByRole('group', { name: 'To' });
    // From offers the active term only; To every term.
    await expect.poll(() => from.getByLabel('Term', { exact: true }).locator('option').allTextContents()).toEqual(['2026-27 Odd Term']);
    await expect
      .poll(() => to.getByLabel('Term', { exact: true }).locator('option').allTextContents())
      .toEqual(['2025-26 Even Term', '2026-27 Odd Term']);

    await from.getByLabel('Division', { exact: true }).selectOption({ label: 'Division 2' });
    await from.getByLabel('Batch', { exact: true }).selectOption({ label: 'Batch 2B' });
    // To the same batch: refused with a message.
    await to.getByLabel('Term', { exact: true }).selectOption({ label: '2026-27 Odd Term' });
    await to.getByLabel('Division', { exact: true }).selectOption({ label: 'Division 2' });
    await to.getByLabel('Batch', { exact: true }).selectOption({ label: 'Batch 2B' });
    await button('Change Term').click();
    await main().getByText('Choose a different batch to move to').waitFor();

    // To the other term: its semester, division and batch are preselected one after another.
    await to.getByLabel('Term', { exact: true }).selectOption({ label: '2025-26 Even Term' });
    await expect.poll(() => to.getByLabel('Batch', { exact: true }).inputValue()).toBe(target);
    expect(await chosen(to.getByLabel('Semester', { exact: true }))).toBe('Semester 2');
    expect(await scrollsSideways(t.page)).toBe(false);
    await screenshot(t.page, 'admin-change-term-360');
    await button('Change Term').click();
    await banner('15 students moved').waitFor();

    expect((await getData<Student[]>(`/student/${target}`)).map((student) => student.enrollment)).toEqual(moving);
    expect(await getData<Student[]>(`/student/${source}`)).toEqual([]);
  });
});

describe('e2e admin: accessibility and the strict CSP', () => {
  it('axe-core finds no serious or critical violation on the student and change-term screens, dialogs open', async () => {
    const axe = await t.axeScreen(ADMIN);
    try {
      await axe.open('/dashboard/student', 'Student');
      await axe.button('Add Student').click();
      await axe.main().getByText('Please enter enrollment').waitFor();
      await expect.poll(() => axe.field('Batch').inputValue()).not.toBe('');
      await axe.button('Get Student').click();
      await axe.main().getByRole('button', { name: 'Update 25CE001' }).waitFor();
      await expectAccessible(axe.page, 'student with errors and list');
      await axe.main().getByRole('button', { name: 'Update 25CE001' }).click();
      const update = axe.dialog('Update details');
      await expect.poll(() => update.getByLabel('Batch', { exact: true }).inputValue()).not.toBe('');
      await expectAccessible(axe.page, 'student update dialog');
      await axe.page.keyboard.press('Escape');
      await update.waitFor({ state: 'hidden' });
      await axe.main().getByRole('button', { name: 'Delete 25CE001' }).click();
      await axe.dialog().waitFor();
      await expectAccessible(axe.page, 'student delete dialog');
      await axe.dialog().getByRole('button', { name: 'Close' }).click();
      await axe.dialog().waitFor({ state: 'hidden' });

      await axe.open('/dashboard/changestu', 'Change Term');
      await expect.poll(() => axe.main().getByRole('group', { name: 'To' }).getByLabel('Batch', { exact: true }).inputValue()).not.toBe('');
      await expectAccessible(axe.page, 'change term');
    } finally {
      await axe.page.context().close();
    }
  });

  it('ran the screens above under the strict CSP without a console error', () => {
    expect(t.consoleErrors).toEqual([]);
  });
});
