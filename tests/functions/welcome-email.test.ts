import { describe, expect, it } from 'vitest';
import { nowSeconds } from '@functions/lib/db';
import { MESSAGES } from '@shared/messages';
import { PASSWORD_MESSAGES, SET_PASSWORD_MESSAGES } from '@shared/schemas/auth';
import { recipientsOf, useMailCatcher } from '@tests/support/alerts';
import { withDatabaseError } from '@tests/support/faults';
import { expireLink, linkIn, login, setPassword, storedLink } from '@tests/support/set-password-links';
import { useTestStack } from '@tests/support/stack';
import { allItems } from '@tests/support/table';

/**
 * A user added without a password (docs/product.md §2.5): SAMS emails them a link to set their own,
 * which works once, within 72 hours; they then sign in with the password they chose.
 */
const t = useTestStack('admin');
const inbox = useMailCatcher();

let added = 0;
const newEmail = () => `welcome${++added}-${Date.now()}@college.test`;
const invite = (body: { username: string; email: string; role: 'faculty' | 'admin' }) =>
  t.stack.api('POST /user/invite', { body, cookie: t.admin.cookie });
const register = (body: { username: string; email: string; role: 'faculty' | 'admin'; password: string }) =>
  t.stack.api('POST /auth/register', { body, cookie: t.admin.cookie });
const MAIL_OFF =
  'Type a password for this user, or set up sending email: without it SAMS cannot email them a link to set their own password.';
const listedEmails = async () => (await t.stack.api('GET /user', { cookie: t.admin.cookie })).body.data.map((user) => user.email);

/** Runs `work` with one environment variable set to `value` (undefined: unset), then puts it back. */
async function withEnv<T>(name: string, value: string | undefined, work: () => Promise<T>): Promise<T> {
  const before = process.env[name];
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env[name];
    else process.env[name] = before;
  }
}

