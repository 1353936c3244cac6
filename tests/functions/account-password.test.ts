import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@shared/schemas/auth';
import { MESSAGES } from '@shared/messages';
import { withDatabaseError } from '@tests/support/faults';
import { cookieHeader, useTestStack, type SignedIn } from '@tests/support/stack';

/** A user changes their own password; an admin resets one to a one-time password (docs/security.md). */
const t = useTestStack('admin');

const login = (email: string, password: string) => t.stack.call('POST', '/api/v1/auth/login', { body: { email, password } });
const change = (cookie: string, currentPassword: string, newPassword: string) =>
  t.stack.call('POST', '/api/v1/auth/password', { cookie, body: { currentPassword, newPassword } });
const reset = (user: SignedIn) => t.stack.api('POST /user/{id}/reset-password', { params: { id: user.user._id }, cookie: t.admin.cookie });
const isLive = async (cookie: string) => (await t.stack.call('GET', '/api/v1/auth/currentstatus', { cookie })).status === 200;

/** A second session of the same user, as from another browser. */
async function secondSession(user: SignedIn): Promise<string> {
  return cookieHeader((await login(user.email, user.password)).setCookies);
}

describe("changing one's own password", () => {
  it('needs the current password, ends every other session, and keeps this browser signed in with a new session', async () => {
    const user = await t.stack.signIn('faculty');
    const other = await secondSession(user);
    const result = await change(user.cookie, user.password, 'Monsoon-ledger-42');
    expect(result.status).toBe(200);
    expect(result.body.message).toBe('Password changed. Every other session has been signed out.');
    const renewed = cookieHeader(result.setCookies);
    expect(await isLive(renewed)).toBe(true);
    expect(await isLive(other)).toBe(false);
    expect(await isLive(user.cookie)).toBe(false);
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, 'Monsoon-ledger-42')).status).toBe(200);
  }, 120_000);

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const user = await t.stack.signIn('faculty');
    const other = await secondSession(user);
    const result = await change(user.cookie, 'not-my-password', 'Monsoon-ledger-42');
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(PASSWORD_MESSAGES.currentWrong);
    expect(await isLive(other)).toBe(true);
    expect((await login(user.email, user.password)).status).toBe(200);
  }, 120_000);

  it('counts wrong current passwords as guesses of the session: a stolen session cannot try more than 5', async () => {
    const user = await t.stack.signIn('faculty');
    const results = await Promise.all(Array.from({ length: 12 }, () => change(user.cookie, 'guess-guess', 'Monsoon-ledger-42')));
    expect(results.filter((result) => result.status === 429)).toHaveLength(7);
    // The 5 counted: checked and refused (400), or on a slow machine refused before their hash could start (503).
    const counted = results.filter((result) => result.status !== 429).map((result) => result.status);
    expect(counted.filter((status) => status !== 400 && status !== 503)).toEqual([]);
    expect(counted).toContain(400);
  }, 120_000);

  it("is not stopped by outsiders' wrong logins that locked the account (counted per session instead)", async () => {
    const user = await t.stack.signIn('faculty');
    for (let i = 0; i < 7; i++) await login(user.email, 'wrong-password');
    expect((await login(user.email, user.password)).status).toBe(429);
    const result = await change(user.cookie, user.password, 'Monsoon-ledger-42');
    expect(result.status).toBe(200);
    expect(await isLive(cookieHeader(result.setCookies))).toBe(true);
  }, 120_000);

  it("counts one session's wrong current passwords apart from another session's", async () => {
    const user = await t.stack.signIn('faculty');
    const other = await secondSession(user);
    for (let i = 0; i < 5; i++) expect((await change(user.cookie, 'guess-guess', 'Monsoon-ledger-42')).status).toBe(400);
    const spent = await change(user.cookie, user.password, 'Monsoon-ledger-42');
    expect(spent.status).toBe(429);
    expect(spent.body.message).toMatch(/^Too many wrong current passwords in this session\. Try again in 1[45] minutes\.$/);
    expect(Number(spent.headers.get('retry-after'))).toBeGreaterThan(800);
    // Neither the other session nor the account's logins are locked by them.
    expect((await change(other, user.password, 'Monsoon-ledger-42')).status).toBe(200);
    expect((await login(user.email, 'Monsoon-ledger-42')).status).toBe(200);
  }, 120_000);

  it('changes nothing when the database fails while counting the current password', async () => {
    const user = await t.stack.signIn('faculty');
    const other = await secondSession(user);
    const failed = await withDatabaseError(
      'InternalServerError',
      (command) => command.startsWith('UpdateItem') || command.startsWith('PutItem'),
      () => change(user.cookie, user.password, 'Monsoon-ledger-42'),
    );
    expect(failed.status).toBe(503);
    expect(await isLive(other)).toBe(true);
    expect((await login(user.email, user.password)).status).toBe(200);
  }, 120_000);

  it.each([
    ['a common password', 'password1', PASSWORD_MESSAGES.common],
    ['a common password in capitals', 'SUNSHINE1', PASSWORD_MESSAGES.common],
    ["the user's name", 'Meenakshi-2026!', PASSWORD_MESSAGES.personal],
    ["the user's email", 'xmeena.iyer99x', PASSWORD_MESSAGES.personal],
    ['the same password', 'same', PASSWORD_MESSAGES.same],
    ['a short password', 'Ab-1', PASSWORD_MESSAGES.tooShort],
    // Passwords guessable without being on the common list.
    ['a repeated character', 'aaaaaaaa', PASSWORD_MESSAGES.pattern],
    ['a sequence', 'abcdefgh', PASSWORD_MESSAGES.pattern],
    ['a common password with digits and a symbol added', 'Password123!', PASSWORD_MESSAGES.commonVariant],
    ['a common password in leetspeak', 'passw0rd!', PASSWORD_MESSAGES.commonVariant],
    ["the product's name twice", 'samssams', PASSWORD_MESSAGES.product],
    ["the product's own word", 'attendance', PASSWORD_MESSAGES.product],
    ["the demo admin's password", 'Admin@12345', PASSWORD_MESSAGES.demo],
    ["the demo faculty's password", 'Faculty@12345', PASSWORD_MESSAGES.demo],
  ])(
    'refuses %s with a clear message, changing nothing',
    async (_, newPassword, message) => {
      const user = await t.stack.signIn('faculty', { username: 'Meenakshi Iyer', email: `meena.iyer99-${Date.now()}@college.test` });
      const password = newPassword === 'same' ? user.password : newPassword;
      const result = await change(user.cookie, user.password, password);
      expect(result.status).toBe(400);
      expect(result.body.message).toBe(message);
      expect(await isLive(user.cookie)).toBe(true);
    },
    120_000,
  );

  it('applies one of 3 concurrent changes; the others are refused and one new password works', async () => {
    const user = await t.stack.signIn('faculty');
    const passwords = Array.from({ length: 3 }, (_, at) => `Tamarind-river-${at}${at}`);
    const results = await Promise.all(passwords.map((password) => change(user.cookie, user.password, password)));
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    // The current password no longer right (400), the change lost (409), or no hash slot in time on a slow machine (503).
    for (const refused of results.filter((result) => result.status !== 200)) expect([400, 409, 503]).toContain(refused.status);
    const working = [];
    for (const password of passwords) if ((await login(user.email, password)).status === 200) working.push(password);
    expect(working).toEqual([passwords[results.findIndex((result) => result.status === 200)]]);
  }, 180_000);

  it('changes nothing when the database fails on the write', async () => {
    const user = await t.stack.signIn('faculty');
    const other = await secondSession(user);
    const failed = await withDatabaseError(
      'InternalServerError',
      (command) => command.startsWith('TransactWrite'),
      () => change(user.cookie, user.password, 'Monsoon-ledger-42'),
    );
    expect(failed.status).toBe(503);
    expect(await isLive(other)).toBe(true);
    expect(await isLive(user.cookie)).toBe(true);
    expect((await login(user.email, user.password)).status).toBe(200);
  }, 120_000);
});

