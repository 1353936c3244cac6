import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_SETTINGS_MESSAGES } from '@shared/schemas/session-settings';
import { db, tableName } from '@functions/lib/db';
import { loginSession } from '@functions/lib/entities/login-session';
import { withDatabaseError } from '@tests/support/faults';
import { cookieHeader, useTestStack, type SignedIn } from '@tests/support/stack';

/** The inactivity timeout, and a user's view of their sessions with sign-out per device or everywhere. */
const t = useTestStack('admin');

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const isLive = async (cookie: string) => (await t.stack.call('GET', '/api/v1/auth/currentstatus', { cookie })).status === 200;
const sessionsOf = async (cookie: string) => (await t.stack.api('GET /auth/sessions', { cookie })).body.data;

async function fromPhone(user: SignedIn): Promise<string> {
  const result = await t.stack.call('POST', '/api/v1/auth/login', {
    body: { email: user.email, password: user.password },
    headers: { 'user-agent': PHONE },
  });
  return cookieHeader(result.setCookies);
}

function sessionKey(cookie: string) {
  const token = cookie.split(';')[0]!.split('=')[1]!;
  const { sub, jti } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; jti: string };
  return loginSession(sub, jti);
}

/** As if the session had last been used `minutes` ago. */
async function lastSeen(cookie: string, minutes: number) {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: sessionKey(cookie),
      UpdateExpression: 'SET lastSeenAt = :then',
      ExpressionAttributeValues: { ':then': Math.floor(Date.now() / 1000) - minutes * 60 },
    }),
  );
}

const sent: string[] = [];
beforeAll(() => {
  db.middlewareStack.add(
    (next, context) => async (args) => {
      sent.push(String(context.commandName).replace(/Command$/, ''));
      return next(args);
    },
    { step: 'initialize', name: 'count-session-requests' },
  );
});
afterAll(() => db.middlewareStack.remove('count-session-requests'));

describe('my sessions', () => {
  it('lists each signed-in browser with its device and last use, the current one marked', async () => {
    const user = await t.stack.signIn('faculty');
    const phone = await fromPhone(user);
    const sessions = await sessionsOf(user.cookie);
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.find((session) => !session.current)!.device).toBe(PHONE);
    for (const session of sessions) {
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThan(Date.now() - 120_000);
      expect(Object.keys(session).sort()).toEqual(['_id', 'current', 'device', 'lastSeenAt', 'signedInAt']);
    }
    expect((await sessionsOf(phone)).find((session) => session.current)!.device).toBe(PHONE);
  }, 120_000);

  it('ends one other session at once; ending the current one clears the cookie', async () => {
    const user = await t.stack.signIn('faculty');
    const phone = await fromPhone(user);
    const phoneId = (await sessionsOf(user.cookie)).find((session) => !session.current)!._id;
    const ended = await t.stack.call('DELETE', `/api/v1/auth/sessions/${phoneId}`, { cookie: user.cookie });
    expect(ended.status).toBe(200);
    expect(ended.body.message).toBe('Signed out on that device');
    expect(await isLive(phone)).toBe(false);
    expect(await isLive(user.cookie)).toBe(true);
    const ownId = (await sessionsOf(user.cookie))[0]!._id;
    const own = await t.stack.call('DELETE', `/api/v1/auth/sessions/${ownId}`, { cookie: user.cookie });
    expect(own.setCookies[0]).toMatch(/^sams_session=;.*Max-Age=0/);
    expect(await isLive(user.cookie)).toBe(false);
  }, 120_000);

  it("cannot end another user's session (404), and ends one session once under 10 concurrent requests", async () => {
    const [user, stranger] = [await t.stack.signIn('faculty'), await t.stack.signIn('faculty')];
    const phone = await fromPhone(user);
    const phoneId = (await sessionsOf(phone)).find((session) => session.current)!._id;
    const foreign = await t.stack.call('DELETE', `/api/v1/auth/sessions/${phoneId}`, { cookie: stranger.cookie });
    expect(foreign.status).toBe(404);
    expect(await isLive(phone)).toBe(true);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => t.stack.call('DELETE', `/api/v1/auth/sessions/${phoneId}`, { cookie: user.cookie })),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, ...Array<number>(9).fill(404)]);
    expect(await isLive(phone)).toBe(false);
  }, 120_000);

  it('signs out everywhere, this browser included', async () => {
    const user = await t.stack.signIn('faculty');
    const phone = await fromPhone(user);
    const result = await t.stack.call('DELETE', '/api/v1/auth/sessions', { cookie: user.cookie });
    expect(result.status).toBe(200);
    expect(result.setCookies[0]).toMatch(/^sams_session=;.*Max-Age=0/);
    expect(await isLive(phone)).toBe(false);
    expect(await isLive(user.cookie)).toBe(false);
  }, 120_000);

  it('keeps every session when the database fails while signing out everywhere', async () => {
    const user = await t.stack.signIn('faculty');
    const phone = await fromPhone(user);
    const failed = await withDatabaseError(
      'InternalServerError',
      (command) => command.startsWith('BatchWrite'),
      () => t.stack.call('DELETE', '/api/v1/auth/sessions', { cookie: user.cookie }),
    );
    expect(failed.status).toBe(503);
    expect(await isLive(phone)).toBe(true);
    expect(await isLive(user.cookie)).toBe(true);
  }, 120_000);
});

