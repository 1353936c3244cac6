import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { withDatabaseError, withWriteHeld } from '@tests/support/faults';
import { cookieHeader, useTestStack, type ApiResult, type CallResult, type SignedIn } from '@tests/support/stack';

/**
 * No session that signed in with the old password while a reset (or the user's own change) was
 * hashing the new one survives it.
 */
const t = useTestStack('admin');

const login = (email: string, password: string) => t.stack.call('POST', '/api/v1/auth/login', { body: { email, password } });
const change = (cookie: string, currentPassword: string, newPassword: string) =>
  t.stack.call('POST', '/api/v1/auth/password', { cookie, body: { currentPassword, newPassword } });
const reset = (user: SignedIn) => t.stack.api('POST /user/{id}/reset-password', { params: { id: user.user._id }, cookie: t.admin.cookie });
const canCallARoute = async (result: CallResult) =>
  (await t.stack.call('GET', '/api/v1/auth/sessions', { cookie: cookieHeader(result.setCookies) })).status === 200;
const oneTimePasswordOf = (result: ApiResult<'POST /user/{id}/reset-password'>) => result.body.data.oneTimePassword;

/** The transaction that sets a password (a reset's or a change's), not a login's. */
const setsPassword = (input: Record<string, unknown>) => JSON.stringify(input).includes('"mustChangePassword"');

describe('a password reset racing logins with the old password', () => {
  it('ends a session that signed in between the reset reading the sessions and writing the password', async () => {
    const user = await t.stack.signIn('faculty');
    const [resetDone, late] = await withWriteHeld(
      setsPassword,
      () => reset(user),
      () => login(user.email, user.password),
    );
    expect(late.status).toBe(200);
    expect(resetDone.status).toBe(200);
    expect(await canCallARoute(late)).toBe(false);
    expect((await login(user.email, oneTimePasswordOf(resetDone))).status).toBe(200);
  }, 120_000);

  it('leaves no session of 5 logins started while the reset hashes able to call a route', async () => {
    const user = await t.stack.signIn('faculty');
    const logins = Array.from({ length: 5 }, (_, at) => sleep(at * 40).then(() => login(user.email, user.password)));
    const [resetDone, ...signedIn] = await Promise.all([reset(user), ...logins]);
    expect(resetDone.status).toBe(200);
    // Each signed in before the change (its session then ended), or was refused: the password had changed (401), or no hash slot in time (503).
    for (const result of signedIn) expect([200, 401, 503]).toContain(result.status);
    for (const result of signedIn.filter(({ status }) => status === 200)) expect(await canCallARoute(result)).toBe(false);
    expect((await login(user.email, oneTimePasswordOf(resetDone))).status).toBe(200);
  }, 120_000);

  it('changes nothing when the database fails on the retried write', async () => {
    const user = await t.stack.signIn('faculty');
    let writes = 0;
    const [failed, late] = await withWriteHeld(
      setsPassword,
      () =>
        withDatabaseError(
          'InternalServerError',
          // The first try meets the login's session and fails its condition; the second is the one that fails.
          (command) => command.startsWith('TransactWrite') && ++writes === 3,
          () => reset(user),
        ),
      () => login(user.email, user.password),
    );
    expect(failed.status).toBe(503);
    expect(await canCallARoute(late)).toBe(true);
    expect(await canCallARoute({ ...late, setCookies: [user.cookie] })).toBe(true);
    expect((await login(user.email, user.password)).status).toBe(200);
  }, 120_000);
});

describe("the user's own password change racing logins with the old password", () => {
  it('ends a session that signed in while the change was hashing, and keeps only the new one', async () => {
    const user = await t.stack.signIn('faculty');
    const [changed, late] = await withWriteHeld(
      setsPassword,
      () => change(user.cookie, user.password, 'Monsoon-ledger-42'),
      () => login(user.email, user.password),
    );
    expect(late.status).toBe(200);
    expect(changed.status).toBe(200);
    expect(await canCallARoute(late)).toBe(false);
    expect(await canCallARoute(changed)).toBe(true);
  }, 120_000);

  it('leaves no session of 5 logins started while the change hashes able to call a route', async () => {
    const user = await t.stack.signIn('faculty');
    const logins = Array.from({ length: 5 }, (_, at) => sleep(at * 40).then(() => login(user.email, user.password)));
    const [changed, ...signedIn] = await Promise.all([change(user.cookie, user.password, 'Monsoon-ledger-42'), ...logins]);
    expect(changed.status).toBe(200);
    for (const result of signedIn) expect([200, 401, 503]).toContain(result.status);
    for (const result of signedIn.filter(({ status }) => status === 200)) expect(await canCallARoute(result)).toBe(false);
    expect(await canCallARoute(changed)).toBe(true);
  }, 120_000);
});
