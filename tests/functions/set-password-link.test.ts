import { describe, expect, it } from 'vitest';
import { nowSeconds } from '@functions/lib/db';
import { SET_PASSWORD_MESSAGES } from '@shared/schemas/auth';
import { recipientsOf, useMailCatcher } from '@tests/support/alerts';
import { withDatabaseError } from '@tests/support/faults';
import { linkIn, login, setPassword, storedLink } from '@tests/support/set-password-links';
import { useTestStack, type SignedIn } from '@tests/support/stack';

/**
 * An admin's 'Email a set-password link' (docs/product.md §2.5): a link that sets a new password once,
 * within 24 hours, ending every session of the user; their password works until then.
 */
const t = useTestStack('admin');
const inbox = useMailCatcher();

const isLive = async (cookie: string) => (await t.stack.call('GET', '/api/v1/auth/currentstatus', { cookie })).status === 200;
const sendLink = (user: SignedIn) =>
  t.stack.api('POST /user/{id}/set-password-link', { params: { id: user.user._id }, cookie: t.admin.cookie });

/** Sends a link to the user and answers its token, read from the email. */
async function emailedToken(user: SignedIn): Promise<string> {
  const before = (await inbox.mails()).length;
  expect((await sendLink(user)).status).toBe(200);
  const mails = await inbox.mails(before + 1);
  expect(mails).toHaveLength(before + 1);
  const mail = mails.at(-1)!;
  expect(recipientsOf([mail])).toEqual([user.email]);
  return linkIn(mail).token;
}

describe("an admin's set-password link", () => {
  it('is emailed for 24 hours; the old password works until it is used, then it sets the new one and ends every session', async () => {
    const user = await t.stack.signIn('faculty');
    const before = nowSeconds();
    const sent = await sendLink(user);
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(`A link to set a new password was emailed to ${user.email}; it works once, within 24 hours.`);
    const [mail] = await inbox.mails(1);
    expect(mail!.subject).toBe('SAMS: set a new SAMS password');
    expect(mail!.text).toContain('Your current password keeps working until you do.');
    const { token } = linkIn(mail!);
    const stored = await storedLink(token);
    expect(stored).toMatchObject({ purpose: 'reset', userId: user.user._id });
    expect(stored!.expiresAt).toBeGreaterThanOrEqual(before + 24 * 3600);
    expect(stored!.expiresAt).toBeLessThanOrEqual(nowSeconds() + 24 * 3600);
    expect(Date.parse(sent.body.data.expiresAt) / 1000).toBe(stored!.expiresAt);

    expect((await login(t.stack, user.email, user.password)).status).toBe(200);
    expect(await isLive(user.cookie)).toBe(true);
    expect((await setPassword(t.stack, token, 'Monsoon-ledger-42')).status).toBe(200);
    expect(await isLive(user.cookie)).toBe(false);
    expect((await login(t.stack, user.email, user.password)).status).toBe(401);
    expect((await login(t.stack, user.email, 'Monsoon-ledger-42')).status).toBe(200);
  }, 120_000);

  it('stops working once the password changes: another link used, or the user changing it', async () => {
    const user = await t.stack.signIn('faculty');
    const first = await emailedToken(user);
    const second = await emailedToken(user);
    expect((await setPassword(t.stack, second, 'Monsoon-ledger-42')).status).toBe(200);
    const stale = await setPassword(t.stack, first, 'Orchard-lantern-58');
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(SET_PASSWORD_MESSAGES.linkInvalid);

    const third = await emailedToken(user);
    const signedIn = await login(t.stack, user.email, 'Monsoon-ledger-42');
    const cookie = signedIn.setCookies.map((line) => line.split(';')[0]).join('; ');
    const changed = await t.stack.api('POST /auth/password', {
      cookie,
      body: { currentPassword: 'Monsoon-ledger-42', newPassword: 'Harbour-violet-73' },
    });
    expect(changed.status).toBe(200);
    expect((await setPassword(t.stack, third, 'Orchard-lantern-58')).body.message).toBe(SET_PASSWORD_MESSAGES.linkInvalid);
    expect((await login(t.stack, user.email, 'Harbour-violet-73')).status).toBe(200);
  }, 120_000);

  it('sets the password for exactly one of 5 concurrent uses, and the password is that one', async () => {
    const user = await t.stack.signIn('faculty');
    const token = await emailedToken(user);
    const passwords = ['Amber-lantern-31', 'Brass-orchard-42', 'Cedar-monsoon-53', 'Delta-harbour-64', 'Ember-violet-75'];
    const results = await Promise.all(passwords.map((password) => setPassword(t.stack, token, password)));
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(4);
    for (const result of results.filter((one) => one.status === 400)) expect(result.body.message).toBe(SET_PASSWORD_MESSAGES.linkInvalid);
    const winner = passwords[statuses.indexOf(200)]!;
    const logins = await Promise.all(passwords.map((password) => login(t.stack, user.email, password)));
    expect(logins.map((result, at) => [passwords[at], result.status === 200])).toEqual(
      passwords.map((password) => [password, password === winner]),
    );
  }, 120_000);

  it('changes nothing when the write fails (a database fault), and then still works', async () => {
    const user = await t.stack.signIn('faculty');
    const token = await emailedToken(user);
    const failed = await withDatabaseError(
      'InternalServerError',
      (command) => command.startsWith('TransactWrite'),
      () => setPassword(t.stack, token, 'Monsoon-ledger-42'),
    );
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(typeof failed.body.message).toBe('string');
    expect(await storedLink(token)).toBeDefined();
    expect(await isLive(user.cookie)).toBe(true);
    expect((await login(t.stack, user.email, user.password)).status).toBe(200);

    expect((await setPassword(t.stack, token, 'Monsoon-ledger-42')).status).toBe(200);
    expect((await login(t.stack, user.email, 'Monsoon-ledger-42')).status).toBe(200);
  }, 120_000);

  it('is refused for the admin themselves, an unknown user, and where email is off', async () => {
    const own = await t.stack.api('POST /user/{id}/set-password-link', { params: { id: t.admin.user._id }, cookie: t.admin.cookie });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe('Change your own password under My account');
    const unknown = await t.stack.api('POST /user/{id}/set-password-link', { params: { id: 'no-such-user' }, cookie: t.admin.cookie });
    expect(unknown.status).toBe(404);

    const user = await t.stack.signIn('faculty');
    const enabled = process.env.MAIL_ENABLED;
    delete process.env.MAIL_ENABLED;
    try {
      const off = await sendLink(user);
      expect(off.status).toBe(400);
      expect(off.body.message).toMatch(/sending email is not set up/);
    } finally {
      process.env.MAIL_ENABLED = enabled;
    }
    expect(await inbox.settled()).toEqual([]);
  }, 120_000);

  it('that cannot be emailed says so (502), and the password stays', async () => {
    const user = await t.stack.signIn('faculty');
    const smtp = process.env.SMTP_URL;
    process.env.SMTP_URL = 'smtp://127.0.0.1:1';
    try {
      const failed = await sendLink(user);
      expect(failed.status).toBe(502);
      expect(failed.body.message).toBe('The email could not be sent just now; try again in a few minutes, or use Reset password instead.');
    } finally {
      process.env.SMTP_URL = smtp;
    }
    expect((await login(t.stack, user.email, user.password)).status).toBe(200);
  }, 120_000);
});
