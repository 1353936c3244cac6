import fc from 'fast-check';
import * as z from 'zod/mini';
import { beforeAll, describe, expect, it } from 'vitest';
import { inviteSchema, registerSchema } from '@shared/schemas/auth';
import { settingsPatchSchema } from '@shared/schemas/settings';
import { termSchema } from '@shared/schemas/structure';
import { ROUTES, routeKey, type Route } from '@shared/routes';
import { signInLinkRequestSchema } from '@shared/schemas/sign-in-link';
import { buildCollege } from '@tests/support/college';
import { signedInStudent } from '@tests/support/family';
import { useTestStack } from '@tests/support/stack';
import { allItems } from '@tests/support/table';

/**
 * Generated bad input for every route that takes a body, a path id or a query: never a 5xx,
 * always a message, and nothing written. Bodies start from a template whose references point
 * at nothing, so even a body the schema accepts changes nothing; routes with no references
 * (term, register, settings) get only bodies their schema rejects.
 */
const RUNS = 200;
const MISSING = 'missing-0000';
const GUARDIAN = { name: 'G', relation: 'Mother', phone: '9820012345' };

const junk = fc.oneof(
  fc.anything(),
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything(), { maxLength: 5 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '𝕊𝔸𝕄𝕊 ✓',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '1',
    '2',
    'true',
    '2026-02-30',
    '9999-99-99',
  ),
);
const huge = fc.integer({ min: 201, max: 3000 }).map((n) => 'é'.repeat(n));

function bodies(template: Record<string, unknown>): fc.Arbitrary<unknown> {
  const field = fc.constantFrom(...Object.keys(template));
  return fc.oneof(
    junk,
    field.chain((key) => junk.map((value) => ({ ...template, [key]: value }))),
    field.map((key) => Object.fromEntries(Object.entries(template).filter(([name]) => name !== key))),
    field.chain((key) => huge.map((value) => ({ ...template, [key]: value }))),
    fc.dictionary(fc.string({ maxLength: 12 }), junk, { maxKeys: 6 }).map((extra) => ({ ...extra, ...template, extra })),
  );
}

/** Raw bodies JSON.stringify cannot make: prototype keys, broken JSON. */
const rawBodies = (template: Record<string, unknown>) =>
  fc.oneof(
    fc
      .constantFrom('__proto__', 'constructor', 'prototype')
      .map((key) => `{"${key}": {"role": "admin", "status": true}, ${JSON.stringify(template).slice(1)}`),
    fc.string({ maxLength: 40 }).map((text) => `{${text}`),
    fc.constantFrom('[]', 'null', '"text"', '1e999', '{"a":' + '['.repeat(5000) + ']'.repeat(5000) + '}'),
  );

const ids = fc
  .oneof(
    fc.string({ minLength: 1, maxLength: 80 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
    fc.constantFrom('%', '..', '%2e%2e', 'null', '__proto__', 'x'.repeat(500), MISSING),
  )
  .map((id) => encodeURIComponent(id));

const queries = (fields: string[]) =>
  fc.dictionary(
    fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 8 })),
    fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('2026-02-30', '2026-13-01', '1', '2', '3', '-1', MISSING)),
    { maxKeys: 6 },
  );

const invalidFor = (schema: z.ZodMiniType) => (body: unknown) => !z.safeParse(schema, body).success;

