import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logger } from '@functions/lib/http/logger';
import { cookieHeader, useTestStack } from '@tests/support/stack';

/**
 * Security events (OWASP ASVS 5.0 V16.3): sign-in failures, lockouts, 403s, user and password
 * changes, corrections and deletions are structured log lines with the request id and the acting
 * user, and no password, hash or token.
 */
const t = useTestStack('admin', 'faculty');
const lines: string[] = [];

beforeAll(() => {
  logger.setLogLevel('INFO');
  const capture = (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
});
afterAll(() => {
  vi.restoreAllMocks();
  logger.setLogLevel('ERROR');
});

interface Logged {
  level: string;
  message: string;
  securityEvent: string;
  requestId: string;
  actor: { id: string; email: string; role: string } | 'anonymous';
  [detail: string]: unknown;
}

const events = (): Logged[] =>
  lines
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Logged)
    .filter((entry) => entry.message === 'security event');

const UUID = /^[0-9a-f-]{36}$/;

describe('security events', () => {
  it('logs each with the request id and the acting user, and never a secret', async () => {
    const call = t.stack.call;
    const victim = await t.stack.signIn('faculty');
    await call('POST', '/api/v1/auth/login', { body: { email: victim.email, password: 'Wrong-guess-1' } });
    for (let i = 0; i < 5; i++) await call('POST', '/api/v1/auth/login', { body: { email: victim.email, password: 'Wrong-guess-2' } });
    await call('GET', '/api/v1/user', { cookie: t.faculty.cookie });
    const created = await t.stack.api('POST /auth/register', {
      cookie: t.admin.cookie,
      body: { email: 'logged@college.test', password: 'Quiet-harbour-77', username: 'Logged User', role: 'faculty' },
    });
    const newUser = created.body.data._id;
    await call('POST', `/api/v1/user/${victim.user._id}/unlock`, { cookie: t.admin.cookie });
    const reset = await t.stack.api('POST /user/{id}/reset-password', { params: { id: newUser }, cookie: t.admin.cookie });
    const oneTime = reset.body.data.oneTimePassword;
    const signedIn = await call('POST', '/api/v1/auth/login', { body: { email: 'logged@college.test', password: oneTime } });
    const changed = await call('POST', '/api/v1/auth/password', {
      cookie: cookieHeader(signedIn.setCookies),
      body: { currentPassword: oneTime, newPassword: 'Amber-lantern-31' },
    });
    await call('PATCH', '/api/v1/settings', { cookie: t.admin.cookie, body: { threshold: 70 } });
    await call('DELETE', `/api/v1/user/${newUser}`, { cookie: t.admin.cookie });
    await call('POST', '/api/v1/auth/logout', { cookie: victim.cookie });

    const logged = events();
    const find = (event: string, by?: string) => {
      const entry = logged.find((one) => one.securityEvent === event && (!by || (one.actor !== 'anonymous' && one.actor.id === by)));
      expect(entry, `${event} was logged`).toBeDefined();
      expect(entry!.requestId).toMatch(UUID);
      return entry!;
    };
    expect(find('login failed')).toMatchObject({ actor: 'anonymous', email: victim.email, reason: 'wrong password' });
    expect(find('login locked')).toMatchObject({ level: 'WARN', email: victim.email });
    expect(find('access denied')).toMatchObject({
      level: 'WARN',
      actor: { id: t.faculty.user._id, role: 'faculty' },
      routeKey: 'GET /api/v1/user',
    });
    const admin = { actor: { id: t.admin.user._id, email: t.admin.email, role: 'admin' } };
    expect(find('user created')).toMatchObject({ ...admin, userId: newUser, role: 'faculty' });
    expect(find('account unlocked')).toMatchObject({ ...admin, userId: victim.user._id, wasLocked: true });
    expect(find('password reset')).toMatchObject({ ...admin, userId: newUser });
    expect(find('login succeeded', newUser)).toMatchObject({ actor: { id: newUser, role: 'faculty' } });
    expect(find('password changed')).toMatchObject({ actor: { id: newUser } });
    expect(find('data changed')).toMatchObject({ ...admin, routeKey: 'PATCH /api/v1/settings' });
    expect(find('user deleted')).toMatchObject({ ...admin, userId: newUser });
    expect(find('logout')).toMatchObject({ actor: { id: victim.user._id } });

    const everything = lines.join('\n');
    const tokens = [victim.cookie, t.admin.cookie, cookieHeader(signedIn.setCookies), cookieHeader(changed.setCookies)]
      .flatMap((cookie) => cookie.split('; '))
      .map((pair) => pair.split('=')[1]!);
    for (const secret of ['Wrong-guess-1', 'Wrong-guess-2', 'Quiet-harbour-77', 'Amber-lantern-31', oneTime, 'scrypt$', ...tokens]) {
      expect(everything).not.toContain(secret);
    }
  }, 240_000);

  it('logs an invitation run queued, with its scope and who asked', async () => {
    const mail = { MAIL_ENABLED: 'true', MAIL_FROM: 'sams@college.test', SITE_URL: 'http://sams.test' };
    const before = Object.fromEntries(Object.keys(mail).map((name) => [name, process.env[name]]));
    Object.assign(process.env, mail);
    try {
      const queued = await t.stack.api('POST /invitation', { body: { scope: 'uninvited', who: 'both' }, cookie: t.admin.cookie });
      expect(queued.status).toBe(202);
    } finally {
      for (const [name, value] of Object.entries(before))
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
    }
    const event = events().find((line) => line.securityEvent === 'invitations queued');
    expect(event).toMatchObject({ actor: { id: t.admin.user._id, role: 'admin' }, scope: 'uninvited', who: 'both', recipients: 0 });
  });
});
