import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, SET_PASSWORD_MESSAGES } from '@shared/schemas/auth';
import { PASSWORDS_DIFFER } from '@web/features/auth/components/set-password-page';
import { mockApi, type Routes } from './support/fake-api';
import { FACULTY, signedInAs } from './support/fixtures';
import { renderApp } from './support/render-app';

/*
 * Set your password (docs/product.md §4): the page an emailed link opens (its token in the fragment),
 * the new password twice, then the way to Login. Signed in or not, it is the same page.
 */

const TOKEN = 'T'.repeat(43);

function open<T>(url: string, extra?: Routes<T>, user = null as typeof FACULTY | null) {
  const api = mockApi({ ...signedInAs(user), ...extra });
  const app = renderApp(url);
  return { api, app };
}

const fill = async (app: ReturnType<typeof renderApp>, password: string, again = password) => {
  await app.user.type(await screen.findByLabelText('New password'), password);
  await app.user.type(screen.getByLabelText('New password again'), again);
  await app.user.click(screen.getByRole('button', { name: 'Set password' }));
};

describe('the set-password page', () => {
  it("sends the link's token with the new password, then says it is set and leads to Login", async () => {
    const { api, app } = open(`/set-password#token=${TOKEN}`, {
      'POST /auth/set-password': { data: null, message: 'Your password is set. Sign in with it.' },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Set your password' })).toBeInTheDocument();
    await fill(app, 'Monsoon-ledger-42');
    expect(await screen.findByRole('status')).toHaveTextContent('Your password is set. Sign in with it.');
    expect(api.callsTo('POST', '/auth/set-password').map((call) => call.body)).toEqual([{ token: TOKEN, password: 'Monsoon-ledger-42' }]);
    await app.user.click(screen.getByRole('link', { name: 'Go to Login' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'SAMS Login' })).toBeInTheDocument();
  });

  it('takes the token from the query too, and opens the same for a signed-in visitor', async () => {
    const { api, app } = open(`/set-password?token=${TOKEN}`, { 'POST /auth/set-password': { data: null, message: 'Set.' } }, FACULTY);
    await fill(app, 'Monsoon-ledger-42');
    await screen.findByText('Set.');
    expect(api.callsTo('POST', '/auth/set-password')[0]!.body).toEqual({ token: TOKEN, password: 'Monsoon-ledger-42' });
  });

  it('checks the two passwords and their length before sending anything', async () => {
    const { api, app } = open(`/set-password#token=${TOKEN}`);
    await fill(app, 'short');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(expect.stringContaining(PASSWORD_MESSAGES.tooShort));
    await app.user.clear(screen.getByLabelText('New password'));
    await app.user.clear(screen.getByLabelText('New password again'));
    await fill(app, 'Monsoon-ledger-42', 'Monsoon-ledger-43');
    expect(screen.getByLabelText('New password again')).toHaveAccessibleDescription(PASSWORDS_DIFFER);
    expect(api.callsTo('POST', '/auth/set-password')).toEqual([]);
  });

  it("shows the server's refusal of the password under it, and the form stays", async () => {
    const { app } = open(`/set-password#token=${TOKEN}`, {
      'POST /auth/set-password': { status: 400, message: PASSWORD_MESSAGES.common },
    });
    await fill(app, 'Password123!');
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(expect.stringContaining(PASSWORD_MESSAGES.common)),
    );
    expect(screen.getByRole('button', { name: 'Set password' })).toBeInTheDocument();
  });

  it('says a link that does not work (used, expired, cut short) in plain words, with the way to Login', async () => {
    const { app } = open(`/set-password#token=${TOKEN}`, {
      'POST /auth/set-password': { status: 400, message: SET_PASSWORD_MESSAGES.linkInvalid },
    });
    await fill(app, 'Monsoon-ledger-42');
    expect(await screen.findByRole('alert')).toHaveTextContent(SET_PASSWORD_MESSAGES.linkInvalid);
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('says the same at once for a link with no token, and sends nothing', async () => {
    const { api } = open('/set-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(SET_PASSWORD_MESSAGES.linkInvalid);
    expect(api.callsTo('POST', '/auth/set-password')).toEqual([]);
  });
});
