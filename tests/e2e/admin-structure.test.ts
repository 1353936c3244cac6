import type { ConsoleMessage, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Division, Semester, Term } from '@shared/schemas/structure';
import type { PublicUser } from '@shared/schemas/auth';
import { ADMIN, DESKTOP, PHONE, screenshot, scrollsSideways, seriousAxeViolations, startE2e, type E2e } from './support/browser';

/*
 * The admin's structure and user screens in Chromium (360 px) against the real local stack: each
 * screen adds, lists and deletes through 'Are you sure ?' (which says what goes with a cascade),
 * with a validation message each; then axe-core on every screen, with a list and a dialog open.
 */

let e2e: E2e;
let page: Page;
/** Console errors of the CSP-enforcing page: the admin screens must run under the strict CSP. */
const consoleErrors: string[] = [];

beforeAll(async () => {
  e2e = await startE2e();
  page = await e2e.signedInPage(ADMIN, { viewport: PHONE });
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});
afterAll(async () => {
  await e2e?.stop();
});

const main = (on: Page = page) => on.getByRole('main');
const field = (label: string, on: Page = page) => main(on).getByLabel(label, { exact: true });
const button = (name: string, on: Page = page) => main(on).getByRole('button', { name, exact: true });
const toast = (text: string, on: Page = page) => on.getByRole('status').filter({ hasText: text });
const dialog = (on: Page = page) => on.getByRole('dialog', { name: 'Are you sure ?' });

async function open(path: string, title: string, on: Page = page) {
  await on.goto(path);
  await on.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
}

