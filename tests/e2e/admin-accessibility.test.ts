import type { ViewportSize } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { deleteButton } from './support/admin';
import { expectAccessible } from './support/axe';
import { ADMIN, brokenWords, DESKTOP, PHONE, screenshot, scrollsSideways } from './support/browser';
import type { Screen } from './support/screen';
import { useE2e } from './support/use-e2e';

/*
 * axe-core on the admin's structure and user screens of the demo college, each with its validation
 * messages, its list and its delete dialog open, at 360 px (every screen) and 1280 px (some).
 */

const t = useE2e();

/** A structure screen: its parent select (preselected with its first item, which Get needs), its validation message, its Get button, list and a row. */
type StructureScreen = [title: string, parent: string, required: string, get: string, list: string, row: string];

const STRUCTURE: StructureScreen[] = [
  ['Semester', 'Term', 'Enter Semester', 'Get Semesters', 'Semesters of 2026-27 Odd Term', 'Semester 3'],
  ['Division', 'Semester', 'Please enter division', 'Get Division', 'Divisions of Semester 3', 'Division 1'],
  ['Batch', 'Division', 'Please enter batch', 'Get Batch', 'Batches of Division 1', 'Batch 1A'],
  ['Course', 'Semester', 'Please enter course', 'Get Course', 'Courses of Semester 3', 'Data Structures'],
  ['Slot', 'Term', 'Please enter slot', 'Get Slots', 'Slots of 2026-27 Odd Term', '09:00 - 10:00'],
];

async function checkTerm(s: Screen, size: string) {
  await s.open('/dashboard/term', 'Term');
  await s.button('Add Term').click();
  await s.main().getByText('This field is required').first().waitFor();
  await s.button('Get Terms').click();
  await s.main().getByRole('table', { name: 'Terms' }).waitFor();
  await expectAccessible(s.page, `Term with its errors and list ${size}`);
}

/** The screen with its errors and its list, then with a row's delete dialog open, then closed with Escape. */
async function checkStructure(s: Screen, [title, parent, required, get, list, row]: StructureScreen, size: string) {
  await s.open(`/dashboard/${title.toLowerCase()}`, title);
  await s.button(`Add ${title}`).click();
  await s.main().getByText(required).waitFor();
  await expect.poll(() => s.field(parent).inputValue()).not.toBe('');
  await s.button(get).click();
  await deleteButton(s.main().getByRole('table', { name: list }), row).click();
  await s.dialog().waitFor();
  await expect.poll(() => s.dialog().getByRole('button', { name: 'Delete' }).isEnabled()).toBe(true);
  await expectAccessible(s.page, `${title} with its dialog ${size}`);
  if (size === '1280px' && title === 'Batch') await screenshot(s.page, 'admin-batch-dialog-1280');
  await s.page.keyboard.press('Escape');
  await s.dialog().waitFor({ state: 'hidden' });
  await expectAccessible(s.page, `${title} with its errors and list ${size}`);
  expect(await scrollsSideways(s.page)).toBe(false);
  expect(await brokenWords(s.page)).toEqual([]);
}

async function checkUsers(s: Screen, size: string) {
  await s.open('/dashboard/adduser', 'Add User');
  await s.button('Add User').click();
  await s.main().getByText('Please enter username').waitFor();
  await s.button('Get Users').click();
  await deleteButton(s.main().getByRole('table', { name: 'Users' }), 'faculty@sams.local').click();
  await s.dialog().waitFor();
  await expectAccessible(s.page, `Add User with its dialog ${size}`);
  await s.page.keyboard.press('Escape');
  await s.dialog().waitFor({ state: 'hidden' });
  await expectAccessible(s.page, `Add User with its errors and list ${size}`);
  expect(await scrollsSideways(s.page)).toBe(false);
  expect(await brokenWords(s.page)).toEqual([]);
}

/** Runs `check` on a new CSP-bypassing admin page at `viewport`, closed after. */
async function onAxePage(viewport: ViewportSize, check: (s: Screen, size: string) => Promise<void>) {
  const s = await t.axeScreen(ADMIN, viewport);
  try {
    await check(s, `${viewport.width}px`);
  } finally {
    await s.page.context().close();
  }
}

describe('e2e admin: axe-core finds no serious or critical violation', () => {
  it('at 360 px on every admin screen, with its errors, its list and its dialog', async () => {
    await onAxePage(PHONE, async (s, size) => {
      await checkTerm(s, size);
      for (const screen of STRUCTURE) await checkStructure(s, screen, size);
      await checkUsers(s, size);
    });
  });

  it('at 1280 px on Term, Batch and Add User', async () => {
    await onAxePage(DESKTOP, async (s, size) => {
      await checkTerm(s, size);
      await checkStructure(
        s,
        STRUCTURE.find(([title]) => title === 'Batch')!,
        size,
      );
      await checkUsers(s, size);
    });
  });
});
