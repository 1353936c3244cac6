import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, nowSeconds, tableName } from '@functions/lib/db';
import { userProfile } from '@functions/lib/entities/user';
import { PASSWORD_MESSAGES } from '@shared/schemas/auth';
import { withDatabaseError } from '@tests/support/faults';
import { cookieHeader, useTestStack, type SignedIn } from '@tests/support/stack';

/** An admin's one-time password signs in once, and only before it expires. */
const t = useTestStack('admin');

const login = (email: string, password: string) => t.stack.call('POST', '/api/v1/auth/login', { body: { email, password } });
const isLive = async (cookie: string) => (await t.stack.call('GET', '/api/v1/auth/currentstatus', { cookie })).status === 200;

async function resetPassword(user: SignedIn): Promise<string> {
  const result = await t.stack.api('POST /user/{id}/reset-password', { params: { id: user.user._id }, cookie: t.admin.cookie });
  expect(result.status).toBe(200);
  return result.body.data.oneTimePassword;
}

const profileOf = async (user: SignedIn) =>
  (await db.send(new GetCommand({ TableName: tableName(), Key: userProfile(user.user._id), ConsistentRead: true }))).Item!;

/** Moves the one-time password's end, as if its day had passed (or, with undefined, as a reset stored before it had one). */
async function setExpiry(user: SignedIn, expiresAt: number | undefined) {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userProfile(user.user._id),
      UpdateExpression: expiresAt === undefined ? 'REMOVE oneTimePasswordExpiresAt' : 'SET oneTimePasswordExpiresAt = :at',
      ...(expiresAt === undefined ? {} : { ExpressionAttributeValues: { ':at': expiresAt } }),
    }),
  );
}

describe('a one-time password', () => {
  it('signs in once: a second login with it is refused, and the first session still chooses the new password', async () => {
    const user = await t.stack.signIn('faculty');
    const oneTimePassword = await resetPassword(user);
    const first = await login(user.email, oneTimePassword);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ mustChangePassword: true });

    const second = await login(user.email, oneTimePassword);
    expect(second.status).toBe(401);
    expect(second.body.message).toBe(PASSWORD_MESSAGES.oneTimeSpent);
    expect(second.setCookies.filter((line) => line.startsWith('sams_session='))).toEqual([]);

    const cookie = cookieHeader(first.setCookies);
    const changed = await t.stack.call('POST', '/api/v1/auth/password', {
      cookie,
      body: { currentPassword: oneTimePassword, newPassword: 'Monsoon-ledger-42' },
    });
    expect(changed.status).toBe(200);
    expect((await login(user.email, 'Monsoon-ledger-42')).status).toBe(200);
    expect((await profileOf(user)).oneTimePasswordExpiresAt).toBeUndefined();
  }, 120_000);

  it('expires 24 hours after the reset', async () => {
    const user = await t.stack.signIn('faculty');
    const before = nowSeconds();
    const oneTimePassword = await resetPassword(user);
    const expiresAt = (await profileOf(user)).oneTimePasswordExpiresAt as number;
    expect(expiresAt).toBeGreaterThanOrEqual(before + 24 * 3600);
    expect(expiresAt).toBeLessThanOrEqual(nowSeconds() + 24 * 3600);

    await setExpiry(user, nowSeconds() - 1);
    const late = await login(user.email, oneTimePassword);
    expect(late.status).toBe(401);
    expect(late.body.message).toBe(PASSWORD_MESSAGES.oneTimeSpent);
    expect(await profileOf(user)).toMatchObject({ mustChangePassword: true });

    // One from before expiries were stored has none, and is refused too.
    await setExpiry(user, undefined);
    expect((await login(user.email, oneTimePassword)).status).toBe(401);
  }, 120_000);

  it('signs in exactly one of 5 concurrent logins with it', async () => {
    const user = await t.stack.signIn('faculty');
    const oneTimePassword = await resetPassword(user);
    const results = await Promise.all(Array.from({ length: 5 }, () => login(user.email, oneTimePassword)));
    const signedIn = results.filter((result) => result.status === 200);
    expect(signedIn).toHaveLength(1);
    // The others: spent (401), or no hash slot in time on a slow machine (503).
    for (const refused of results.filter((result) => result.status !== 200)) expect([401, 503]).toContain(refused.status);
    expect(await isLive(cookieHeader(signedIn[0]!.setCookies))).toBe(true);
    expect((await login(user.email, oneTimePassword)).status).toBe(401);
  }, 120_000);

  it('is not spent by a sign-in whose write failed', async () => {
    const user = await t.stack.signIn('faculty');
    const oneTimePassword = await resetPassword(user);
    const failed = await withDatabaseError(
      'InternalServerError',
      (command) => command.startsWith('TransactWrite'),
      () => login(user.email, oneTimePassword),
    );
    expect(failed.status).toBe(503);
    expect((await login(user.email, oneTimePassword)).status).toBe(200);
  }, 120_000);

  it('is refused, like any wrong password, when the password given is wrong', async () => {
    const user = await t.stack.signIn('faculty');
    await resetPassword(user);
    const wrong = await login(user.email, 'ABCD-EFGH-JKMN');
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).not.toBe(PASSWORD_MESSAGES.oneTimeSpent);
  }, 120_000);
});
