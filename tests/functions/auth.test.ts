import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { db, tableName } from '@functions/lib/db';
import { loginSession } from '@functions/lib/entities/login-session';
import { loginFailures } from '@functions/lib/entities/sign-in-guards';
import type { SignedInUser } from '@shared/schemas/auth';
import { useTestStack } from '@tests/support/stack';

const t = useTestStack('admin', 'faculty');

const login = (email: string, password: string, headers?: Record<string, string>) =>
  t.stack.call('POST', '/api/v1/auth/login', { body: { email, password }, headers });

describe('auth: login', () => {
  it('returns the user without any secret and sets an HttpOnly, SameSite=Strict session cookie', async () => {
    const result = await login(t.faculty.email, t.faculty.password);
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({
      _id: t.faculty.user._id,
      username: t.faculty.user.username,
      email: t.faculty.email,
      role: 'faculty',
      clock: { timeZone: 'Asia/Kolkata', offsetMinutes: 330, from: expect.any(String), until: expect.any(String) },
    });
    expect(JSON.stringify(result.body)).not.toMatch(/hash|salt|password|scrypt/i);
    // The session, then the trusted-device cookie (tests/functions/auth-throttle.test.ts).
    expect(result.setCookies).toHaveLength(2);
    expect(result.setCookies[1]).toMatch(/^sams_device=[\w-]+\.[\w-]+\.[\w-]+; HttpOnly; SameSite=Strict; Path=\/; Max-Age=\d+$/);
    const cookie = result.setCookies[0]!;
    expect(cookie).toMatch(/^sams_session=[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Max-Age=43200');
    expect(cookie).not.toContain('Secure');
  });

  it('marks the cookie Secure with the __Host- prefix over HTTPS, and reads it back there', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const result = await login(t.faculty.email, t.faculty.password, https);
    const cookie = result.setCookies[0]!;
    expect(cookie).toMatch(/^__Host-sams_session=/);
    expect(cookie).toContain('; Secure');
    const status = await t.stack.call('GET', '/api/v1/auth/currentstatus', { cookie: cookie.split(';')[0], headers: https });
    expect(status.status).toBe(200);
  });

  it('answers 401 "Wrong email or password" for a wrong password, an unknown email and a malformed body', async () => {
    for (const body of [
      { email: t.faculty.email, password: 'not-the-password' },
      { email: 'nobody@college.test', password: 'whatever1' },
      { email: 'not-an-email', password: 'x' },
      { password: 'x' },
    ]) {
      const result = await t.stack.call('POST', '/api/v1/auth/login', { body });
      expect(result.status).toBe(401);
      expect(result.body).toEqual({ data: null, message: 'Wrong email or password' });
      expect(result.setCookies).toEqual([]);
    }
  });

  it('accepts the email in any case', async () => {
    expect((await login(t.faculty.email.toUpperCase(), t.faculty.password)).status).toBe(200);
  });
});

describe('auth: current status and logout', () => {
  it('answers 200 with the user for a live session and 401 without one', async () => {
    const ok = await t.stack.call('GET', '/api/v1/auth/currentstatus', { cookie: t.admin.cookie });
    expect(ok.status).toBe(200);
    const { clock, ...user } = ok.body.data as SignedInUser;
    const { clock: _atLogin, ...signedIn } = t.admin.user as SignedInUser;
    expect(user).toEqual(signedIn);
    // The college's clock (the default zone, IST): its offset over the coming week, for the web app's dates.
    expect(clock).toEqual({ timeZone: 'Asia/Kolkata', offsetMinutes: 330, from: expect.any(String), until: expect.any(String) });
    expect(Date.parse(clock!.until) - Date.parse(clock!.from)).toBe(8 * 24 * 3600 * 1000);
    expect(Date.parse(clock!.from)).toBeLessThan(Date.now());
    const none = await t.stack.call('GET', '/api/v1/auth/currentstatus');
    expect(none.status).toBe(401);
    expect(none.body.data).toBeNull();
  });

  it('ends the session on the server: the old cookie replayed after logout gets 401', async () => {
    const session = await t.stack.signIn('faculty');
    const out = await t.stack.call('POST', '/api/v1/auth/logout', { cookie: session.cookie });
    expect(out.status).toBe(200);
    expect(out.setCookies[0]).toMatch(/^sams_session=;.*Max-Age=0/);
    const replay = await t.stack.call('GET', '/api/v1/auth/currentstatus', { cookie: session.cookie });
    expect(replay.status).toBe(401);
  });

  it('lets a visitor without a session log out harmlessly', async () => {
    const out = await t.stack.call('POST', '/api/v1/auth/logout');
    expect(out.status).toBe(200);
  });
});

describe('auth: tokens', () => {
  const sessionToken = () => t.admin.cookie.split('=')[1]!;

  async function signWith(key: Uint8Array, claims: { sub: string; jti: string }, expiresIn: string | number) {
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setJti(claims.jti)
      .setIssuer('sams')
      .setAudience('sams-web')
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(key);
  }

  function claimsOf(token: string) {
    return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; jti: string };
  }

  it('rejects a token signed with another key (a forgery) for a live session', async () => {
    const forged = await signWith(new TextEncoder().encode('x'.repeat(64)), claimsOf(sessionToken()), '1h');
    const result = await t.stack.call('GET', '/api/v1/auth/currentstatus', { cookie: `sams_session=${forged}` });
    expect(result.status).toBe(401);
  });

  it('rejects an expired token even though its session item still exists', async () => {
    const key = new TextEncoder().encode(process.env.JWT_SECRET!);
    const expired = await signWith(key, claimsOf(sessionToken()), Math.floor(Date.now() / 1000) - 60);
    const result = await t.stack.call('GET', '/api/v1/auth/currentstatus', { cookie: `sams_session=${expired}` });
    expect(result.status).toBe(401);
  });

  it('stops accepting a token the second it expires, though its signature was checked before', async () => {
    const key = new TextEncoder().encode(process.env.JWT_SECRET!);
    const expiresAt = Math.floor(Date.now() / 1000) + 30;
    const token = await signWith(key, claimsOf(sessionToken()), expiresAt);
    const cookie = `sams_session=${token}`;
    expect((await t.stack.call('GET', '/api/v1/auth/currentstatus', { cookie })).status).toBe(200);
    expect((await t.stack.call('GET', '/api/v1/auth/currentstatus', { cookie })).status).toBe(200);
    const now = vi.spyOn(Date, 'now').mockReturnValue(expiresAt * 1000);
    try {
      expect((await t.stack.call('GET', '/api/v1/auth/currentstatus', { cookie })).status).toBe(401);
    } finally {
      now.mockRestore();
    }
    expect((await t.stack.call('GET', '/api/v1/auth/currentstatus', { cookie })).status).toBe(200);
  });

  it('rejects an unsigned ("alg": "none") token and a token whose payload was edited', async () => {
    const [, payload] = sessionToken().split('.');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    const edited = claimsOf(sessionToken());
    const tampered = [
      sessionToken().split('.')[0],
      Buffer.from(JSON.stringify({ ...edited, sub: t.faculty.user._id })).toString('base64url'),
      sessionToken().split('.')[2],
    ].join('.');
    for (const token of [none, tampered, 'garbage']) {
      const result = await t.stack.call('GET', '/api/v1/auth/currentstatus', { cookie: `sams_session=${token}` });
      expect(result.status).toBe(401);
    }
  });

  it('rejects a valid token once its session has expired on the server', async () => {
    const session = await t.stack.signIn('faculty');
    const { sub, jti } = claimsOf(session.cookie.split('=')[1]!);
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: loginSession(sub, jti),
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    expect((await t.stack.call('GET', '/api/v1/auth/currentstatus', { cookie: session.cookie })).status).toBe(401);
  });
});

