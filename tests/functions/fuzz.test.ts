import fc from 'fast-check';
import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSchema } from '@shared/schemas/auth';
import { termSchema } from '@shared/schemas/structure';
import { ROUTES, routeKey } from '@shared/routes';
import { startTestStack, type SignedIn, type TestStack } from '../support/stack';
import { allItems } from '../support/table';

/**
 * Generated bad input for every route that takes a body, a path id or a query: never a 5xx,
 * always a message, and nothing written. Bodies start from a template whose references point
 * at nothing, so even a body the schema accepts changes nothing; routes with no references
 * (term, register) get only bodies their schema rejects.
 */
const RUNS = 200;
const MISSING = 'missing-0000';

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

type Input = { path: string; body?: unknown; rawBody?: string };
const RULES: Record<string, fc.Arbitrary<Input>> = {
  'POST /api/v1/auth/login': bodies({ email: 'fuzz@college.test', password: 'x' }).map((body) => ({ path: '/api/v1/auth/login', body })),
  'POST /api/v1/auth/register': bodies({ email: 'fuzz@college.test', password: 'Secret-123', username: 'F', role: 'faculty' })
    .filter(invalidFor(registerSchema))
    .map((body) => ({ path: '/api/v1/auth/register', body })),
  'DELETE /api/v1/user/{id}': ids.map((id) => ({ path: `/api/v1/user/${id}` })),
  'POST /api/v1/term': bodies({ name: 'Fuzz term', status: true })
    .filter(invalidFor(termSchema))
    .map((body) => ({ path: '/api/v1/term', body })),
  'PATCH /api/v1/term/{id}': fc.tuple(ids, bodies({ status: true })).map(([id, body]) => ({ path: `/api/v1/term/${id}`, body })),
  'POST /api/v1/semester': bodies({ name: 'S', termid: MISSING }).map((body) => ({ path: '/api/v1/semester', body })),
  'GET /api/v1/semester/{termid}': ids.map((id) => ({ path: `/api/v1/semester/${id}` })),
  'GET /api/v1/semester/{id}/dependents': ids.map((id) => ({ path: `/api/v1/semester/${id}/dependents` })),
  'DELETE /api/v1/semester/{id}': ids.map((id) => ({ path: `/api/v1/semester/${id}` })),
  'POST /api/v1/division': bodies({ name: 'D', semid: MISSING }).map((body) => ({ path: '/api/v1/division', body })),
  'GET /api/v1/division/{semid}': ids.map((id) => ({ path: `/api/v1/division/${id}` })),
  'DELETE /api/v1/division/delete/{semid}': ids.map((id) => ({ path: `/api/v1/division/delete/${id}` })),
  'GET /api/v1/division/{id}/dependents': ids.map((id) => ({ path: `/api/v1/division/${id}/dependents` })),
  'DELETE /api/v1/division/{id}': ids.map((id) => ({ path: `/api/v1/division/${id}` })),
  'POST /api/v1/batch': bodies({ name: 'B', divisionid: MISSING }).map((body) => ({ path: '/api/v1/batch', body })),
  'GET /api/v1/batch/{divisionid}': ids.map((id) => ({ path: `/api/v1/batch/${id}` })),
  'POST /api/v1/batch/delete': bodies({ divIds: [MISSING] }).map((body) => ({ path: '/api/v1/batch/delete', body })),
  'GET /api/v1/batch/{id}/dependents': ids.map((id) => ({ path: `/api/v1/batch/${id}/dependents` })),
  'DELETE /api/v1/batch/{id}': ids.map((id) => ({ path: `/api/v1/batch/${id}` })),
  'POST /api/v1/student/delete': bodies({ batches_id: [MISSING] }).map((body) => ({ path: '/api/v1/student/delete', body })),
  'POST /api/v1/student': bodies({ enrollment: 'F1', name: 'F', email: 'f@college.test', batchid: MISSING }).map((body) => ({
    path: '/api/v1/student',
    body,
  })),
  'GET /api/v1/student/{batchid}': ids.map((id) => ({ path: `/api/v1/student/${id}` })),
  'PATCH /api/v1/student/updateterm': bodies({ oldbatchid: MISSING, newbatchid: `${MISSING}-2` }).map((body) => ({
    path: '/api/v1/student/updateterm',
    body,
  })),
  'PATCH /api/v1/student/{id}': fc
    .tuple(ids, bodies({ enrollment: 'F2', name: 'F', email: 'f@college.test', batchid: MISSING }))
    .map(([id, body]) => ({ path: `/api/v1/student/${id}`, body })),
  'GET /api/v1/student/student/{id}': ids.map((id) => ({ path: `/api/v1/student/student/${id}` })),
  'GET /api/v1/student/division/{divisionid}': ids.map((id) => ({ path: `/api/v1/student/division/${id}` })),
  'DELETE /api/v1/student/{id}': ids.map((id) => ({ path: `/api/v1/student/${id}` })),
  'POST /api/v1/course': bodies({ name: 'C', semid: MISSING }).map((body) => ({ path: '/api/v1/course', body })),
  'GET /api/v1/course/{semid}': ids.map((id) => ({ path: `/api/v1/course/${id}` })),
  'GET /api/v1/course/{id}/dependents': ids.map((id) => ({ path: `/api/v1/course/${id}/dependents` })),
  'DELETE /api/v1/course/{id}': ids.map((id) => ({ path: `/api/v1/course/${id}` })),
  'POST /api/v1/slot': bodies({ name: 'S', termid: MISSING }).map((body) => ({ path: '/api/v1/slot', body })),
  'GET /api/v1/slot/{termid}': ids.map((id) => ({ path: `/api/v1/slot/${id}` })),
  'DELETE /api/v1/slot/{id}': ids.map((id) => ({ path: `/api/v1/slot/${id}` })),
  'POST /api/v1/attendance': bodies({
    presentStudentData: [],
    date: '2026-01-05',
    slotid: MISSING,
    slotcount: 1,
    courseid: MISSING,
    groupid: MISSING,
  }).map((body) => ({
    path: '/api/v1/attendance',
    body,
  })),
  'GET /api/v1/attendance': queries(['date', 'slotid', 'slotcount', 'courseid', 'groupid']).map((query) => ({
    path: `/api/v1/attendance?${new URLSearchParams(query)}`,
  })),
  'GET /api/v1/attendance/criteria': queries(['startdate', 'enddate', 'slotcount', 'courseid', 'groupid']).map((query) => ({
    path: `/api/v1/attendance/criteria?${new URLSearchParams(query)}`,
  })),
};
/** Routes that take no input at all. */
const NO_INPUT = [
  'GET /api/v1/config',
  'GET /api/v1/auth/currentstatus',
  'POST /api/v1/auth/logout',
  'GET /api/v1/user',
  'GET /api/v1/term',
  'GET /api/v1/term/active',
];

