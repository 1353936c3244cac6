import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeKey, type Route } from '@shared/routes';
import { startTestStack, type SignedIn, type TestStack } from '../support/stack';

/**
 * Every route of the route table × every kind of caller → the status the route's access
 * implies. Each route needs a sample request here: adding a route without one fails.
 */
const SAMPLE: Record<string, { path?: string; body?: unknown }> = {
  'GET /api/v1/config': {},
  'POST /api/v1/auth/login': { body: 'a real account, filled in below' },
  'GET /api/v1/auth/currentstatus': {},
  'POST /api/v1/auth/logout': {},
  'POST /api/v1/auth/register': { body: {} },
  'GET /api/v1/user': {},
  'DELETE /api/v1/user/{id}': { path: '/api/v1/user/unknown' },
  'POST /api/v1/term': { body: {} },
  'GET /api/v1/term': {},
  'GET /api/v1/term/active': {},
  'PATCH /api/v1/term/{id}': { path: '/api/v1/term/unknown', body: {} },
  'POST /api/v1/semester': { body: {} },
  'GET /api/v1/semester/{termid}': { path: '/api/v1/semester/unknown' },
  'GET /api/v1/semester/{id}/dependents': { path: '/api/v1/semester/unknown/dependents' },
  'DELETE /api/v1/semester/{id}': { path: '/api/v1/semester/unknown' },
  'POST /api/v1/division': { body: {} },
  'GET /api/v1/division/{semid}': { path: '/api/v1/division/unknown' },
  'DELETE /api/v1/division/delete/{semid}': { path: '/api/v1/division/delete/unknown' },
  'GET /api/v1/division/{id}/dependents': { path: '/api/v1/division/unknown/dependents' },
  'DELETE /api/v1/division/{id}': { path: '/api/v1/division/unknown' },
  'POST /api/v1/batch': { body: {} },
  'GET /api/v1/batch/{divisionid}': { path: '/api/v1/batch/unknown' },
  'POST /api/v1/batch/delete': { body: {} },
  'GET /api/v1/batch/{id}/dependents': { path: '/api/v1/batch/unknown/dependents' },
  'DELETE /api/v1/batch/{id}': { path: '/api/v1/batch/unknown' },
  'POST /api/v1/student/delete': { body: {} },
  'POST /api/v1/student': { body: {} },
  'GET /api/v1/student/{batchid}': { path: '/api/v1/student/unknown' },
  'PATCH /api/v1/student/updateterm': { body: {} },
  'PATCH /api/v1/student/{id}': { path: '/api/v1/student/unknown', body: {} },
  'GET /api/v1/student/student/{id}': { path: '/api/v1/student/student/unknown' },
  'GET /api/v1/student/division/{divisionid}': { path: '/api/v1/student/division/unknown' },
  'DELETE /api/v1/student/{id}': { path: '/api/v1/student/unknown' },
  'POST /api/v1/course': { body: {} },
  'GET /api/v1/course/{semid}': { path: '/api/v1/course/unknown' },
  'GET /api/v1/course/{id}/dependents': { path: '/api/v1/course/unknown/dependents' },
  'DELETE /api/v1/course/{id}': { path: '/api/v1/course/unknown' },
  'POST /api/v1/slot': { body: {} },
  'GET /api/v1/slot/{termid}': { path: '/api/v1/slot/unknown' },
  'DELETE /api/v1/slot/{id}': { path: '/api/v1/slot/unknown' },
  'POST /api/v1/attendance': { body: {} },
  'GET /api/v1/attendance': { path: '/api/v1/attendance?date=2026-01-01&slotid=s&slotcount=1&courseid=c' },
  'GET /api/v1/attendance/criteria': { path: '/api/v1/attendance/criteria?startdate=2026-01-01&slotcount=1&courseid=c' },
};

type Caller = 'no cookie' | 'faculty' | 'admin' | 'tampered token' | 'expired token' | 'logged-out token' | 'deleted user';
const CALLERS: Caller[] = ['no cookie', 'faculty', 'admin', 'tampered token', 'expired token', 'logged-out token', 'deleted user'];

/**
 * 'allowed': the caller gets past authorization, and the route answers anything but 401/403/5xx.
 * 'same for all': a public route answers every caller alike.
 */
function expected(route: Route, caller: Caller): 401 | 403 | 'allowed' | 'same for all' {
  if (route.access === 'public') return 'same for all';
  if (caller === 'admin') return 'allowed';
  if (caller === 'faculty') return route.access === 'admin' ? 403 : 'allowed';
  return 401;
}

let stack: TestStack;
const cookies = {} as Record<Caller, string | undefined>;

function claims(cookie: string) {
  return JSON.parse(Buffer.from(cookie.split('=')[1]!.split('.')[1]!, 'base64url').toString()) as { sub: string; jti: string };
}

beforeAll(async () => {
  stack = await startTestStack();
  const [admin, faculty, loggedOut, deleted]: SignedIn[] = await Promise.all([
    stack.signIn('admin'),
    stack.signIn('faculty'),
    stack.signIn('faculty'),
    stack.signIn('faculty'),
  ]);
  SAMPLE['POST /api/v1/auth/login']!.body = { email: faculty!.email, password: faculty!.password };
  await stack.call('POST', '/api/v1/auth/logout', { cookie: loggedOut!.cookie });
  await stack.call('DELETE', `/api/v1/user/${deleted!.user._id}`, { cookie: admin!.cookie });
  const token = admin!.cookie.split('=')[1]!;
  const flipped = token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);
  const { sub, jti } = claims(admin!.cookie);
  const expired = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setJti(jti)
    .setIssuer('sams')
    .setAudience('sams-web')
    .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
    .sign(new TextEncoder().encode(process.env.JWT_SECRET!));
  Object.assign(cookies, {
    'no cookie': undefined,
    faculty: faculty!.cookie,
    admin: admin!.cookie,
    'tampered token': `sams_session=${flipped}`,
    'expired token': `sams_session=${expired}`,
    'logged-out token': loggedOut!.cookie,
    'deleted user': deleted!.cookie,
  });
});
afterAll(() => stack.stop());

describe('authorization matrix', () => {
  it('has a sample request for every route of the route table, and no stale ones', () => {
    expect(Object.keys(SAMPLE).sort()).toEqual(ROUTES.map(routeKey).sort());
  });

  // Logout ends the session it is called with, so it runs last.
  const ordered = [...ROUTES].sort((a, b) => Number(a.path === '/auth/logout') - Number(b.path === '/auth/logout'));
  for (const route of ordered) {
    it(`${routeKey(route)} (${route.access})`, async () => {
      const sample = SAMPLE[routeKey(route)] ?? {};
      const path = sample.path ?? `/api/v1${route.path}`;
      const outcomes: string[] = [];
      let first: number | undefined;
      for (const caller of CALLERS) {
        const result = await stack.call(route.method, path, { cookie: cookies[caller], body: sample.body });
        first ??= result.status;
        const want = expected(route, caller);
        const ok =
          want === 'allowed'
            ? result.status !== 401 && result.status !== 403 && result.status < 500
            : want === 'same for all'
              ? result.status === first && result.status < 500
              : result.status === want;
        outcomes.push(`${caller}: ${result.status}${ok ? '' : ` (expected ${want})`}`);
        expect(typeof result.body?.message, `${caller} got a message`).toBe('string');
      }
      expect(
        outcomes.filter((line) => line.includes('expected')),
        outcomes.join('\n'),
      ).toEqual([]);
    });
  }
});