describe('an admin resets a password', () => {
  it("answers a one-time password once, ends the user's sessions, and the user must change it before anything else", async () => {
    const user = await t.stack.signIn('faculty');
    const result = await reset(user);
    expect(result.status).toBe(200);
    const { oneTimePassword } = result.body.data;
    expect(oneTimePassword).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await isLive(user.cookie)).toBe(false);
    expect((await login(user.email, user.password)).status).toBe(401);

    const signedIn = await login(user.email, oneTimePassword);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toMatchObject({ _id: user.user._id, mustChangePassword: true });
    const cookie = cookieHeader(signedIn.setCookies);
    const blocked = await t.stack.call('GET', '/api/v1/term', { cookie });
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe(MESSAGES.mustChangePassword);
    expect((await t.stack.call('GET', '/api/v1/auth/currentstatus', { cookie })).body.data).toMatchObject({ mustChangePassword: true });

    const changed = await change(cookie, oneTimePassword, 'Monsoon-ledger-42');
    expect(changed.status).toBe(200);
    expect(changed.body.data).not.toHaveProperty('mustChangePassword');
    expect((await t.stack.call('GET', '/api/v1/term', { cookie: cookieHeader(changed.setCookies) })).status).toBe(200);
    expect((await login(user.email, oneTimePassword)).status).toBe(401);
  }, 180_000);

  it('also lifts a lock on the account', async () => {
    const user = await t.stack.signIn('faculty');
    for (let i = 0; i < 5; i++) await login(user.email, 'wrong-password');
    const { oneTimePassword } = (await reset(user)).body.data;
    expect((await login(user.email, oneTimePassword)).status).toBe(200);
  }, 120_000);

  it('answers 404 for an unknown user and 400 for the admin themself', async () => {
    expect((await t.stack.call('POST', '/api/v1/user/no-such-user/reset-password', { cookie: t.admin.cookie })).status).toBe(404);
    const own = await t.stack.call('POST', `/api/v1/user/${t.admin.user._id}/reset-password`, { cookie: t.admin.cookie });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe('Change your own password under My account');
  });

  it('leaves exactly one working one-time password after 4 concurrent resets', async () => {
    const user = await t.stack.signIn('faculty');
    const results = await Promise.all(Array.from({ length: 4 }, () => reset(user)));
    // Each is applied, or (no hash slot within 25 s on a slow machine) refused with 503 having changed nothing.
    expect(results.filter((result) => result.status !== 200 && result.status !== 503)).toEqual([]);
    const applied = results.filter((result) => result.status === 200);
    expect(applied.length).toBeGreaterThan(0);
    const passwords = applied.map((result) => result.body.data.oneTimePassword);
    const working = [];
    for (const password of passwords) if ((await login(user.email, password)).status === 200) working.push(password);
    expect(working).toHaveLength(1);
  }, 180_000);

  it('changes nothing when the database fails on the write', async () => {
    const user = await t.stack.signIn('faculty');
    const failed = await withDatabaseError(
      'InternalServerError',
      (command) => command.startsWith('TransactWrite'),
      () => reset(user),
    );
    expect(failed.status).toBe(503);
    expect(await isLive(user.cookie)).toBe(true);
    expect((await login(user.email, user.password)).status).toBe(200);
  }, 120_000);
});