async function getData<T>(path: string): Promise<T> {
  const response = await page.request.get(`/api/v1${path}`);
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** The row of a list with this name, and its Delete button. */
const rowButton = (list: Locator, name: string) => list.getByRole('button', { name: `Delete ${name}`, exact: true });

/** Deletes the row through the dialog; `goesWith` is what the dialog must say goes with it ('' for nothing). */
async function deleteThroughDialog(list: Locator, name: string, goesWith: string, message: string) {
  await rowButton(list, name).click();
  const confirm = dialog();
  await confirm.waitFor();
  expect(await confirm.getAttribute('aria-modal')).toBe('true');
  await expect.poll(() => confirm.getByRole('button', { name: 'Delete' }).isEnabled()).toBe(true);
  if (goesWith) await confirm.getByText(goesWith, { exact: true }).waitFor();
  else expect(await confirm.getByText(/Also deleted/).count()).toBe(0);
  await expect.poll(() => confirm.getByRole('button', { name: 'Cancel' }).evaluate((node) => node === document.activeElement)).toBe(true);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await toast(message).waitFor();
  await dialog().waitFor({ state: 'detached' });
  await rowButton(list, name).waitFor({ state: 'detached' });
}

let termId = '';
let semesterId = '';

describe('e2e admin: terms and the structure under them', () => {
  it('Term: validation, add (inactive), then the list shows every term with True/False', async () => {
    await open('/dashboard/term', 'Term');
    await button('Add Term').click();
    await main().getByText('Please enter term').waitFor();
    await main().getByText('Please choose a status (active or inactive)').waitFor();

    await field('Name').fill('2027-28 E2E Term');
    await field('Status').selectOption('inactive');
    await button('Add Term').click();
    await toast('Term added successfully').waitFor();
    const list = main().getByRole('table', { name: 'Terms' });
    await list.getByRole('row', { name: /2027-28 E2E Term/ }).waitFor();
    expect(
      await list
        .getByRole('row', { name: /2027-28 E2E Term/ })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual(['2027-28 E2E Term', 'False']);
    expect(
      await list
        .getByRole('row', { name: /2026-27 Odd Term/ })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual(['2026-27 Odd Term', 'True']);
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'admin-term-360');

    const terms = await getData<Term[]>('/term');
    termId = terms.find((term) => term.name === '2026-27 Odd Term')!._id;
    expect(terms.find((term) => term.name === '2027-28 E2E Term')?.status).toBe(false);
    // The navigation's term selector lists the new term without a reload.
    await expect.poll(() => page.getByLabel('Active term').locator('option').allTextContents()).toContain('2027-28 E2E Term');
  });

  it('Semester: validation, add to the active term, list', async () => {
    await open('/dashboard/semester', 'Semester');
    await expect.poll(() => field('Term').inputValue()).toBe(termId);
    await button('Add Semester').click();
    await main().getByText('Enter Semester').waitFor();
    await field('Name').fill('Semester 7');
    await button('Add Semester').click();
    await toast('Semester added successfully').waitFor();
    const list = main().getByRole('table', { name: 'Semesters of 2026-27 Odd Term' });
    await rowButton(list, 'Semester 7').waitFor();
    expect(await list.getByRole('row').count()).toBe(4); // header + Semester 3, 5, 7
    semesterId = (await getData<Semester[]>(`/semester/${termId}`)).find((semester) => semester.name === 'Semester 7')!._id;
  });

  it('Division: validation, add two to Semester 7, delete one through the dialog', async () => {
    await open('/dashboard/division', 'Division');
    await field('Semester').selectOption({ label: 'Semester 7' });
    await button('Add Division').click();
    await main().getByText('Please enter division').waitFor();
    for (const name of ['Division 1', 'Division 2']) {
      await field('Name').fill(name);
      await button('Add Division').click();
      await toast('Division added successfully').waitFor();
    }
    const list = main().getByRole('table', { name: 'Divisions of Semester 7' });
    await rowButton(list, 'Division 2').waitFor();
    await deleteThroughDialog(list, 'Division 2', '', 'Division deleted successfully');
    expect((await getData<Division[]>(`/division/${semesterId}`)).map((division) => division.name)).toEqual(['Division 1']);
  });

  it('Batch: validation, add two to Division 1, delete one through the dialog', async () => {
    await open('/dashboard/batch', 'Batch');
    await field('Semester').selectOption({ label: 'Semester 7' });
    await expect.poll(() => field('Division').locator('option:checked').textContent()).toBe('Division 1');
    await button('Add Batch').click();
    await main().getByText('Please enter batch').waitFor();
    for (const name of ['Batch 1A', 'Batch 1B']) {
      await field('Name').fill(name);
      await button('Add Batch').click();
      await toast('Batch added successfully').waitFor();
    }
    const list = main().getByRole('table', { name: 'Batches of Division 1' });
    await rowButton(list, 'Batch 1B').waitFor();
    await deleteThroughDialog(list, 'Batch 1B', '', 'Batch deleted successfully');
    await rowButton(list, 'Batch 1A').waitFor();
  });

  it('Course: validation, add two to Semester 7, delete one through the dialog', async () => {
    await open('/dashboard/course', 'Course');
    await field('Semester').selectOption({ label: 'Semester 7' });
    await button('Add Course').click();
    await main().getByText('Please enter course').waitFor();
    for (const name of ['Compilers', 'Graphics']) {
      await field('Name').fill(name);
      await button('Add Course').click();
      await toast('Course added successfully').waitFor();
    }
    const list = main().getByRole('table', { name: 'Courses of Semester 7' });
    await rowButton(list, 'Graphics').waitFor();
    await deleteThroughDialog(list, 'Compilers', '', 'Course deleted successfully');
  });

  it('Slot: validation, add to the active term, delete through the dialog', async () => {
    await open('/dashboard/slot', 'Slot');
    await expect.poll(() => field('Term').inputValue()).toBe(termId);
    await button('Add Slot').click();
    await main().getByText('Please enter slot').waitFor();
    await field('Name').fill('16:00 - 17:00');
    await button('Add Slot').click();
    await toast('Slot added successfully').waitFor();
    const list = main().getByRole('table', { name: 'Slots of 2026-27 Odd Term' });
    await rowButton(list, '16:00 - 17:00').waitFor();
    expect(await list.getByRole('row').count()).toBe(8); // header + the demo's 6 + this one
    await screenshot(page, 'admin-slot-360');
    await deleteThroughDialog(list, '16:00 - 17:00', '', 'Slot deleted successfully');
  });

  it('Semester: the dialog says what goes with it, and one delete removes it all', async () => {
    // Two students in Semester 7 / Division 1 / Batch 1A.
    const division = (await getData<Division[]>(`/division/${semesterId}`))[0]!;
    const batch = (await getData<{ _id: string }[]>(`/batch/${division._id}`))[0]!;
    for (const enrollment of ['E2E701', 'E2E702']) {
      const response = await page.request.post('/api/v1/student', {
        data: { enrollment, name: `Student ${enrollment}`, email: `${enrollment.toLowerCase()}@college.test`, batchid: batch._id },
      });
      expect(response.status()).toBe(201);
    }

    await open('/dashboard/semester', 'Semester');
    await expect.poll(() => field('Term').inputValue()).toBe(termId);
    await button('Get Semesters').click();
    const list = main().getByRole('table', { name: 'Semesters of 2026-27 Odd Term' });
    await rowButton(list, 'Semester 7').click();
    await dialog().getByText('1 division, 1 batch, 2 students, 1 course', { exact: true }).waitFor();
    await screenshot(page, 'admin-semester-dialog-360');
    // Cancel keeps everything.
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(await rowButton(list, 'Semester 7').evaluate((node) => node === document.activeElement)).toBe(true);

    const deletes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE') deletes.push(new URL(request.url()).pathname);
    });
    await deleteThroughDialog(list, 'Semester 7', '1 division, 1 batch, 2 students, 1 course', 'Semester deleted successfully');
    expect(deletes).toEqual([`/api/v1/semester/${semesterId}`]);
    expect(await getData<unknown[]>(`/division/${semesterId}`)).toEqual([]);
    expect(await getData<unknown[]>(`/batch/${batch._id}`).catch(() => [])).toEqual([]);
    expect(await getData<unknown[]>(`/student/${batch._id}`)).toEqual([]);
    expect(await getData<unknown[]>(`/course/${semesterId}`)).toEqual([]);
  });
});