/** The body each route that takes one starts from: its references point at nothing. */
const BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/v1/auth/login': { email: 'fuzz@college.test', password: 'x' },
  'POST /api/v1/auth/register': { email: 'fuzz@college.test', password: 'Secret-123', username: 'F', role: 'faculty' },
  // Never the admin's current password: at most a counted wrong guess (a loginFailures item), or a refusal.
  'POST /api/v1/auth/password': { currentPassword: 'not-the-password', newPassword: 'Fuzzy-lantern-88' },
  // No body is read: junk ids name no user.
  'POST /api/v1/user/{id}/reset-password': { note: MISSING },
  'POST /api/v1/user/{id}/unlock': { note: MISSING },
  'POST /api/v1/user/invite': { email: 'fuzz@college.test', username: 'F', role: 'faculty' },
  'POST /api/v1/user/{id}/set-password-link': { note: MISSING },
  'POST /api/v1/invitation': { scope: 'batch', id: MISSING, who: 'both' },
  // A well-formed token of no link: at most the one refusal every unknown, used or expired link gets.
  'POST /api/v1/auth/set-password': { token: 'A'.repeat(43), password: 'Fuzzy-lantern-88' },
  // Asking for a link answers no sooner than a second (its time must not tell whether the address has an account): invalid bodies only.
  'POST /api/v1/auth/link': { email: 'fuzz@college.test' },
  // A request id of no link: the one refusal every unknown link gets.
  'POST /api/v1/auth/link/token': { request: '00000000-0000-4000-8000-000000000000', token: 'A'.repeat(43) },
  'POST /api/v1/auth/link/code': { request: '00000000-0000-4000-8000-000000000000', code: 'ABCDEF' },
  // No body is read: a junk provider is no provider of this deployment.
  'POST /api/v1/auth/oidc/{provider}/start': { note: MISSING },
  // No sign-in started in the fuzzing browser: every return is refused alike.
  'POST /api/v1/auth/oidc/finish': { code: 'c', state: 's', iss: 'http://127.0.0.1:1' },
  'POST /api/v1/term': { name: 'Fuzz term', status: true },
  'PATCH /api/v1/term/{id}': { status: true },
  'POST /api/v1/term/{id}/activate': { from: '2030-01-01' },
  'POST /api/v1/semester': { name: 'S', termid: MISSING },
  'PATCH /api/v1/semester/{id}': { name: 'S' },
  'PATCH /api/v1/division/{id}': { name: 'D' },
  'PATCH /api/v1/division/{id}/coordinators': { coordinators: [MISSING] },
  'PATCH /api/v1/batch/{id}': { name: 'B' },
  'PATCH /api/v1/course/{id}': { name: 'C' },
  'POST /api/v1/division': { name: 'D', semid: MISSING },
  'POST /api/v1/batch': { name: 'B', divisionid: MISSING },
  'POST /api/v1/batch/delete': { divIds: [MISSING] },
  'POST /api/v1/student/delete': { batches_id: [MISSING] },
  'POST /api/v1/student/import': {
    rows: [{ enrollment: 'F3', name: 'F', email: 'f@college.test', semester: MISSING, division: MISSING, batch: MISSING }],
    createMissing: true,
  },
  'POST /api/v1/student': { enrollment: 'F1', name: 'F', email: 'f@college.test', batchid: MISSING, guardians: [GUARDIAN] },
  'PATCH /api/v1/student/updateterm': { oldbatchid: MISSING, newbatchid: `${MISSING}-2` },
  'PATCH /api/v1/student/{id}': { enrollment: 'F2', name: 'F', email: 'f@college.test', batchid: MISSING, guardians: [GUARDIAN] },
  'POST /api/v1/course': { name: 'C', semid: MISSING },
  'POST /api/v1/slot': { name: 'S', termid: MISSING, start: '09:00', end: '10:00' },
  'PATCH /api/v1/slot/{id}': { name: 'S', start: '09:00', end: '10:00' },
  'POST /api/v1/attendance': {
    presentStudentData: [],
    date: '2026-01-05',
    slotid: MISSING,
    slotcount: 1,
    courseid: MISSING,
    groupid: MISSING,
  },
  'PATCH /api/v1/attendance/{id}': { statuses: { [MISSING]: 'late' }, reason: 'Marked the wrong student', version: 1 },
  'PATCH /api/v1/settings': { threshold: 50 },
  'POST /api/v1/timetable': {
    termid: MISSING,
    weekday: 1,
    slotid: MISSING,
    courseid: MISSING,
    slotcount: 1,
    groupid: MISSING,
    facultyid: MISSING,
  },
  // The student, application or upload named is never there: at most the refusal of a missing one.
  'POST /api/v1/leave/student/{id}/attachment': { name: 'certificate.pdf', type: 'application/pdf', bytes: 1000 },
  'POST /api/v1/leave/student/{id}': { kind: 'Personal', from: '2030-01-05', to: '2030-01-05', reason: 'Fever' },
  'POST /api/v1/leave/{id}/withdraw': { version: 1 },
  'POST /api/v1/leave/{id}/decision': { decision: 'approve', comment: 'Fine', version: 1 },
  'POST /api/v1/leave/{id}/revoke': { comment: 'Not genuine', version: 1 },
  'PATCH /api/v1/timetable/{id}': { weekday: 1, slotid: MISSING, courseid: MISSING, slotcount: 1, groupid: MISSING, facultyid: MISSING },
  'POST /api/v1/checkin': { courseid: MISSING, slotid: MISSING, slotcount: 1, groupid: MISSING },
  // It reads no body: whatever is sent is ignored (junk ids in its path get 404).
  'POST /api/v1/checkin/{id}/close': { ignored: true },
  // They read no body (junk ids in their path get 404, or 409: no request to fulfil); erasure reads the enrollment typed.
  'POST /api/v1/student/{id}/data-request': { ignored: true },
  'POST /api/v1/student/{id}/data-request/fulfil': { ignored: true },
  'POST /api/v1/student/{id}/erase': { enrollment: 'FZ001' },
  // Students only: sent by a student of a college with no check-in open.
  'POST /api/v1/checkin/student': { code: 'ABC234', deviceKey: 'k'.repeat(32) },
};
/** Routes with no references to point at nothing: only bodies their schema rejects. */
const ONLY_INVALID: Record<string, z.ZodMiniType> = {
  'POST /api/v1/auth/register': registerSchema,
  'POST /api/v1/user/invite': inviteSchema,
  'POST /api/v1/auth/link': signInLinkRequestSchema,
  'POST /api/v1/term': termSchema,
  'PATCH /api/v1/settings': settingsPatchSchema,
};
/** The query fields of the routes that read a query string. */
const QUERIES: Record<string, string[]> = {
  'GET /api/v1/attendance': ['date', 'enddate', 'slotid', 'slotcount', 'courseid', 'groupid'],
  'GET /api/v1/attendance/criteria': ['startdate', 'enddate', 'slotid', 'slotcount', 'courseid', 'groupid'],
  'GET /api/v1/attendance/missing': ['date'],
  'GET /api/v1/timetable': ['termid', 'facultyid', 'groupid'],
  'GET /api/v1/timetable/today': ['date'],
  'GET /api/v1/report/defaulters': ['semid', 'divisionid', 'batchid', 'threshold'],
  'GET /api/v1/student/search': ['q', 'termid'],
  'GET /api/v1/leave': ['status', 'divisionid', 'kind'],
  'GET /api/v1/leave/student/{id}/classes': ['from', 'to'],
  'GET /api/v1/leave/group/{groupid}': ['date'],
  'GET /api/v1/audit': ['from', 'to', 'who', 'subject'],
};
/** Routes that take no input at all. */
const NO_INPUT = [
  'GET /api/v1/config',
  'GET /api/v1/privacy',
  'GET /api/v1/auth/currentstatus',
  'POST /api/v1/auth/logout',
  'GET /api/v1/auth/sessions',
  // Never generated: it would end the fuzzing admin's own session.
  'DELETE /api/v1/auth/sessions',
  'GET /api/v1/user',
  'GET /api/v1/invitation',
  'GET /api/v1/auth/oidc',
  'GET /api/v1/term',
  'GET /api/v1/term/active',
  'GET /api/v1/settings',
  'GET /api/v1/student/data-requests',
];