describe('inactivity timeout', () => {
  it('ends a session unused for longer than the setting (default 2 hours), within its 12-hour lifetime', async () => {
    const user = await t.stack.signIn('faculty');
    const phone = await fromPhone(user);
    await lastSeen(user.cookie, 119);
    expect(await isLive(user.cookie)).toBe(true);
    await lastSeen(phone, 121);
    expect(await isLive(phone)).toBe(false);
    expect((await sessionsOf(user.cookie)).map((session) => session.device)).not.toContain(PHONE);
  }, 120_000);

  it("follows the admin's setting, and refuses one shorter than 10 minutes", async () => {
    const user = await t.stack.signIn('faculty');
    const refused = await t.stack.call('PATCH', '/api/v1/settings', { cookie: t.admin.cookie, body: { sessionIdleMinutes: 5 } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(SESSION_SETTINGS_MESSAGES.sessionIdleMinutes);
    const saved = await t.stack.call('PATCH', '/api/v1/settings', { cookie: t.admin.cookie, body: { sessionIdleMinutes: 30 } });
    expect(saved.status).toBe(200);
    try {
      await lastSeen(user.cookie, 31);
      expect(await isLive(user.cookie)).toBe(false);
    } finally {
      await t.stack.call('PATCH', '/api/v1/settings', { cookie: t.admin.cookie, body: { sessionIdleMinutes: 120 } });
    }
  }, 120_000);

  it('writes the last use only when it is over 5 minutes old: one GetItem to authenticate otherwise', async () => {
    const user = await t.stack.signIn('faculty');
    sent.length = 0;
    // The session; then the status's own read, the settings (the college's clock, functions/lib/auth/college-clock.ts).
    await isLive(user.cookie);
    expect(sent).toEqual(['GetItem', 'GetItem']);
    await lastSeen(user.cookie, 6);
    sent.length = 0;
    await isLive(user.cookie);
    // The session, the settings (the timeout), then the new last use; then the status's read.
    expect(sent).toEqual(['GetItem', 'GetItem', 'UpdateItem', 'GetItem']);
    sent.length = 0;
    await isLive(user.cookie);
    expect(sent).toEqual(['GetItem', 'GetItem']);
    const item = await db.send(new GetCommand({ TableName: tableName(), Key: sessionKey(user.cookie) }));
    expect(item.Item!.lastSeenAt).toBeGreaterThan(Date.now() / 1000 - 60);
  }, 120_000);
});