describe('e2e admin: users', () => {
  it('Add user: validation, add a faculty member, the list hides the signed-in admin, delete through the dialog', async () => {
    await open('/dashboard/adduser', 'Add User');
    await field('Email').fill('not an email');
    await button('Add User').click();
    await main().getByText('Please enter username').waitFor();
    await main().getByText('Email address must be a valid address').waitFor();
    await main().getByText('User type must be admin or faculty').waitFor();

    await field('Username').fill('E2E Faculty');
    await field('Email').fill('e2e.faculty@sams.local');
    await field('Password').fill('E2e-faculty-1');
    await field('User type').selectOption('faculty');
    await button('Add User').click();
    await toast('User created successfully').waitFor();
    const list = main().getByRole('table', { name: 'Users' });
    await list.getByRole('cell', { name: 'e2e.faculty@sams.local', exact: true }).waitFor();
    expect(await list.getByRole('cell', { name: 'faculty@sams.local', exact: true }).count()).toBe(1);
    expect(await list.getByRole('cell', { name: ADMIN.email }).count()).toBe(0);
    expect(await scrollsSideways(page)).toBe(false);
    await list.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-users-360');

    // A second try with the same email: the server's 409 message.
    await field('Username').fill('E2E Faculty again');
    await field('Email').fill('E2E.Faculty@sams.local');
    await field('Password').fill('E2e-faculty-1');
    await field('User type').selectOption('faculty');
    await button('Add User').click();
    await page.getByRole('alert').filter({ hasText: 'A user with this email already exists' }).waitFor();

    await deleteThroughDialog(list, 'e2e.faculty@sams.local', '', 'User Deleted Successfully');
    const users = await getData<PublicUser[]>('/user');
    expect(users.map((user) => user.email)).not.toContain('e2e.faculty@sams.local');
  });
});

