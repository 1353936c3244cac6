import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '@functions/lib/db';
import { loginSession } from '@functions/lib/entities/login-session';
import { ITEM_WRITE_ACTIONS, TABLE_ACCESS } from '@infra/table-access';
import { API_PREFIX, ROUTES, type Resource } from '@shared/routes';
import { lectureMark, slotOfNow, useCollege } from '@tests/support/college';
import { signedInStudent } from '@tests/support/family';
import { useTestStack } from '@tests/support/stack';
import { entryBody, timetableApi } from '@tests/support/timetable';
import { toWire } from '@shared/schemas/wire-names';

/*
 * DynamoDB Local ignores IAM, so a LeadingKeys condition that is too narrow would fail only in AWS.
 * Here each request's writes are recorded as the handlers send them, and every written partition
 * key must match a pattern its resource's role grants (infra/table-access.ts writesTo, which
 * tests/infra/sams-stack.test.ts finds in the template).
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- SDK command inputs
const WRITE_COMMAND = /^(Put|Update|Delete|BatchWrite|TransactWrite)/;
const written: { resource: Resource; route: string; pk: string }[] = [];
let current: { resource: Resource; route: string } | undefined;

const text = (value: unknown): string => (typeof value === 'object' && value !== null ? (value as { S: string }).S : String(value));

/** The partition keys an item write names: its item or key, each of a batch's or a transaction's (not its condition checks). */
function writtenKeys(input: Json): string[] {
  if (input.Item) return [text(input.Item.pk)];
  if (input.Key) return [text(input.Key.pk)];
  if (input.RequestItems) {
    return Object.values(input.RequestItems as Record<string, Json[]>)
      .flat()
      .map((request) => text((request.PutRequest?.Item ?? request.DeleteRequest!.Key).pk));
  }
  return (input.TransactItems as Json[]).flatMap((item) => {
    const write = item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key;
    return write ? [text(write.pk)] : [];
  });
}

db.middlewareStack.add(
  (next, context) => async (args) => {
    if (current && WRITE_COMMAND.test(context.commandName ?? '')) {
      for (const pk of writtenKeys(args.input as Json)) written.push({ ...current, pk });
    }
    return next(args);
  },
  { step: 'initialize', name: 'recordPartitionWrites' },
);

const ROUTE_PATTERNS = ROUTES.map((route) => ({
  route,
  pattern: new RegExp(`^${API_PREFIX}${route.path.replace(/\{[^}]+\}/g, '[^/]+')}(\\?.*)?$`),
}));

/** IAM's StringLike: * is any run of characters, ? one. */
const matchesLike = (value: string, pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  ).test(value);

const t = useTestStack('admin', 'faculty');
beforeAll(() => {
  const call = t.stack.call.bind(t.stack);
  t.stack.call = async (method, path, options) => {
    const found = ROUTE_PATTERNS.find(({ route, pattern }) => route.method === method && pattern.test(path))!.route;
    current = { resource: found.resource, route: `${method} ${found.path}` };
    try {
      return await call(method, path, options);
    } finally {
      current = undefined;
    }
  };
});
const college = useCollege(t, { prefix: 'LK', divisions: 1, perBatch: 1 });

describe('dynamodb:LeadingKeys (infra/table-access.ts writesTo)', () => {
  it('covers every partition each function writes, through sign-in, structure, timetable, marks, reports and deletes', async () => {
    const ok = (result: { status: number; body: { message: string } }, status: number) =>
      expect(result.status, result.body?.message).toBe(status);
    // Sign-in: a wrong password, a login, a new user, a logout.
    ok(await t.stack.call('POST', '/api/v1/auth/login', { body: { email: t.faculty.email, password: 'Wrong-guess-11' } }), 401);
    const login = await t.stack.call('POST', '/api/v1/auth/login', { body: { email: t.faculty.email, password: t.faculty.password } });
    ok(login, 200);
    const body = { email: 'leading@college.test', password: 'Quiet-harbour-79', username: 'Meera', role: 'faculty' };
    ok(await t.stack.call('POST', '/api/v1/auth/register', { cookie: t.admin.cookie, body }), 201);
    // The timetable, a mark, and a report read by a session idle long enough to be written.
    const entry = await timetableApi(t).added(entryBody(college, t.faculty.user._id));
    ok(await t.stack.call('POST', '/api/v1/attendance', { cookie: t.faculty.cookie, body: toWire(lectureMark(college)) }), 201);
    // Check-in: opened for a class of now, a student in (their check-in and their phone's), closed.
    const opened = await t.stack.api('POST /checkin', {
      cookie: t.faculty.cookie,
      body: {
        courseid: college.courseid,
        slotid: await slotOfNow(t.stack, t.admin.cookie, college.termid),
        classKind: 'lecture',
        groupid: college.divisions[0]!.id,
      },
    });
    ok(opened, 201);
    const student = await signedInStudent(college.divisions[0]!.batches[0]!.students[0]!);
    ok(
      await t.stack.api('POST /checkin/student', {
        cookie: student.cookie,
        body: { code: opened.body.data.code!, deviceKey: randomUUID() },
      }),
      201,
    );
    ok(await t.stack.api('POST /checkin/{id}/close', { cookie: t.faculty.cookie, params: { id: opened.body.data._id } }), 200);
    const admin = t.admin.user._id;
    const token = /sams_session=[^.]+\.([^.;]+)/.exec(t.admin.cookie)![1]!;
    const adminSession: string = JSON.parse(Buffer.from(token, 'base64url').toString()).jti;
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: loginSession(admin, adminSession),
        UpdateExpression: 'SET lastSeenAt = :long',
        ExpressionAttributeValues: { ':long': Math.floor(Date.now() / 1000) - 600 },
      }),
    );
    const report = await t.stack.call('GET', `/api/v1/report/defaulters?semid=${college.semid}`, { cookie: t.admin.cookie });
    expect(report.status, report.body?.message).toBeLessThan(500);
    // Deletes: an entry, a faculty member with their classes, a semester with all it holds.
    ok(await timetableApi(t).remove((entry as { _id: string })._id), 200);
    await timetableApi(t).added(entryBody(college, t.faculty.user._id));
    ok(await t.stack.call('DELETE', `/api/v1/user/${t.faculty.user._id}`, { cookie: t.admin.cookie }), 200);
    ok(await t.stack.call('DELETE', `/api/v1/semester/${college.semid}`, { cookie: t.admin.cookie }), 200);

    const resources = new Set(written.map((write) => write.resource));
    expect([...resources].sort()).toEqual(
      expect.arrayContaining([
        'attendance',
        'auth',
        'batch',
        'course',
        'division',
        'semester',
        'slot',
        'student',
        'term',
        'timetable',
        'user',
      ]),
    );
    expect(written.some((write) => write.resource === 'report')).toBe(true);
    const outside = written.filter(({ resource, pk }) => !TABLE_ACCESS[resource].writesTo.some((pattern) => matchesLike(pk, pattern)));
    expect(outside).toEqual([]);
    expect(ITEM_WRITE_ACTIONS).toEqual(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']);
  }, 120_000);
});