describe('a welcome email', () => {
  it('goes to a user added without a password; its link sets their password once, and they sign in with it', async () => {
    const email = newEmail();
    const before = nowSeconds();
    const created = await invite({ username: 'Asha Kulkarni', email, role: 'faculty' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email, role: 'faculty', welcomeEmail: 'sent' });
    expect(created.body.message).toBe('User created. Asha Kulkarni was emailed a link to set their own password; it works for 72 hours.');

    const [mail, ...more] = await inbox.mails(1);
    expect(more).toEqual([]);
    expect(recipientsOf([mail!])).toEqual([email]);
    expect(mail!.subject).toBe('SAMS: your SAMS account: set your password');
    expect(mail!.text).toContain('Hello Asha Kulkarni,');
    expect(mail!.text).toContain('The link works once, within 72 hours.');
    const { token } = linkIn(mail!);

    // Only the token's hash is stored, with its end 72 hours on (also DynamoDB's TTL attribute).
    const stored = await storedLink(token);
    expect(stored).toMatchObject({ entity: 'setPasswordLink', userId: created.body.data._id, purpose: 'welcome' });
    expect(stored!.expiresAt).toBeGreaterThanOrEqual(before + 72 * 3600);
    expect(stored!.expiresAt).toBeLessThanOrEqual(nowSeconds() + 72 * 3600);
    expect(JSON.stringify(await allItems())).not.toContain(token);

    // Until they set one, no password signs in.
    expect((await login(t.stack, email, 'Monsoon-ledger-42')).status).toBe(401);

    const set = await setPassword(t.stack, token, 'Monsoon-ledger-42');
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ data: null, message: 'Your password is set. Sign in with it.' });
    expect(set.setCookies).toEqual([]);
    expect(await storedLink(token)).toBeUndefined();
    const signedIn = await login(t.stack, email, 'Monsoon-ledger-42');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).not.toHaveProperty('mustChangePassword');

    // Used once: a second use is refused like any link that does not work, and the password stays.
    const again = await setPassword(t.stack, token, 'Another-lantern-58');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(SET_PASSWORD_MESSAGES.linkInvalid);
    expect((await login(t.stack, email, 'Another-lantern-58')).status).toBe(401);
  }, 120_000);

  it('is not sent when the admin types a password: the user is created as before', async () => {
    const email = newEmail();
    const created = await register({ username: 'Typed Password', email, role: 'faculty', password: 'Chalk-board-27' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: 'User created successfully' });
    expect(created.body.data).not.toHaveProperty('welcomeEmail');
    expect((await login(t.stack, email, 'Chalk-board-27')).status).toBe(200);
    expect(await inbox.settled()).toEqual([]);

    // A typed password still keeps the rules: 8 characters at least, and not a common one.
    const short = await register({ username: 'Short', email: newEmail(), role: 'faculty', password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(PASSWORD_MESSAGES.tooShort);
    const common = await register({ username: 'Common', email: newEmail(), role: 'faculty', password: 'password123' });
    expect(common.status).toBe(400);
    expect(common.body.message).toBe(PASSWORD_MESSAGES.common);
  }, 120_000);

  it('cannot be sent where email is off: a user without a password is refused (400), and nothing is created', async () => {
    const email = newEmail();
    const refused = await withEnv('MAIL_ENABLED', undefined, () => invite({ username: 'No Mail', email, role: 'faculty' }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MAIL_OFF);
    expect(await listedEmails()).not.toContain(email);
    // No address of the web app for the link is the same refusal.
    const noSite = await withEnv('SITE_URL', undefined, () => invite({ username: 'No Site', email, role: 'faculty' }));
    expect(noSite.status).toBe(400);
    expect(await listedEmails()).not.toContain(email);
    expect(await inbox.settled()).toEqual([]);
  }, 120_000);

  it("points its link to the admin's own page (the request's checked Origin), with or without SITE_URL", async () => {
    const email = newEmail();
    const origin = new URL(t.stack.url).origin;
    const created = await withEnv('SITE_URL', undefined, () =>
      t.stack.api('POST /user/invite', {
        body: { username: 'From Origin', email, role: 'faculty' },
        cookie: t.admin.cookie,
        headers: { origin },
      }),
    );
    expect(created.status).toBe(201);
    const mail = (await inbox.mails(1))[0]!;
    expect(mail.text).toContain(`${origin}/set-password#token=`);
    // Any other origin is refused before anything is done (request-guards.ts), so a link never points elsewhere.
    const elsewhere = await t.stack.api('POST /user/invite', {
      body: { username: 'Elsewhere', email: newEmail(), role: 'faculty' },
      cookie: t.admin.cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(elsewhere.status).toBe(403);
  }, 120_000);

  it('does not work after its 72 hours, nor for a password the rules refuse (which does not spend it)', async () => {
    const email = newEmail();
    await invite({ username: 'Ravi Menon', email, role: 'faculty' });
    const { token } = linkIn((await inbox.mails(1))[0]!);

    const common = await setPassword(t.stack, token, 'password123');
    expect(common.status).toBe(400);
    expect(common.body.message).toBe(PASSWORD_MESSAGES.common);
    const personal = await setPassword(t.stack, token, 'ravi-menon-2026');
    expect(personal.body.message).toBe(PASSWORD_MESSAGES.personal);
    expect(await storedLink(token)).toBeDefined();

    await expireLink(token, nowSeconds() - 1);
    const late = await setPassword(t.stack, token, 'Monsoon-ledger-42');
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(SET_PASSWORD_MESSAGES.linkInvalid);
    expect((await login(t.stack, email, 'Monsoon-ledger-42')).status).toBe(401);

    // An unknown token, and a cut-off one, get the same words.
    expect((await setPassword(t.stack, 'B'.repeat(43), 'Monsoon-ledger-42')).body.message).toBe(SET_PASSWORD_MESSAGES.linkInvalid);
    expect((await setPassword(t.stack, token.slice(0, 40), 'Monsoon-ledger-42')).body.message).toBe(SET_PASSWORD_MESSAGES.linkInvalid);
  }, 120_000);

  it('that cannot be sent leaves the user created, says so, and is sent again from the user list', async () => {
    const email = newEmail();
    // Nothing listens on port 1: the send fails at once.
    const created = await withEnv('SMTP_URL', 'smtp://127.0.0.1:1', () => invite({ username: 'Unsent Welcome', email, role: 'faculty' }));
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email, welcomeEmail: 'not sent' });
    expect(created.body.message).toBe(
      'User created, but the welcome email could not be sent. Send it again with Email a set-password link (Reset password, in the user list).',
    );
    expect(await listedEmails()).toContain(email);
    expect(await inbox.settled()).toEqual([]);

    const resent = await t.stack.api('POST /user/{id}/set-password-link', {
      params: { id: created.body.data._id },
      cookie: t.admin.cookie,
    });
    // They never signed in: the welcome again, for its 72 hours.
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(`A link to set their password was emailed to ${email}; it works once, within 72 hours.`);
    const [mail] = await inbox.mails(1);
    expect(mail!.subject).toBe('SAMS: your SAMS account: set your password');
    const { token } = linkIn(mail!);
    expect((await setPassword(t.stack, token, 'Monsoon-ledger-42')).status).toBe(200);
    expect((await login(t.stack, email, 'Monsoon-ledger-42')).status).toBe(200);
  }, 120_000);

  it('whose link cannot be stored (a database fault) is the same: created, said, not sent', async () => {
    const email = newEmail();
    const created = await withDatabaseError(
      'InternalServerError',
      (command) => command === 'PutItemCommand',
      () => invite({ username: 'Unstored Link', email, role: 'faculty' }),
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ welcomeEmail: 'not sent' });
    expect(await listedEmails()).toContain(email);
    expect(await inbox.settled()).toEqual([]);
    // And no password signs in meanwhile.
    expect((await login(t.stack, email, 'Monsoon-ledger-42')).body.message).toBe(MESSAGES.wrongLogin);
  }, 120_000);
});