type Input = { path: string; body?: unknown; rawBody?: string };

/** Bad input for one route: junk ids in its path, junk bodies from its template, junk queries. */
function inputsFor(route: Route): fc.Arbitrary<Input> | null {
  const key = routeKey(route);
  const path = `/api/v1${route.path}`;
  if (QUERIES[key]) return queries(QUERIES[key]).map((query) => ({ path: `${path}?${new URLSearchParams(query)}` }));
  const paths = path.includes('{') ? ids.map((id) => path.replace(/\{\w+\}/, id)) : fc.constant(path);
  const template = BODIES[key];
  if (!template) return path.includes('{') ? paths.map((one) => ({ path: one })) : null;
  const schema = ONLY_INVALID[key];
  const body = schema ? bodies(template).filter(invalidFor(schema)) : bodies(template);
  return fc.tuple(paths, body).map(([one, sent]) => ({ path: one, body: sent }));
}

const t = useTestStack('admin');
/** A student's session, for the routes only students call (a student of a small college of its own). */
let student: string;
beforeAll(async () => {
  const college = await buildCollege(t.stack, t.admin.cookie, { prefix: 'FZ', divisions: 1, perBatch: 1 });
  student = (await signedInStudent(college.divisions[0]!.batches[0]!.students[0]!)).cookie;
});

