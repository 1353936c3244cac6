import { describe, expect, it } from 'vitest';
import { useTestStack } from '@tests/support/stack';
import { allItems } from '@tests/support/table';

const t = useTestStack('admin');

const register = (email: string, options: { headers?: Record<string, string>; rawBody?: string } = {}) =>
  t.stack.call('POST', '/api/v1/auth/register', {
    cookie: t.admin.cookie,
    headers: { 'content-type': 'application/json', ...options.headers },
    rawBody: options.rawBody ?? JSON.stringify({ email, password: 'Secret-123', username: 'U', role: 'faculty' }),
  });

const userCount = async () => (await t.stack.api('GET /user', { cookie: t.admin.cookie })).body.data.length;

describe('request guards: one error model', () => {
  it('refuses a state-changing request from another origin with 403 and writes nothing', async () => {
    const before = await userCount();
    const result = await register('evil@college.test', { headers: { origin: 'http://evil.example' } });
    expect(result.status).toBe(403);
    expect(result.body).toEqual({ data: null, message: 'Request refused: it did not come from this app' });
    expect(await userCount()).toBe(before);
  });

  it('accepts the app’s own origin, and requests without an Origin (non-browser clients)', async () => {
    const own = new URL(t.stack.url).host;
    expect((await register('same@college.test', { headers: { origin: `http://${own}` } })).status).toBe(201);
    expect((await register('cli@college.test')).status).toBe(201);
  });

  it('answers 413 for a body over 256 KB', async () => {
    const before = await userCount();
    const big = JSON.stringify({ email: 'big@college.test', password: 'Secret-123', username: 'x'.repeat(300_000), role: 'faculty' });
    const result = await register('big@college.test', { rawBody: big });
    expect(result.status).toBe(413);
    expect(result.body.message).toMatch(/too large/);
    expect(await userCount()).toBe(before);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const result = await register('form@college.test', { headers: { 'content-type': 'text/plain' } });
    expect(result.status).toBe(415);
    expect(result.body.message).toMatch(/as JSON/);
  });

  it('answers 400 for malformed JSON', async () => {
    const result = await register('x@college.test', { rawBody: '{"email": ' });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe('Request body is not valid JSON');
  });

  it('answers 404 in the same JSON shape for an unknown API path', async () => {
    const result = await t.stack.call('GET', '/api/v1/nothing-here', { cookie: t.admin.cookie });
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ data: null, message: 'Not found' });
    expect(result.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('sends the API security headers on successes and errors alike', async () => {
    for (const result of [
      await t.stack.call('GET', '/api/v1/config'),
      await t.stack.call('GET', '/api/v1/auth/currentstatus'),
      await t.stack.call('GET', '/api/v1/missing'),
    ]) {
      expect(result.headers.get('cache-control')).toBe('no-store');
      expect(result.headers.get('x-content-type-options')).toBe('nosniff');
      expect(result.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('lets only the reads marking offline needs be kept (private, no-cache); the login status and the rest are no-store', async () => {
    const call = (path: string) => t.stack.call('GET', `/api/v1/${path}`, { cookie: t.admin.cookie });
    for (const path of ['timetable/today', 'term/active', 'settings']) {
      expect((await call(path)).headers.get('cache-control'), path).toBe('private, no-cache');
    }
    for (const path of ['auth/currentstatus', 'user', 'term', 'attendance/missing?date=2026-01-05']) {
      expect((await call(path)).headers.get('cache-control'), path).toBe('no-store');
    }
  });
});

describe('request guards: prototype keys', () => {
  const account = JSON.stringify({ email: 'proto@college.test', password: 'Secret-123', username: 'U', role: 'faculty' });
  const bodies = ['__proto__', 'constructor', 'prototype'].flatMap((key) => [
    [key, 'at the top level', `{"${key}": {"role": "admin"}, ${account.slice(1)}`],
    [key, 'nested in an object in a list', `{"extra": {"list": [1, {"${key}": {"role": "admin"}}]}, ${account.slice(1)}`],
  ]);

  it.each(bodies)('answers 400 for a body holding %s %s, and writes nothing', async (_key, _where, rawBody) => {
    const before = (await allItems()).length;
    const result = await register('proto@college.test', { rawBody });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ data: null, message: 'The request body holds a forbidden key (__proto__, constructor or prototype)' });
    expect((await allItems()).length).toBe(before);
  });

  it('accepts the same names as values, and inside longer keys', async () => {
    const result = await register('values@college.test', {
      rawBody: JSON.stringify({
        email: 'values@college.test',
        password: 'Secret-123',
        username: 'constructor',
        role: 'faculty',
        __protocol: 1,
      }),
    });
    expect(result.status).toBe(201);
  });
});
