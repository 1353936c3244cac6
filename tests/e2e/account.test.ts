import { describe, expect, it } from 'vitest';
import { ADMIN, screenshot, scrollsSideways } from './support/browser';
import { Screen } from './support/screen';
import { useE2e } from './support/use-e2e';

/*
 * Accounts in Chromium (360 px) against the real local stack: an admin resets a faculty member's
 * password and reads the one-time password once; the faculty member signs in with it, is held on
 * "Choose your password" until they choose one, then sees their sessions on My account and signs
 * out everywhere.
 */
// A new page's status check before signing in answers 401, which Chromium logs as a failed resource load.
const t = useE2e({ account: ADMIN, expectedErrors: /status of 401/ });
const { main, button, toast } = t;

const USER = { username: 'Kavya Menon', email: 'kavya.menon@sams.local', password: 'Initial-pass-77' };
const CHOSEN = 'Monsoon-ledger-42';

describe('e2e: accounts', () => {
  it('reset password → sign in with the one-time password → choose a new one → my sessions → sign out everywhere', async () => {
    const created = await t.page.request.post('/api/v1/auth/register', { data: { ...USER, role: 'faculty' } });
    expect(created.status()).toBe(201);

    await t.open('/dashboard/adduser', 'Add User');
    await button('Get Users').click();
    const list = main().getByRole('table', { name: 'Users' });
    await list.getByRole('button', { name: `Reset password ${USER.email}`, exact: true }).click();
    const confirm = t.dialog('Reset password');
    await confirm.getByText(`Reset the password of ${USER.username} (${USER.email})?`).waitFor();
    await confirm.getByRole('button', { name: 'Reset password' }).click();
    const shown = t.dialog('One-time password');
    const oneTimePassword = (await shown.locator('code').textContent())!;
    expect(oneTimePassword).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await screenshot(t.page, 'account-one-time-password-360');
    await shown.getByRole('button', { name: 'Done' }).click();
    await list.getByRole('button', { name: `Unlock ${USER.email}`, exact: true }).click();
    await toast(`${USER.username}'s account was not locked`).waitFor();

    const page = t.watch(await t.e2e.newPage());
    const faculty = Screen.of(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill(USER.email);
    await page.getByLabel('Password').fill(oneTimePassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { level: 1, name: 'Choose your password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account');
    // Any other page leads back here until the password is changed.
    await page.goto('/reports');
    await page.getByRole('heading', { level: 1, name: 'Choose your password' }).waitFor();

    await faculty.field('Current password').fill(oneTimePassword);
    await faculty.field('New password').fill(CHOSEN);
    await faculty.field('New password again').fill(CHOSEN);
    await faculty.button('Change password').click();
    await page.getByRole('heading', { name: 'Mark Attendance' }).waitFor();

    await page.goto('/account');
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    const sessions = faculty.main().getByRole('table');
    await sessions.getByText('(this device)').waitFor();
    expect(await sessions.getByRole('row').count()).toBe(2);
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'account-my-account-360');
    await faculty.button('Sign out everywhere').click();
    await page.getByRole('heading', { name: 'SAMS Login' }).waitFor();

    const signIn = await t.page.request.post('/api/v1/auth/login', { data: { email: USER.email, password: CHOSEN } });
    expect(signIn.status()).toBe(200);
  }, 120_000);

  it('ran the screens under the strict CSP without a console error', () => {
    expect(t.consoleErrors).toEqual([]);
  });
});