describe('auth: register', () => {
  const newUser = (email: string) => ({ email, password: 'Secret-123', username: 'Asha Rao', role: 'faculty' });

  it('lets an admin create a user who can then sign in', async () => {
    const result = await t.stack.call('POST', '/api/v1/auth/register', { cookie: t.admin.cookie, body: newUser('asha@college.test') });
    expect(result.status).toBe(201);
    expect(result.body.data).toMatchObject({ email: 'asha@college.test', username: 'Asha Rao', role: 'faculty' });
    expect(JSON.stringify(result.body)).not.toMatch(/hash|Secret-123/);
    expect((await login('asha@college.test', 'Secret-123')).status).toBe(200);
  });

  it('answers 409 for an email already taken, in any case, and creates nothing', async () => {
    await t.stack.call('POST', '/api/v1/auth/register', { cookie: t.admin.cookie, body: newUser('ravi@college.test') });
    const again = await t.stack.call('POST', '/api/v1/auth/register', {
      cookie: t.admin.cookie,
      body: { ...newUser('RAVI@College.test'), password: 'Other-pass-1' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A user with this email already exists');
    expect((await login('ravi@college.test', 'Other-pass-1')).status).toBe(401);
  });

  it.each([
    [{ email: 'bad', password: 'Secret-123', username: 'A', role: 'faculty' }, 'Email address must be a valid address'],
    [{ email: 'a@b.co', password: 'short', username: 'A', role: 'faculty' }, 'Password must be at least 8 characters'],
    [{ email: 'a@b.co', password: 'Secret-123', username: '  ', role: 'faculty' }, 'Please enter username'],
    [{ email: 'a@b.co', password: 'Secret-123', username: 'A', role: 'principal' }, 'User type must be admin or faculty'],
    [{ email: 'a@b.co', password: 'Secret-123', username: 'A' }, 'User type must be admin or faculty'],
  ])('answers 400 with the message for %j', async (body, message) => {
    const result = await t.stack.call('POST', '/api/v1/auth/register', { cookie: t.admin.cookie, body });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message);
    expect((await login('a@b.co', 'Secret-123')).status).toBe(401);
  });

  it('is for admins only: 403 for faculty, 401 without a session', async () => {
    const asFaculty = await t.stack.call('POST', '/api/v1/auth/register', { cookie: t.faculty.cookie, body: newUser('x1@college.test') });
    expect(asFaculty.status).toBe(403);
    const anonymous = await t.stack.call('POST', '/api/v1/auth/register', { body: newUser('x2@college.test') });
    expect(anonymous.status).toBe(401);
    expect((await login('x1@college.test', 'Secret-123')).status).toBe(401);
  });
});

describe('auth: brute force', () => {
  it('locks an account after 5 failures in 15 minutes, the right password too, until the window passes', async () => {
    const target = await t.stack.signIn('faculty');
    for (let i = 0; i < 5; i++) expect((await login(target.email, 'wrong-password')).status).toBe(401);
    const locked = await login(target.email, target.password);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many failed logins/);
    expect(locked.setCookies).toEqual([]);
    // Another account is not affected.
    expect((await login(t.faculty.email, t.faculty.password)).status).toBe(200);
    // Move the window into the past, as 15 minutes would.
    const key = loginFailures(target.email);
    expect((await db.send(new GetCommand({ TableName: tableName(), Key: key }))).Item?.attempts).toBe(5);
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET windowEndsAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    expect((await login(target.email, target.password)).status).toBe(200);
  }, 120_000);

  it('forgets earlier failures after a successful login', async () => {
    const target = await t.stack.signIn('faculty');
    for (let i = 0; i < 4; i++) await login(target.email, 'wrong-password');
    expect((await login(target.email, target.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) await login(target.email, 'wrong-password');
    expect((await login(target.email, target.password)).status).toBe(200);
  }, 120_000);
});

describe('auth: config', () => {
  it('is public and shows no demo hint outside the demo stack', async () => {
    const result = await t.stack.call('GET', '/api/v1/config');
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ demo: null });
  });
});
