import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Term } from '@shared/schemas/structure';
import { ADMIN, DESKTOP, FACULTY, PHONE, scrollsSideways, screenshot, signIn, type Account } from './support/browser';
import { useE2e } from './support/use-e2e';

// The logged-out status check answers 401, which Chromium logs as a failed resource load.
const t = useE2e({ expectedErrors: /status of 401/ });

/** A page (signed in as `account` when given) whose console errors are collected. */
async function openPage(viewport = PHONE, account?: Account): Promise<Page> {
  return t.watch(account ? await t.e2e.signedInPage(account, { viewport }) : await t.e2e.newPage({ viewport }));
}

/** The links whose screen has another title than the link's name. */
const TITLE_OF_LINK: Record<string, string> = {
  Home: 'Mark Attendance',
  'Chg Term': 'Change Term',
  Adduser: 'Add User',
  Invite: 'Invitations',
  Leave: 'Leave applications',
};

const pathOf = (page: Page) => new URL(page.url()).pathname;
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('e2e guards and login', () => {
  it('sends a logged-out visitor of a page that needs login to /login, with no navigation bar', async () => {
    const page = await openPage();
    await page.goto('/course/some-semester?extraData=Semester+3');
    await page.getByRole('heading', { name: 'SAMS Login' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    expect(await mainNav(page).count()).toBe(0);
    await page.context().close();
  });

  it('validates the form, refuses a wrong password and shows the demo hint', async () => {
    const page = await openPage();
    await page.goto('/login');
    const hint = page.getByRole('region', { name: 'Demo accounts' });
    await hint.waitFor();
    expect(await hint.getByText('faculty@sams.local', { exact: true }).count()).toBe(1);
    expect(await hint.getByText('faculty2@sams.local', { exact: true }).count()).toBe(1);
    // Both demo faculty members share a password.
    expect(await hint.getByText('Faculty@12345', { exact: true }).count()).toBe(2);

    await page.getByLabel('Email').fill('not an email');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Email address must be a valid address').waitFor();
    await page.getByText('Password is required').waitFor();

    await page.getByLabel('Email').fill('nobody@sams.local');
    await page.getByLabel('Password').fill('Wrong-password-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong email or password' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    expect(await scrollsSideways(page)).toBe(false);
    await page.context().close();
  });

  it('sends a faculty member opening /dashboard/term to /, and a signed-in visitor of /login to /', async () => {
    // Signs in through the form; the later tests reuse this session.
    const page = await openPage(PHONE, FACULTY);
    await page.goto('/dashboard/term');
    await page.getByRole('heading', { name: 'Mark Attendance' }).waitFor();
    expect(pathOf(page)).toBe('/');
    expect(await page.getByRole('heading', { name: 'Term', exact: true }).count()).toBe(0);

    await page.goto('/login');
    await page.getByRole('heading', { name: 'Mark Attendance' }).waitFor();
    expect(pathOf(page)).toBe('/');
    await page.context().close();
  });

  it('shows the Unexpected Application Error! page for an unknown route', async () => {
    const page = await openPage(PHONE, FACULTY);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    await page.context().close();
  });
});

describe('e2e navigation bar', () => {
  it('at 360 px folds the links into a menu: the toggle opens and closes it, aria-expanded flips', async () => {
    const page = await openPage(PHONE, FACULTY);
    const toggle = page.getByRole('button', { name: 'Menu' });
    const viewLink = mainNav(page).getByRole('link', { name: 'View Attendance' });
    expect(await toggle.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await viewLink.isVisible()).toBe(false);
    const controls = await toggle.getAttribute('aria-controls');
    expect(await page.locator(`#${controls}`).count()).toBe(1);

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await viewLink.waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'menu-open-360');

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await viewLink.waitFor({ state: 'hidden' });

    // Keyboard: Enter opens, Escape closes; a followed link closes it too.
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await viewLink.click();
    await page.getByRole('heading', { level: 1, name: 'View Attendance' }).waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await viewLink.isVisible()).toBe(false);
    await toggle.click();
    expect(await viewLink.getAttribute('aria-current')).toBe('page');
    expect(await mainNav(page).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    await page.context().close();
  });

  it('at 1280 px shows the links without a toggle and highlights the current one', async () => {
    const page = await openPage(DESKTOP, FACULTY);
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    const home = mainNav(page).getByRole('link', { name: 'Home' });
    const view = mainNav(page).getByRole('link', { name: 'View Attendance' });
    expect(await home.getAttribute('aria-current')).toBe('page');
    expect(await view.isVisible()).toBe(true);
    await view.click();
    await page.getByRole('heading', { level: 1, name: 'View Attendance' }).waitFor();
    expect(await view.getAttribute('aria-current')).toBe('page');
    expect(await home.getAttribute('aria-current')).toBeNull();
    expect(await mainNav(page).getByRole('link').allTextContents()).toEqual(['Home', 'View Attendance', 'Reports', 'Leave']);
    await page.context().close();
  });

  it('admin: every management link opens its screen; the current term is a label, switched on the Term screen after asking (Home follows)', async () => {
    const page = await openPage(DESKTOP, ADMIN);
    const links = await mainNav(page).getByRole('link').allTextContents();
    expect(links.join(' · ')).toBe(
      'Home · Term · Semester · Division · Batch · Course · Slot · Timetable · Student · Import students · Chg Term · Adduser · Invite · View Attendance · Not marked · Reports · Leave · Settings',
    );
    await page.getByRole('link', { name: 'Semester 3' }).waitFor();
    const current = page.getByRole('link', { name: /^Active term: / });
    expect(await current.textContent()).toBe('Active term 2026-27 Odd Term');
    expect(await page.getByRole('combobox', { name: /Active term/ }).count()).toBe(0);
    await screenshot(page, 'admin-home-1280');

    // The label opens the Term screen, where the switch is asked first.
    const makeActive = async (name: string) => {
      await page.getByRole('button', { name: 'Get Terms' }).click();
      await page.getByRole('button', { name: `Make active… ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Make ${name} the active term?` });
      await dialog.getByText("Every faculty member's Home and Today will show").waitFor();
      await dialog.getByRole('button', { name: 'Make active now' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `${name} is now the active term` })
        .waitFor();
      await page.getByRole('link', { name: new RegExp(`^Active term: ${name}`) }).waitFor();
    };
    await current.click();
    await page.getByRole('heading', { level: 1, name: 'Term' }).waitFor();
    await makeActive('2025-26 Even Term');
    const active = (await (await page.request.get('/api/v1/term/active')).json()) as { data: Term[] };
    expect(active.data.map((term) => term.name)).toEqual(['2025-26 Even Term']);
    await mainNav(page).getByRole('link', { name: 'Home' }).click();
    await page.getByRole('link', { name: 'Semester 2' }).waitFor();
    expect(await page.getByRole('link', { name: 'Semester 3' }).count()).toBe(0);

    // And back, so the college is as it was.
    await mainNav(page).getByRole('link', { name: 'Term', exact: true }).click();
    await makeActive('2026-27 Odd Term');
    await mainNav(page).getByRole('link', { name: 'Home' }).click();
    await page.getByRole('link', { name: 'Semester 3' }).waitFor();

    // Each link opens its screen and becomes the current one (Home last: the page starts there).
    const paths: string[] = [];
    for (const link of links.toReversed()) {
      await mainNav(page).getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: TITLE_OF_LINK[link] ?? link, exact: true }).waitFor();
      expect(await mainNav(page).locator('[aria-current="page"]').allTextContents()).toEqual([link]);
      paths.unshift(pathOf(page));
    }
    expect(paths.join(' ')).toBe(
      '/ /dashboard/term /dashboard/semester /dashboard/division /dashboard/batch /dashboard/course /dashboard/slot /dashboard/timetable /dashboard/student /dashboard/import /dashboard/changestu /dashboard/adduser /dashboard/invitations /dashboard/viewattendance /dashboard/notmarked /reports /leave /dashboard/settings',
    );
    await page.context().close();
  });

  it('logs out: back to /login, and pages that need login stay closed', async () => {
    // A session of its own (logout ends it on the server).
    const page = await openPage();
    await signIn(page, FACULTY);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'SAMS Login' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    await page.goto('/');
    await page.getByRole('heading', { name: 'SAMS Login' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    await page.context().close();
  });

  it('opens a page on a first visit in at most 12 scripts and 5 stylesheets (index.html, the router with the shared chunk, the page)', async () => {
    const signedIn = await openPage(PHONE, ADMIN);
    const admin = await signedIn.context().storageState();
    await signedIn.context().close();
    const fetched: Record<string, { scripts: number; styles: number }> = {};
    for (const [path, heading, storageState] of [
      ['/login', 'SAMS Login', undefined],
      ['/', 'Mark Attendance', admin],
      ['/dashboard/viewattendance', 'View Attendance', admin],
    ] as const) {
      // Nothing cached: a new context, signed in by its cookie alone.
      const page = t.watch(await t.e2e.newPage({ storageState }));
      const files = { script: new Set<string>(), stylesheet: new Set<string>() };
      page.on('request', (request) => {
        const type = request.resourceType();
        if (type === 'script' || type === 'stylesheet') files[type].add(new URL(request.url()).pathname);
      });
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      fetched[path] = { scripts: files.script.size, styles: files.stylesheet.size };
      await page.context().close();
    }
    console.log('files on a first visit', fetched);
    // web/vite.config.ts CHUNK_GROUPS; left to the bundler's defaults /login fetched 15 scripts, Home 27, the view screen 31 and 10 stylesheets.
    for (const [path, count] of Object.entries(fetched))
      expect({ path, scripts: Math.min(count.scripts, 12), styles: Math.min(count.styles, 5) }).toEqual({ path, ...count });
  });

  it('ran every page above under the strict CSP without a console error', () => {
    expect(t.consoleErrors).toEqual([]);
  });
});