/**
 * The items that matter: login-failure counters are the one thing a failed login is meant to write, and audit
 * entries the one thing a read of a student's data (an id the fuzzer made up that happens to answer) writes.
 */
const countItems = async () =>
  (await allItems()).filter((item) => item.entity !== 'loginFailures' && item.entity !== 'auditEntry' && item.entity !== 'auditSubject')
    .length;

describe('fuzzing', () => {
  it('has a generator for every route that takes input, and a body for every route that takes one', () => {
    expect(
      ROUTES.filter((route) => !inputsFor(route))
        .map(routeKey)
        .sort(),
    ).toEqual([...NO_INPUT].sort());
    const withBody = ROUTES.filter((route) => route.method === 'POST' || route.method === 'PATCH').map(routeKey);
    expect(Object.keys(BODIES).sort()).toEqual(withBody.filter((key) => !NO_INPUT.includes(key)).sort());
  });

  for (const route of ROUTES) {
    const arbitrary = inputsFor(route);
    if (!arbitrary) continue;
    const [method, key] = [route.method, routeKey(route)];
    const template = method === 'POST' || method === 'PATCH';
    it(`${key}: ${RUNS} bad inputs → 4xx (or a harmless 2xx) with a message, never 5xx, nothing written`, async () => {
      const before = await countItems();
      const withRaw: fc.Arbitrary<Input> = template
        ? fc.oneof(
            { arbitrary, weight: 4 },
            {
              arbitrary: rawBodies({ a: 1 }).map((rawBody): Input => ({
                path: `/api/v1${route.path.replace(/\{\w+\}/, MISSING)}`,
                rawBody,
              })),
              weight: 1,
            },
          )
        : arbitrary;
      await fc.assert(
        fc.asyncProperty(withRaw, async (input) => {
          const result = await t.stack.call(method, input.path, {
            cookie: route.access === 'student' ? student : t.admin.cookie,
            body: input.rawBody === undefined ? input.body : undefined,
            rawBody: input.rawBody,
            headers: input.rawBody === undefined ? undefined : { 'content-type': 'application/json' },
          });
          expect(result.status, JSON.stringify(result.body)).toBeLessThan(500);
          expect(typeof result.body?.message).toBe('string');
          if (method !== 'GET')
            expect([200, 400, 401, 404, 409, 413, 415, 429, ...(route.access === 'student' ? [403] : [])]).toContain(result.status);
        }),
        { numRuns: RUNS },
      );
      expect(await countItems()).toBe(before);
    }, 120_000);
  }
});
