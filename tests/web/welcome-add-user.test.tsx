import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '@shared/schemas/auth';
import { addedBody, loadAdminScreens, main, openAdmin, typeInto } from './support/admin';

loadAdminScreens();

/*
 * Add user without a password (docs/product.md §2.5): SAMS emails the new user a link to set their own;
 * a welcome email that could not be sent stays said, with the button that sends it again. Reset password
 * offers the same link for an existing user.
 */

const NEW: PublicUser = { _id: 'u-3', username: 'New Faculty', email: 'new@sams.local', role: 'faculty' };
const SENT = 'User created. New Faculty was emailed a link to set their own password; it works for 72 hours.';
const NOT_SENT =
  'User created, but the welcome email could not be sent. Send it again with Email a set-password link (Reset password, in the user list).';

async function fillNewFaculty(app: Awaited<ReturnType<typeof openAdmin>>['app']) {
  await typeInto(app, { Username: NEW.username, Email: NEW.email });
  await app.user.selectOptions(main().getByLabelText('User type'), 'faculty');
}

describe('admin: add a user without a password', () => {
  it('says in the hint that an empty password emails a link, and then invites the user instead of registering a password', async () => {
    const opened = await openAdmin('/dashboard/adduser', 'Add User', {
      'GET /user': { data: [NEW] },
      'POST /user/invite': { status: 201, data: { ...NEW, welcomeEmail: 'sent' as const }, message: SENT },
    });
    expect(main().getByLabelText('Password')).toHaveAccessibleDescription(
      'At least 8 characters. Leave empty to email them a link to set their own password',
    );
    await fillNewFaculty(opened.app);
    const sent = await addedBody(opened, 'Add User', SENT, '/user/invite');
    expect(sent).toEqual({ username: NEW.username, email: NEW.email, role: 'faculty' });
    expect(opened.api.callsTo('POST', '/auth/register')).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps a welcome email that could not be sent said, and sends it again from there', async () => {
    const opened = await openAdmin('/dashboard/adduser', 'Add User', {
      'GET /user': { data: [NEW] },
      'POST /user/invite': { status: 201, data: { ...NEW, welcomeEmail: 'not sent' as const }, message: NOT_SENT },
      'POST /user/u-3/set-password-link': {
        data: { user: NEW, expiresAt: '2026-07-04T10:00:00.000Z' },
        message: 'A link to set their password was emailed to new@sams.local; it works once, within 72 hours.',
      },
    });
    await fillNewFaculty(opened.app);
    await opened.app.user.click(main().getByRole('button', { name: 'Add User' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(NOT_SENT);
    await opened.app.user.click(within(banner).getByRole('button', { name: 'Send the welcome email again' }));
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
        'A link to set their password was emailed to new@sams.local; it works once, within 72 hours.×',
      ),
    );
    expect(opened.api.callsTo('POST', '/user/u-3/set-password-link')).toHaveLength(1);
    expect(screen.queryByText(NOT_SENT)).not.toBeInTheDocument();
  });

  it('offers Email a set-password link in Reset password, instead of a one-time password', async () => {
    const opened = await openAdmin('/dashboard/adduser', 'Add User', {
      'GET /user': { data: [NEW] },
      'POST /user/u-3/set-password-link': {
        data: { user: NEW, expiresAt: '2026-07-02T10:00:00.000Z' },
        message: 'A link to set a new password was emailed to new@sams.local; it works once, within 24 hours.',
      },
    });
    await opened.app.user.click(main().getByRole('button', { name: 'Get Users' }));
    const table = await screen.findByRole('table', { name: 'Users' });
    await opened.app.user.click(within(table).getByRole('button', { name: 'Reset password new@sams.local' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset password' });
    await opened.app.user.click(within(dialog).getByRole('button', { name: 'Email a set-password link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
      'A link to set a new password was emailed to new@sams.local; it works once, within 24 hours.×',
    );
    expect(opened.api.callsTo('POST', '/user/u-3/reset-password')).toEqual([]);
  });
});