describe('e2e admin: accessibility and the strict CSP', () => {
  async function expectAccessible(on: Page, screen: string) {
    // Colours are measured once the dialog's fade-in has finished.
    await on.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished),
      ),
    );
    expect({ screen, violations: await seriousAxeViolations(on) }).toEqual({ screen, violations: [] });
  }

  it('axe-core finds no serious or critical violation on each screen, with its list, its errors and its dialog (360 px; some at 1280 px)', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const everyScreen = viewport === PHONE;
      // axe is injected as an inline script, so this context bypasses the page's CSP.
      const axePage = await e2e.signedInPage(ADMIN, { viewport, bypassCSP: true });
      const size = `${viewport.width}px`;
      await open('/dashboard/term', 'Term', axePage);
      await button('Add Term', axePage).click();
      await main(axePage).getByText('Please enter term').waitFor();
      await button('Get Terms', axePage).click();
      await main(axePage).getByRole('table', { name: 'Terms' }).waitFor();
      await expectAccessible(axePage, `term ${size}`);

      for (const [path, title, get, list, row] of [
        ['/dashboard/semester', 'Semester', 'Get Semesters', 'Semesters of 2026-27 Odd Term', 'Semester 3'],
        ['/dashboard/division', 'Division', 'Get Division', 'Divisions of Semester 3', 'Division 1'],
        ['/dashboard/batch', 'Batch', 'Get Batch', 'Batches of Division 1', 'Batch 1A'],
        ['/dashboard/course', 'Course', 'Get Course', 'Courses of Semester 3', 'Data Structures'],
        ['/dashboard/slot', 'Slot', 'Get Slots', 'Slots of 2026-27 Odd Term', '09:00 - 10:00'],
      ] as const) {
        if (!everyScreen && title !== 'Batch') continue;
        await open(path, title, axePage);
        await button(title === 'Semester' ? 'Add Semester' : `Add ${title}`, axePage).click();
        await main(axePage).locator('.form-field-error').first().waitFor();
        // The parent select has its first item (Get needs it).
        await expect.poll(() => main(axePage).locator('select').last().inputValue()).not.toBe('');
        await button(get, axePage).click();
        const table = main(axePage).getByRole('table', { name: list });
        await rowButton(table, row).click();
        await dialog(axePage).waitFor();
        await expect.poll(() => dialog(axePage).getByRole('button', { name: 'Delete' }).isEnabled()).toBe(true);
        await expectAccessible(axePage, `${title} with its dialog ${size}`);
        if (viewport === DESKTOP && title === 'Batch') await screenshot(axePage, 'admin-batch-dialog-1280');
        await axePage.keyboard.press('Escape');
        await dialog(axePage).waitFor({ state: 'detached' });
        await expectAccessible(axePage, `${title} ${size}`);
        expect(await scrollsSideways(axePage)).toBe(false);
      }

      await open('/dashboard/adduser', 'Add User', axePage);
      await button('Add User', axePage).click();
      await main(axePage).getByText('Please enter username').waitFor();
      await button('Get Users', axePage).click();
      const users = main(axePage).getByRole('table', { name: 'Users' });
      await rowButton(users, 'faculty@sams.local').click();
      await dialog(axePage).waitFor();
      await expectAccessible(axePage, `users with its dialog ${size}`);
      await axePage.keyboard.press('Escape');
      await expectAccessible(axePage, `users ${size}`);
      await axePage.context().close();
    }
  });

  it('ran every admin screen above under the strict CSP without a console error', () => {
    // The 409 of the duplicate user is logged by Chromium as a failed resource load.
    expect(consoleErrors.filter((error) => !/status of 409/.test(error))).toEqual([]);
  });
});
