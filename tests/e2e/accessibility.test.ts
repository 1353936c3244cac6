import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { ADMIN, DESKTOP, FACULTY, PHONE, signIn } from './support/browser';
import { useE2e } from './support/use-e2e';

const t = useE2e();

// axe-core is injected as an inline script, so these contexts bypass the page's CSP.
const openPage = (viewport = PHONE) => t.e2e.newPage({ viewport, bypassCSP: true });

async function follow(page: Page, link: string | RegExp, title: string) {
  await page.getByRole('link', { name: link }).first().click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

describe('e2e accessibility: axe-core finds no serious or critical violation', () => {
  it('on every screen of the marking flow (faculty, 360 px), the success screen and the menu', async () => {
    const page = await openPage(PHONE);
    await page.goto('/login');
    await page.getByRole('region', { name: 'Demo accounts' }).waitFor();
    await expectAccessible(page, 'login');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Password is required').waitFor();
    await expectAccessible(page, 'login with errors');

    await signIn(page, FACULTY);
    await page.getByRole('link', { name: 'Semester 5' }).waitFor();
    await expectAccessible(page, 'home');
    await follow(page, 'Semester 5', 'Choose a course');
    await expectAccessible(page, 'courses');
    await follow(page, 'Operating Systems', 'Lecture or Lab?');
    await expectAccessible(page, 'lecture or lab');
    await follow(page, /^Lab/, 'Choose a time slot');
    await page.getByRole('link', { name: '14:00 - 15:00' }).waitFor();
    await expectAccessible(page, 'time slots');
    await follow(page, '14:00 - 15:00', 'Choose a division');
    await page.getByRole('link', { name: 'Division 2' }).waitFor();
    await expectAccessible(page, 'divisions');
    await follow(page, 'Division 2', 'Choose a batch');
    await page.getByRole('link', { name: 'Batch 2A' }).waitFor();
    await expectAccessible(page, 'batches');
    await follow(page, 'Batch 2A', 'Who is present?');
    await page.getByRole('checkbox', { name: 'Select all' }).waitFor();
    await page.getByRole('checkbox').nth(1).check();
    await expectAccessible(page, 'students form');

    await page.getByRole('button', { name: 'Menu' }).click();
    await expectAccessible(page, 'menu open');
    await page.getByRole('button', { name: 'Menu' }).click();

    await page.getByRole('button', { name: 'Mark' }).click();
    await page.getByRole('heading', { name: 'Attendance Marked Successfully' }).waitFor();
    await expectAccessible(page, 'success');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 6000 });

    await page.goto('/dashboard/viewattendance');
    await page.getByRole('heading', { level: 1, name: 'View Attendance' }).waitFor();
    await expectAccessible(page, 'view attendance');

    // The Reports form (tests/e2e/reports.test.ts checks the list and a record, with sessions marked).
    await page.goto('/reports');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await page.getByLabel('Semester', { exact: true }).locator('option', { hasText: 'Semester 3' }).waitFor({ state: 'attached' });
    await expectAccessible(page, 'reports');

    await page.goto('/students/x?kind=1');
    await page.getByText('This page is missing the choices of the earlier steps.').waitFor();
    await expectAccessible(page, 'missing context');

    await page.goto('/nowhere');
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    await expectAccessible(page, 'error page');
    await page.context().close();
  });

  it('on the admin screens (1280 px): Home with the current term and an admin page', async () => {
    const page = await openPage(DESKTOP);
    await signIn(page, ADMIN);
    await page.getByRole('link', { name: 'Semester 3' }).waitFor();
    await page.getByRole('link', { name: /^Active term: 2026-27 Odd Term/ }).waitFor();
    await expectAccessible(page, 'admin home');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Term', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Term' }).waitFor();
    await expectAccessible(page, 'admin term');
    await page.context().close();
  });
});
