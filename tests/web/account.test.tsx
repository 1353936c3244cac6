import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActiveLoginSession } from '@shared/schemas/auth';
import { PASSWORD_MESSAGES } from '@shared/schemas/auth';
import { mockApi, routes } from './support/fake-api';
import { ADMIN, FACULTY, NOTHING_TODAY, ODD, SEMESTER_3, signedInAs } from './support/fixtures';
import { renderApp } from './support/render-app';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SESSIONS: ActiveLoginSession[] = [
  { _id: 'here', device: LAPTOP, signedInAt: '2026-11-24T08:00:00.000Z', lastSeenAt: '2026-11-24T09:30:00.000Z', current: true },
  { _id: 'phone', device: PHONE, signedInAt: '2026-11-23T07:00:00.000Z', lastSeenAt: '2026-11-23T11:05:00.000Z', current: false },
];
/** Lazy pages load slowly on a busy machine. */
const SLOW = { timeout: 5000 };
const home = routes({
  ...NOTHING_TODAY,
  'GET /term/active': { data: [ODD] },
  'GET /semester/t1': { data: [SEMESTER_3] },
  'GET /auth/sessions': { data: SESSIONS },
});

describe('My account', () => {
  it.each([FACULTY, ADMIN])('is linked from the navigation bar ($role)', async (user) => {
    mockApi({ ...signedInAs(user), ...home, 'GET /term': { data: [ODD] } });
    renderApp('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('link', { name: 'My account' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(`${user.username} · ${user.email} · ${user.role}`)).toBeInTheDocument();
  });

  it('lists my sessions by device, the current one marked, and signs out another device', async () => {
    const api = mockApi({
      ...signedInAs(FACULTY),
      ...home,
      'DELETE /auth/sessions/phone': { data: null, message: 'Signed out on that device' },
    });
    const app = renderApp('/account');
    const table = await screen.findByRole('table', {}, SLOW);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Firefox on Windows (this device)',
      'Chrome on Android',
    ]);
    expect(within(rows[1]!).getByText('2026-11-23 16:35')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Sign out Chrome on Android' }));
    expect(await screen.findByText('Signed out on that device')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/auth/sessions/phone')).toHaveLength(1);
    expect(app.location().pathname).toBe('/account');
  });

  it('signs out everywhere and goes to the login page', async () => {
    const api = mockApi({ ...signedInAs(FACULTY), ...home, 'DELETE /auth/sessions': { data: null, message: 'Signed out everywhere' } });
    const app = renderApp('/account');
    await screen.findByRole('table', {}, SLOW);
    await app.user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(api.callsTo('DELETE', '/auth/sessions')).toHaveLength(1);
  });

  it('changes the password: checks the two new ones match, sends current and new, and says the other sessions ended', async () => {
    const api = mockApi({
      ...signedInAs(FACULTY),
      ...home,
      'POST /auth/password': { data: FACULTY, message: 'Password changed. Every other session has been signed out.' },
    });
    const app = renderApp('/account');
    await screen.findByRole('heading', { name: 'Change password' }, SLOW);
    await app.user.type(screen.getByLabelText('Current password'), 'Faculty@12345');
    await app.user.type(screen.getByLabelText('New password'), 'Monsoon-ledger-42');
    await app.user.type(screen.getByLabelText('New password again'), 'Monsoon-ledger-43');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText('New password again')).toHaveAccessibleDescription('The two new passwords are not the same');
    expect(api.callsTo('POST', '/auth/password')).toHaveLength(0);

    await app.user.clear(screen.getByLabelText('New password again'));
    await app.user.type(screen.getByLabelText('New password again'), 'Monsoon-ledger-42');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed. Every other session has been signed out.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/password')[0]!.body).toEqual({ currentPassword: 'Faculty@12345', newPassword: 'Monsoon-ledger-42' });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it("shows the server's refusals under the field they are about", async () => {
    let reply: { status: number; message: string } = { status: 400, message: PASSWORD_MESSAGES.currentWrong };
    mockApi({ ...signedInAs(FACULTY), ...home, 'POST /auth/password': () => reply });
    const app = renderApp('/account');
    await screen.findByRole('heading', { name: 'Change password' }, SLOW);
    await app.user.type(screen.getByLabelText('Current password'), 'wrong-one');
    await app.user.type(screen.getByLabelText('New password'), 'password1');
    await app.user.type(screen.getByLabelText('New password again'), 'password1');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(PASSWORD_MESSAGES.currentWrong));

    reply = { status: 400, message: PASSWORD_MESSAGES.common };
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(expect.stringContaining(PASSWORD_MESSAGES.common)),
    );
  });

  it('holds a user signed in with a one-time password on "Choose your password" until they change it, then goes Home', async () => {
    const fresh = { ...FACULTY, mustChangePassword: true as const };
    const api = mockApi({
      ...signedInAs(fresh),
      ...home,
      'POST /auth/password': { data: FACULTY, message: 'Password changed. Every other session has been signed out.' },
    });
    const app = renderApp('/dashboard/viewattendance');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your password' }, SLOW)).toBeInTheDocument();
    expect(app.location().pathname).toBe('/account');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await app.user.type(screen.getByLabelText('Current password'), 'K7QM-9XPA-3HTR');
    await app.user.type(screen.getByLabelText('New password'), 'Monsoon-ledger-42');
    await app.user.type(screen.getByLabelText('New password again'), 'Monsoon-ledger-42');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(app.location().pathname).toBe('/'), SLOW);
    expect(api.callsTo('POST', '/auth/password')[0]!.body).toEqual({ currentPassword: 'K7QM-9XPA-3HTR', newPassword: 'Monsoon-ledger-42' });
  });
});