let stack: TestStack;
let admin: SignedIn;

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signIn('admin');
});
afterAll(() => stack.stop());

/** The items that matter: login-failure counters are the one thing a failed login is meant to write. */
const countItems = async () => (await allItems()).filter((item) => !String(item.pk).startsWith('LOGINFAIL#')).length;

describe('fuzzing', () => {
  it('has a generator for every route that takes input', () => {
    expect([...Object.keys(RULES), ...NO_INPUT].sort()).toEqual(ROUTES.map(routeKey).sort());
  });

  for (const [key, arbitrary] of Object.entries(RULES)) {
    const method = key.split(' ')[0]!;
    const template = key.includes('POST') || key.includes('PATCH');
    it(`${key}: ${RUNS} bad inputs → 4xx (or a harmless 2xx) with a message, never 5xx, nothing written`, async () => {
      const before = await countItems();
      const withRaw: fc.Arbitrary<Input> = template
        ? fc.oneof(
            { arbitrary, weight: 4 },
            {
              arbitrary: rawBodies({ a: 1 }).map((rawBody): Input => ({ path: key.split(' ')[1]!.replace(/\{\w+\}/, MISSING), rawBody })),
              weight: 1,
            },
          )
        : arbitrary;
      await fc.assert(
        fc.asyncProperty(withRaw, async (input) => {
          const result = await stack.call(method, input.path, {
            cookie: admin.cookie,
            body: input.rawBody === undefined ? input.body : undefined,
            rawBody: input.rawBody,
            headers: input.rawBody === undefined ? undefined : { 'content-type': 'application/json' },
          });
          expect(result.status, JSON.stringify(result.body)).toBeLessThan(500);
          expect(typeof result.body?.message).toBe('string');
          if (method !== 'GET') expect([200, 400, 401, 404, 409, 413, 415, 429]).toContain(result.status);
        }),
        { numRuns: RUNS },
      );
      expect(await countItems()).toBe(before);
    }, 120_000);
  }
});
