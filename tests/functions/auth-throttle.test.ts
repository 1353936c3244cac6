import { describe, expect, it } from 'vitest';
import { withDatabaseError } from '@tests/support/faults';
import { useTestStack, type SignedIn } from '@tests/support/stack';

/**
 * The login lock holds under concurrent requests (a guess is counted before its password is
 * checked), answers with Retry-After, cannot keep a trusted browser out, and an admin can lift it.
 */
const t = useTestStack('admin');

const login = (email: string, password: string, cookie?: string) =>
  t.stack.call('POST', '/api/v1/auth/login', { body: { email, password }, cookie });

const statuses = (results: { status: number }[]) =>
  results.reduce<Record<number, number>>((count, { status }) => ({ ...count, [status]: (count[status] ?? 0) + 1 }), {});

/**
 * The guesses counted (answered 401; or 503 where, on a slow machine, the hash could not start
 * within 25 s: counted, never checked) and those refused unchecked (429). Nothing else may answer.
 */
function checkedAndRefused(results: { status: number }[]) {
  const count = statuses(results);
  expect(Object.keys(count).filter((status) => !['401', '429', '503'].includes(status))).toEqual([]);
  return { checked: (count[401] ?? 0) + (count[503] ?? 0), refused: count[429] ?? 0 };
}

/** Spends the account's 5 guesses with wrong passwords (from a browser without a device cookie). */
async function lock(target: SignedIn) {
  for (let i = 0; i < 5; i++) await login(target.email, 'wrong-password');
  expect((await login(target.email, target.password)).status).toBe(429);
}

describe('login throttling under concurrency', () => {
  it('checks at most 5 of 50 concurrent wrong passwords; the other 45 get 429 with Retry-After', async () => {
    const target = await t.stack.signIn('faculty');
    const results = await Promise.all(Array.from({ length: 50 }, () => login(target.email, 'wrong-password')));
    expect(checkedAndRefused(results)).toEqual({ checked: 5, refused: 45 });
    for (const refused of results.filter((result) => result.status === 429)) {
      expect(refused.body.message).toMatch(/^Too many failed logins for this account\. Try again in 1[45] minutes\.$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    }
  }, 120_000);

  it('gives a burst of 39 wrong and 1 right password no more than 5 checks in all', async () => {
    const target = await t.stack.signIn('faculty');
    const attempts = Array.from({ length: 40 }, (_, at) => (at === 20 ? target.password : 'wrong-password'));
    const results = await Promise.all(attempts.map((password) => login(target.email, password)));
    const counted = statuses(results);
    expect((counted[401] ?? 0) + (counted[200] ?? 0)).toBeLessThanOrEqual(5);
    expect(counted[429]).toBeGreaterThanOrEqual(35);
  }, 120_000);

  it('counts unknown emails too: 20 concurrent guesses check at most 5', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => login('nobody-here@college.test', 'whatever-1')));
    expect(checkedAndRefused(results)).toEqual({ checked: 5, refused: 15 });
  }, 120_000);
});

describe('a trusted browser is not locked out by guesses from elsewhere', () => {
  it('lets the browser that signed in before sign in while the account is locked for everyone else', async () => {
    const target = await t.stack.signIn('faculty');
    const first = await login(target.email, target.password);
    const device = first.setCookies[1]!.split(';')[0]!;
    expect(device).toMatch(/^sams_device=/);
    await lock(target);
    const trusted = await login(target.email, target.password, device);
    expect(trusted.status).toBe(200);
  }, 120_000);

  it("counts the trusted browser's own wrong passwords apart: 5, then 429 for it alone", async () => {
    const target = await t.stack.signIn('faculty');
    const device = (await login(target.email, target.password)).setCookies[1]!.split(';')[0]!;
    for (let i = 0; i < 5; i++) expect((await login(target.email, 'wrong-password', device)).status).toBe(401);
    expect((await login(target.email, target.password, device)).status).toBe(429);
    expect((await login(target.email, target.password)).status).toBe(200);
  }, 120_000);

  it('does not trust a device cookie of another account', async () => {
    const [owner, other] = [await t.stack.signIn('faculty'), await t.stack.signIn('faculty')];
    const device = (await login(owner.email, owner.password)).setCookies[1]!.split(';')[0]!;
    await lock(other);
    expect((await login(other.email, other.password, device)).status).toBe(429);
  }, 120_000);
});

describe('admin: unlock', () => {
  it('lifts a lock at once, and says whether there was one', async () => {
    const target = await t.stack.signIn('faculty');
    await lock(target);
    const unlocked = await t.stack.call('POST', `/api/v1/user/${target.user._id}/unlock`, { cookie: t.admin.cookie });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.data).toMatchObject({ wasLocked: true, user: { _id: target.user._id } });
    expect(unlocked.body.message).toBe(`${target.user.username} can sign in again`);
    expect((await login(target.email, target.password)).status).toBe(200);
    const again = await t.stack.call('POST', `/api/v1/user/${target.user._id}/unlock`, { cookie: t.admin.cookie });
    expect(again.body.data).toMatchObject({ wasLocked: false });
  }, 120_000);

  it('answers 404 for an unknown user and 400 for the admin themself', async () => {
    expect((await t.stack.call('POST', '/api/v1/user/no-such-user/unlock', { cookie: t.admin.cookie })).status).toBe(404);
    const own = await t.stack.call('POST', `/api/v1/user/${t.admin.user._id}/unlock`, { cookie: t.admin.cookie });
    expect(own.status).toBe(400);
  });

  it('keeps the lock when the database fails while unlocking', async () => {
    const target = await t.stack.signIn('faculty');
    await lock(target);
    const failed = await withDatabaseError(
      'InternalServerError',
      (command) => command.startsWith('BatchWrite'),
      () => t.stack.call('POST', `/api/v1/user/${target.user._id}/unlock`, { cookie: t.admin.cookie }),
    );
    expect(failed.status).toBe(503);
    expect((await login(target.email, target.password)).status).toBe(429);
  }, 120_000);

  it('unlocks once under 10 concurrent unlocks, and the account signs in', async () => {
    const target = await t.stack.signIn('faculty');
    await lock(target);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => t.stack.call('POST', `/api/v1/user/${target.user._id}/unlock`, { cookie: t.admin.cookie })),
    );
    expect(statuses(results)).toEqual({ 200: 10 });
    expect((await login(target.email, target.password)).status).toBe(200);
  }, 120_000);
});
