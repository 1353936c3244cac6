import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { ADMIN, DESKTOP, FACULTY, PHONE, screenshot, scrollsSideways, withinWidth } from './support/browser';
import { chosen } from './support/screen';
import { useE2e } from './support/use-e2e';

/*
 * The admin's grouped navigation at 1280 and 360 px, the lists that load on arrival, and finding a student
 * by name or enrollment (any script) from the Student screen and from Reports, in Chromium over the demo college.
 */

const t = useE2e({ account: ADMIN, viewport: DESKTOP });
const { main, field, button, open } = t;
const mainNav = () => t.page.getByRole('navigation', { name: 'Main' });
const GROUPS = ['Academic structure', 'People', 'Attendance', 'College'];

describe('e2e admin navigation, grouped', () => {
  it('at 1280 px shows every link under its heading, the current one highlighted, the lists loaded on arrival', async () => {
    await open('/dashboard/semester', 'Semester');
    // Listed without pressing Get: the active term's semesters.
    await main().getByRole('table', { name: 'Semesters of 2026-27 Odd Term' }).waitFor();
    for (const heading of GROUPS) expect(await mainNav().getByText(heading, { exact: true }).isVisible()).toBe(true);
    const links = mainNav().getByRole('link');
    expect(await links.count()).toBe(18);
    for (const link of await links.all()) expect(await withinWidth(link), (await link.textContent()) ?? '').toBe(true);
    const current = mainNav().getByRole('link', { name: 'Semester', exact: true });
    expect(await current.getAttribute('aria-current')).toBe('page');
    const look = await current.evaluate((node) => {
      const style = getComputedStyle(node);
      return { background: style.backgroundColor, line: style.textDecorationLine };
    });
    expect(look).toEqual({ background: 'rgb(255, 255, 255)', line: 'underline' });
    // The bar stays a bar: brand and tools, then the grouped links (two lines at most).
    const height = await t.page
      .locator('header')
      .first()
      .evaluate((node) => node.getBoundingClientRect().height);
    await screenshot(t.page, 'admin-nav-1280');
    console.log('admin navigation bar height at 1280 px', height);
    expect(height).toBeLessThan(120);
    expect(await scrollsSideways(t.page)).toBe(false);

    await open('/dashboard/student', 'Student');
    await main().getByRole('table', { name: 'Students of Batch 1A (Semester 3)' }).waitFor();
    await open('/dashboard/term', 'Term');
    await main().getByRole('table', { name: 'Terms' }).waitFor();

    // axe-core on the grouped bar and a search's results (its own page: axe needs the CSP bypassed).
    const axe = await t.axeScreen(ADMIN, DESKTOP);
    await axe.open('/reports', 'Reports');
    const search = axe.main().getByRole('searchbox', { name: 'Find a student' });
    await search.fill('24CE00');
    await search.press('Enter');
    await axe.main().getByRole('list', { name: 'Students found' }).getByRole('link').first().waitFor();
    await expectAccessible(axe.page, 'admin navigation and student search, 1280 px');
    await axe.page.context().close();
  });

  it('at 360 px folds the groups into the menu, headings and all, without scrolling sideways', async () => {
    const page = t.watch(await t.e2e.signedInPage(ADMIN, { viewport: PHONE }));
    await page.goto('/reports');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const heading of GROUPS) await nav.getByText(heading, { exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Reports' }).getAttribute('aria-current')).toBe('page');
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'admin-menu-360');
    await nav.getByRole('link', { name: 'Not marked' }).click();
    await page.getByRole('heading', { level: 1, name: 'Not marked' }).waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });
});

describe('e2e student search', () => {
  it('Student screen: finds a Hindi name and a Tamil name, and shows the student’s batch', async () => {
    await open('/dashboard/student', 'Student');
    await expect.poll(() => chosen(field('Batch'))).toBe('Batch 1A');
    // Two students in Batch 2B of Semester 5.
    await field('Semester').selectOption({ label: 'Semester 5' });
    await field('Division').locator('option', { hasText: 'Division 2' }).waitFor({ state: 'attached' });
    await field('Division').selectOption({ label: 'Division 2' });
    await field('Batch').locator('option', { hasText: 'Batch 2B' }).waitFor({ state: 'attached' });
    await field('Batch').selectOption({ label: 'Batch 2B' });
    for (const [enrollment, name] of [
      ['24CE901', 'प्रिया शर्मा'],
      ['24CE902', 'முருகன் செல்வம்'],
    ]) {
      await field('Enrollment').fill(enrollment!);
      await field('Name').fill(name!);
      await field('Email').fill(`${enrollment!.toLowerCase()}@students.sams.local`);
      await button('Add Student').click();
      await main().getByRole('cell', { name: enrollment, exact: true }).waitFor();
    }
    // Back to the first batch, then found by a word of the name.
    await field('Semester').selectOption({ label: 'Semester 3' });
    const search = main().getByRole('searchbox', { name: 'Find a student' });
    await search.fill('शर्मा');
    await search.press('Enter');
    const results = main().getByRole('list', { name: 'Students found' });
    await results.getByRole('link', { name: 'प्रिया शर्मा' }).waitFor();
    expect(await results.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('Semester 5 · Division 2 · Batch 2B')]);
    await results.getByRole('button', { name: 'Show batch 24CE901 प्रिया शर्मा' }).click();
    await main()
      .getByRole('table', { name: 'Students of Batch 2B (Semester 5)' })
      .getByRole('cell', { name: '24CE901', exact: true })
      .waitFor();
    expect(await chosen(field('Batch'))).toBe('Batch 2B');

    await search.fill('முருக');
    await search.press('Enter');
    await results.getByRole('link', { name: 'முருகன் செல்வம்' }).waitFor();
  });

  it('Reports (a faculty member, on a phone): a too-short text is refused, an enrollment opens the record', async () => {
    const page = t.watch(await t.e2e.signedInPage(FACULTY, { viewport: PHONE }));
    await page.goto('/reports');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    const search = page.getByRole('main').getByRole('searchbox', { name: 'Find a student' });
    await search.fill('9');
    await search.press('Enter');
    await page.getByText('Type at least 2 characters of a name or enrollment').waitFor();
    await search.fill('24ce902');
    await search.press('Enter');
    await page.getByRole('main').getByText('1 student found').waitFor();
    await page.getByRole('link', { name: 'முருகன் செல்வம்' }).click();
    await page.getByRole('heading', { level: 1, name: "Student's record" }).waitFor();
    await page.getByRole('main').getByText('24CE902').first().waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await page.context().close();
  });

  it('ran every page above under the strict CSP without a console error', () => {
    expect(t.consoleErrors).toEqual([]);
  });
});
