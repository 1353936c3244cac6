import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, ROUTES_BY_KEY, routeKey, type Route } from '@shared/routes';
import { buildCollege } from '@tests/support/college';
import { signedInGuardian, signedInStudent } from '@tests/support/family';
import { useTestStack } from '@tests/support/stack';

/**
 * Every route of the route table × every kind of caller → the status the route's access
 * implies. Each route is called with `unknown` for its path ids and an empty body; SAMPLE
 * gives the routes that need more to get past their own checks.
 */
const SAMPLE: Record<string, { path?: string; body?: unknown }> = {
  'POST /api/v1/auth/login': { body: 'a real account, filled in below' },
  'GET /api/v1/attendance': { path: '/api/v1/attendance?date=2026-01-01&slotid=s&slotcount=1&courseid=c' },
  'GET /api/v1/attendance/criteria': { path: '/api/v1/attendance/criteria?startdate=2026-01-01&slotcount=1&courseid=c' },
  'GET /api/v1/attendance/missing': { path: '/api/v1/attendance/missing?date=2026-01-01' },
  'GET /api/v1/timetable': { path: '/api/v1/timetable?termid=t' },
  // A well-formed token of no link: past the schema, to the link's own check (the same 400 for every caller).
  'POST /api/v1/auth/set-password': { body: { token: 'A'.repeat(43), password: 'Orchard-lantern-58' } },
  'GET /api/v1/student/search': { path: '/api/v1/student/search?q=ab' },
  // A valid name, so an admin reaches the lookup (404 for the unknown id).
  'PATCH /api/v1/semester/{id}': { body: { name: 'Renamed' } },
  'PATCH /api/v1/division/{id}': { body: { name: 'Renamed' } },
  'PATCH /api/v1/batch/{id}': { body: { name: 'Renamed' } },
  'PATCH /api/v1/course/{id}': { body: { name: 'Renamed' } },
};

function sampleOf(route: Route): { path: string; body?: unknown } {
  const sample = SAMPLE[routeKey(route)] ?? {};
  return {
    path: sample.path ?? `/api/v1${route.path.replace(/\{\w+\}/g, 'unknown')}`,
    body: sample.body ?? (route.method === 'POST' || route.method === 'PATCH' ? {} : undefined),
  };
}

const CALLERS = [
  'no cookie',
  'faculty',
  'admin',
  'student',
  'guardian',
  'tampered token',
  'expired token',
  'logged-out token',
  'deleted user',
  'student of a deleted record',
] as const;
type Caller = (typeof CALLERS)[number];

/**
 * 'allowed': the caller gets past authorization, and the route answers anything but 401/403/5xx.
 * 'same for all': a public route answers every caller alike.
 */
function expected(route: Route, caller: Caller): 401 | 403 | 'allowed' | 'same for all' {
  if (route.access === 'public' || route.access === 'optional') return 'same for all';
  if (route.access === 'student' && ['admin', 'faculty', 'guardian'].includes(caller)) return 403;
  if (caller === 'admin') return 'allowed';
  if (caller === 'faculty') return route.access === 'admin' || route.access === 'applicant' ? 403 : 'allowed';
  // The sample of an ownRecord or applicant route names the student's own record, which is the guardian's child too.
  if (caller === 'student' || caller === 'guardian')
    return ['signedIn', 'ownRecord', 'applicant', 'student'].includes(route.access) ? 'allowed' : 403;
  return 401;
}

const t = useTestStack('admin', 'faculty');
const cookies = {} as Record<Caller, string | undefined>;

function claims(cookie: string) {
  return JSON.parse(Buffer.from(cookie.split('=')[1]!.split('.')[1]!, 'base64url').toString()) as { sub: string; jti: string };
}

/** A student and their guardian, and a student whose record is then deleted, in a batch of three. */
async function family() {
  const college = await buildCollege(t.stack, t.admin.cookie, { prefix: 'MTX', perBatch: 2 });
  const [own, deleted] = college.divisions[0]!.batches[0]!.students as [string, string];
  const contact = { name: 'Meera Rao', email: `guardian-${Date.now()}@college.test` };
  const patched = await t.stack.api('PATCH /student/{id}', {
    params: { id: own },
    body: { guardians: [{ ...contact, relation: 'Mother' }] },
    cookie: t.admin.cookie,
  });
  expect(patched.status).toBe(200);
  const [student, guardian, gone] = await Promise.all([signedInStudent(own), signedInGuardian(contact, [own]), signedInStudent(deleted)]);
  await t.stack.api('DELETE /student/{id}', { params: { id: deleted }, cookie: t.admin.cookie });
  SAMPLE['GET /api/v1/report/student/{id}'] = { path: `/api/v1/report/student/${own}` };
  SAMPLE['GET /api/v1/report/student/{id}/standing'] = { path: `/api/v1/report/student/${own}/standing` };
  for (const key of [
    'POST /leave/student/{id}/attachment',
    'POST /leave/student/{id}',
    'GET /leave/student/{id}',
    'GET /leave/student/{id}/classes',
    'GET /student/{id}/export',
    'GET /student/{id}/data-request',
    'POST /student/{id}/data-request',
  ]) {
    SAMPLE[key.replace(' /', ' /api/v1/')] = { path: `/api/v1${key.slice(key.indexOf(' ') + 1).replace('{id}', own)}` };
  }
  return { student: student.cookie, guardian: guardian.cookie, 'student of a deleted record': gone.cookie };
}

beforeAll(async () => {
  const { admin, faculty } = t;
  const families = await family();
  const [loggedOut, deleted] = await Promise.all([t.stack.signIn('faculty'), t.stack.signIn('faculty')]);
  SAMPLE['POST /api/v1/auth/login']!.body = { email: faculty.email, password: faculty.password };
  await t.stack.call('POST', '/api/v1/auth/logout', { cookie: loggedOut.cookie });
  await t.stack.call('DELETE', `/api/v1/user/${deleted.user._id}`, { cookie: admin.cookie });
  const token = admin.cookie.split('=')[1]!;
  const flipped = token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);
  const { sub, jti } = claims(admin.cookie);
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
    faculty: faculty.cookie,
    admin: admin.cookie,
    'tampered token': `sams_session=${flipped}`,
    'expired token': `sams_session=${expired}`,
    'logged-out token': loggedOut.cookie,
    'deleted user': deleted.cookie,
    ...families,
  });
});

describe('authorization matrix', () => {
  it('has no sample for a route the route table does not have', () => {
    expect(Object.keys(cookies).sort()).toEqual([...CALLERS].sort());
    expect(Object.keys(SAMPLE).filter((key) => !ROUTES_BY_KEY.has(key))).toEqual([]);
  });

  // Signing out everywhere, then logout, end the caller's sessions, so they run last (logout very last: it is public).
  const endsSessions = (route: Route) =>
    route.path === '/auth/logout' ? 2 : Number(route.method === 'DELETE' && route.path === '/auth/sessions');
  const ordered = [...ROUTES].sort((a, b) => endsSessions(a) - endsSessions(b));
  for (const route of ordered) {
    it(`${routeKey(route)} (${route.access})`, async () => {
      const { path, body } = sampleOf(route);
      const outcomes: string[] = [];
      let first: number | undefined;
      for (const caller of CALLERS) {
        const result = await t.stack.call(route.method, path, { cookie: cookies[caller], body });
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
