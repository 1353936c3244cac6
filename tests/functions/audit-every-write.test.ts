import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays } from '@shared/dates';
import { routePath, type RouteRequest, type WriteKey } from '@shared/api-contract';
import type { MarkInput } from '@shared/schemas/attendance';
import type { TimetableEntryInput } from '@shared/schemas/timetable';
import { API_PREFIX, apiRouteKey, auditOf, ROUTES, ROUTES_BY_KEY } from '@shared/routes';
import { toWire } from '@shared/schemas/wire-names';
import { queryAll } from '@functions/lib/db';
import { auditEntriesBetween } from '@functions/lib/entities/audit';
import { useMailCatcher } from '@tests/support/alerts';
import { useS3Server } from '@tests/support/attachments';
import { collegeToday } from '@tests/support/college-time';
import { buildCollege, lectureMark, slotOfNow, type SmallCollege } from '@tests/support/college';
import { signedInStudent } from '@tests/support/family';
import { entryBody, facultyMember } from '@tests/support/timetable';
import { useTestStack, type Signed } from '@tests/support/stack';

/*
 * The audit trail (docs/product.md §2.19) route by route: every route of the route table whose writes are audited
 * ('change'), called successfully by a caller it allows, leaves exactly one new audit entry, naming that route, its
 * caller and its path's parameters. RECIPES below hold, per route, the setup it needs and the request to make; an
 * audited route without one fails the first test, so that a new route cannot be left out.
 */

useS3Server();
useMailCatcher();
const t = useTestStack('admin', 'faculty');

/** The request a recipe makes: the route's params and body as the contract types them, and who sends it. */
type Call<K extends WriteKey> = RouteRequest<K> & Required<Pick<Signed, 'cookie'>>;
type Recipe<K extends WriteKey> = () => Promise<Call<K>>;
type Recipes = { [K in WriteKey]?: Recipe<K> };

const today = collegeToday();
const admin = () => t.admin.cookie;
const faculty = () => t.faculty.cookie;

let made = 0;
/** A name no other recipe uses (enrollments, emails, terms). */
const unique = (what: string) => `${what}${++made}`;
/** A small college of its own: one division of two batches, each of `perBatch` students (one by default). */
const college = (perBatch = 1) => buildCollege(t.stack, admin(), { prefix: unique('AW'), divisions: 1, perBatch });
const division = (c: SmallCollege) => c.divisions[0]!;
const batch = (c: SmallCollege, b = 0) => division(c).batches[b]!;
const studentOf = (c: SmallCollege, b = 0) => batch(c, b).students[0]!;

/** A 2xx answer, or the test fails with the route's message. */
async function ok<R extends { status: number; body: { message: string } }>(what: string, result: Promise<R>): Promise<R> {
  const done = await result;
  expect(done.status, `${what}: ${done.body?.message}`).toBeGreaterThanOrEqual(200);
  expect(done.status, `${what}: ${done.body?.message}`).toBeLessThan(300);
  return done;
}

/** A lecture of the college's division marked today (by the admin unless told), everyone present: the class session. */
async function markedLecture(c: SmallCollege, cookie = admin()) {
  const body = lectureMark(c, { presentStudentIds: batch(c, 0).students.concat(batch(c, 1).students) }) as unknown as MarkInput;
  return (await ok('mark a lecture', t.stack.api('POST /attendance', { cookie, body }))).body.data;
}

/** A timetable entry of the college's lecture given to a faculty member of its own. */
async function timetableEntry(c: SmallCollege, facultyid = t.faculty.user._id) {
  const body = entryBody(c, facultyid) as unknown as TimetableEntryInput;
  return (await ok('add a timetable entry', t.stack.api('POST /timetable', { cookie: admin(), body }))).body.data;
}

/** A check-in of the college's lecture, open now (a slot around now of its own term). */
async function openCheckIn(c: SmallCollege) {
  const slotid = await slotOfNow(t.stack, admin(), c.termid);
  const body = { courseid: c.courseid, slotid, classKind: 'lecture' as const, groupid: division(c).id };
  return (await ok('open a check-in', t.stack.api('POST /checkin', { cookie: faculty(), body }))).body.data;
}

/** A leave application of the college's first student, by the student, for `from` (a future day unless told). */
async function leaveApplied(c: SmallCollege, from = addDays(today, 20)) {
  const student = await signedInStudent(studentOf(c));
  const body = { kind: 'Personal', from, to: from, reason: 'Family wedding' };
  const applied = await ok(
    'apply for leave',
    t.stack.api('POST /leave/student/{id}', { params: { id: studentOf(c) }, cookie: student.cookie, body }),
  );
  return { student, leave: applied.body.data };
}

/** A faculty member signed in, whose account the recipe may change (its password, its sessions). */
const someone = () => t.stack.signIn('faculty');

const RECIPES: Recipes = {
  'POST /auth/register': async () => ({
    cookie: admin(),
    body: { username: 'Registered One', email: `${unique('registered')}@college.test`, password: 'Orchard-lantern-58', role: 'faculty' },
  }),
  'POST /auth/password': async () => {
    const user = await someone();
    return { cookie: user.cookie, body: { currentPassword: user.password, newPassword: 'Orchard-lantern-58' } };
  },
  // Another browser's session of the caller's, ended from this one.
  'DELETE /auth/sessions/{id}': async () => {
    const user = await someone();
    await ok('sign in again', t.stack.call('POST', `${API_PREFIX}/auth/login`, { body: { email: user.email, password: user.password } }));
    const sessions = (await t.stack.api('GET /auth/sessions', { cookie: user.cookie })).body.data;
    return { cookie: user.cookie, params: { id: sessions.find((session) => !session.current)!._id } };
  },
  // A student signs out everywhere.
  'DELETE /auth/sessions': async () => ({ cookie: (await signedInStudent(studentOf(await college()))).cookie }),
  // A faculty member with a class of the timetable: both go.
  'DELETE /user/{id}': async () => {
    const member = await facultyMember('Leaving Member');
    await timetableEntry(await college(), member._id);
    return { cookie: admin(), params: { id: member._id } };
  },
  'POST /user/{id}/reset-password': async () => ({ cookie: admin(), params: { id: (await someone()).user._id } }),
  // A locked account: five wrong passwords.
  'POST /user/{id}/unlock': async () => {
    const user = await someone();
    for (let i = 0; i < 5; i++)
      await t.stack.call('POST', `${API_PREFIX}/auth/login`, { body: { email: user.email, password: 'wrong-password' } });
    const locked = await t.stack.call('POST', `${API_PREFIX}/auth/login`, { body: { email: user.email, password: user.password } });
    expect(locked.status).toBe(429);
    return { cookie: admin(), params: { id: user.user._id } };
  },
  'DELETE /user/{id}/sessions': async () => ({ cookie: admin(), params: { id: (await someone()).user._id } }),
  'POST /user/invite': async () => ({
    cookie: admin(),
    body: { username: 'Invited One', email: `${unique('invited')}@college.test`, role: 'faculty' },
  }),
  'POST /user/{id}/set-password-link': async () => ({ cookie: admin(), params: { id: (await someone()).user._id } }),
  'POST /invitation': async () => ({ cookie: admin(), body: { scope: 'batch', id: batch(await college()).id, who: 'students' } }),

  'POST /term': async () => ({ cookie: admin(), body: { name: unique('Term added '), status: false } }),
  'PATCH /term/{id}': async () => ({ cookie: admin(), params: { id: (await college()).termid }, body: { name: unique('Term renamed ') } }),
  'POST /term/{id}/activate': async () => {
    const termid = (
      await ok('add a term', t.stack.api('POST /term', { cookie: admin(), body: { name: unique('Term to activate '), status: false } }))
    ).body.data._id;
    return { cookie: admin(), params: { id: termid }, body: {} };
  },
  'POST /semester': async () => ({ cookie: admin(), body: { name: 'Semester 2', termid: (await college()).termid } }),
  'PATCH /semester/{id}': async () => ({ cookie: admin(), params: { id: (await college()).semid }, body: { name: 'Semester 9' } }),
  // A semester with a class marked: the cascade writes many items, in many requests to the table.
  'DELETE /semester/{id}': async () => {
    const c = await college(2);
    await markedLecture(c);
    return { cookie: admin(), params: { id: c.semid } };
  },

  'POST /division': async () => ({ cookie: admin(), body: { name: 'Division 2', semid: (await college()).semid } }),
  'DELETE /division/delete/{semid}': async () => ({ cookie: admin(), params: { semid: (await college()).semid } }),
  'PATCH /division/{id}': async () => ({ cookie: admin(), params: { id: division(await college()).id }, body: { name: 'Division 9' } }),
  'PATCH /division/{id}/coordinators': async () => ({
    cookie: admin(),
    params: { id: division(await college()).id },
    body: { coordinators: [t.faculty.user._id] },
  }),
  'DELETE /division/{id}': async () => {
    const c = await college();
    await markedLecture(c);
    return { cookie: admin(), params: { id: division(c).id } };
  },
  'POST /batch': async () => ({ cookie: admin(), body: { name: 'Batch 1C', divisionid: division(await college()).id } }),
  'POST /batch/delete': async () => ({ cookie: admin(), body: { divIds: [division(await college()).id] } }),
  'PATCH /batch/{id}': async () => ({ cookie: admin(), params: { id: batch(await college()).id }, body: { name: 'Batch 9' } }),
  'DELETE /batch/{id}': async () => ({ cookie: admin(), params: { id: batch(await college(2)).id } }),

  'POST /student/delete': async () => ({ cookie: admin(), body: { batches_id: [batch(await college(2)).id] } }),
  'POST /student/import': async () => {
    const c = await college();
    const enrollment = unique('AWIMP');
    const row = { enrollment, name: 'Imported One', email: `${enrollment.toLowerCase()}@college.test` };
    return {
      cookie: admin(),
      body: {
        rows: [{ ...row, semester: 'Semester 1', division: 'Division 1', batch: 'Batch 1A' }],
        termid: c.termid,
        dryRun: false,
        createMissing: false,
      },
    };
  },
  'POST /student': async () => {
    const enrollment = unique('AWADD');
    return {
      cookie: admin(),
      body: { enrollment, name: 'Added One', email: `${enrollment.toLowerCase()}@college.test`, batchid: batch(await college()).id },
    };
  },
  'PATCH /student/updateterm': async () => {
    const [from, to] = [await college(2), await college()];
    return { cookie: admin(), body: { oldbatchid: batch(from).id, newbatchid: batch(to).id } };
  },
  'PATCH /student/{id}': async () => ({
    cookie: admin(),
    params: { id: studentOf(await college()) },
    body: { name: 'Renamed Student', guardians: [{ name: 'Meera Rao', relation: 'Mother', email: `${unique('guardian')}@college.test` }] },
  }),
  'DELETE /student/{id}': async () => {
    const c = await college();
    await markedLecture(c);
    return { cookie: admin(), params: { id: studentOf(c) } };
  },
  // A student's data on request: asked by the student, fulfilled by an admin; erasure with the enrollment typed again.
  'POST /student/{id}/data-request': async () => {
    const c = await college();
    return { cookie: (await signedInStudent(studentOf(c))).cookie, params: { id: studentOf(c) } };
  },
  'POST /student/{id}/data-request/fulfil': async () => {
    const c = await college();
    const student = await signedInStudent(studentOf(c));
    await ok('ask for the data', t.stack.api('POST /student/{id}/data-request', { params: { id: studentOf(c) }, cookie: student.cookie }));
    return { cookie: admin(), params: { id: studentOf(c) } };
  },
  'POST /student/{id}/erase': async () => {
    const c = await college();
    await markedLecture(c);
    const { enrollment } = (
      await ok('read the student', t.stack.api('GET /student/student/{id}', { params: { id: studentOf(c) }, cookie: admin() }))
    ).body.data;
    return { cookie: admin(), params: { id: studentOf(c) }, body: { enrollment } };
  },

  'POST /course': async () => ({ cookie: admin(), body: { name: 'Chemistry', semid: (await college()).semid } }),
  'PATCH /course/{id}': async () => ({ cookie: admin(), params: { id: (await college()).courseid }, body: { name: 'Physics II' } }),
  'DELETE /course/{id}': async () => {
    const c = await college();
    await markedLecture(c);
    return { cookie: admin(), params: { id: c.courseid } };
  },
  'POST /slot': async () => ({
    cookie: admin(),
    body: { name: '12:00 - 13:00', termid: (await college()).termid, start: '12:00', end: '13:00' },
  }),
  'PATCH /slot/{id}': async () => ({
    cookie: admin(),
    params: { id: (await college()).slotids[1]! },
    body: { start: '10:05', end: '11:05' },
  }),
  'DELETE /slot/{id}': async () => {
    const c = await college();
    await timetableEntry(c);
    return { cookie: admin(), params: { id: c.slotids[0]! } };
  },

  'POST /attendance': async () => ({ cookie: faculty(), body: lectureMark(await college()) as unknown as MarkInput }),
  'PATCH /attendance/{id}': async () => {
    const c = await college();
    // Marked by the faculty member who corrects it (within the edit window the college allows).
    const marked = await markedLecture(c, faculty());
    return {
      cookie: faculty(),
      params: { id: marked._id },
      body: { statuses: { [studentOf(c)]: 'absent' }, reason: 'Left before the roll call', version: marked.version },
    };
  },
  'POST /checkin': async () => {
    const c = await college();
    const slotid = await slotOfNow(t.stack, admin(), c.termid);
    return { cookie: faculty(), body: { courseid: c.courseid, slotid, classKind: 'lecture', groupid: division(c).id } };
  },
  'POST /checkin/{id}/close': async () => ({ cookie: faculty(), params: { id: (await openCheckIn(await college()))._id } }),
  'POST /checkin/student': async () => {
    const c = await college();
    const { code } = await openCheckIn(c);
    const student = await signedInStudent(studentOf(c));
    return { cookie: student.cookie, body: { code: code!, deviceKey: randomUUID() } };
  },
  // A threshold other than the one set: a real change.
  'PATCH /settings': async () => {
    const { threshold } = (await t.stack.api('GET /settings', { cookie: admin() })).body.data;
    return { cookie: admin(), body: { threshold: threshold === 70 ? 71 : 70 } };
  },

  'POST /timetable': async () => ({
    cookie: admin(),
    body: entryBody(await college(), t.faculty.user._id) as unknown as TimetableEntryInput,
  }),
  'PATCH /timetable/{id}': async () => {
    const c = await college();
    const entry = await timetableEntry(c);
    const body = {
      weekday: 2,
      slotid: c.slotids[1]!,
      courseid: c.courseid,
      classKind: 'lecture' as const,
      groupid: division(c).id,
      facultyid: t.faculty.user._id,
    };
    return { cookie: admin(), params: { id: entry._id }, body };
  },
  'DELETE /timetable/{id}': async () => ({ cookie: admin(), params: { id: (await timetableEntry(await college()))._id } }),

  // The student asks for an upload form for a certificate.
  'POST /leave/student/{id}/attachment': async () => {
    const c = await college();
    const student = await signedInStudent(studentOf(c));
    return {
      cookie: student.cookie,
      params: { id: studentOf(c) },
      body: { name: 'certificate.pdf', type: 'application/pdf', bytes: 1000 },
    };
  },
  'POST /leave/student/{id}': async () => {
    const c = await college();
    const student = await signedInStudent(studentOf(c));
    return {
      cookie: student.cookie,
      params: { id: studentOf(c) },
      body: { kind: 'Personal', from: addDays(today, 20), to: addDays(today, 21), reason: 'Fever' },
    };
  },
  'POST /leave/{id}/withdraw': async () => {
    const { student, leave } = await leaveApplied(await college());
    return { cookie: student.cookie, params: { id: leave._id }, body: { version: leave.version } };
  },
  // The division's coordinator approves leave for today, when a class was marked: its mark is corrected too.
  'POST /leave/{id}/decision': async () => {
    const c = await college();
    await ok(
      'coordinate',
      t.stack.api('PATCH /division/{id}/coordinators', {
        params: { id: division(c).id },
        cookie: admin(),
        body: { coordinators: [t.faculty.user._id] },
      }),
    );
    await markedLecture(c);
    const { leave } = await leaveApplied(c, today);
    return {
      cookie: faculty(),
      params: { id: leave._id },
      body: { decision: 'approve', comment: 'Get well soon', version: leave.version },
    };
  },
  'POST /leave/{id}/revoke': async () => {
    const c = await college();
    const { leave } = await leaveApplied(c);
    const approved = await ok(
      'approve',
      t.stack.api('POST /leave/{id}/decision', {
        params: { id: leave._id },
        cookie: admin(),
        body: { decision: 'approve', version: leave.version },
      }),
    );
    return {
      cookie: admin(),
      params: { id: leave._id },
      body: { comment: 'Certificate was not genuine', version: approved.body.data.version },
    };
  },
};

/** Every audited write of the route table, as code names it: 'PATCH /attendance/{id}'. */
const AUDITED = ROUTES.filter((route) => auditOf(route) === 'change').map(apiRouteKey);

interface AuditItem {
  entity: string;
  pk: string;
  sk: string;
  action: string;
  by: { _id: string; role: string };
  params: Record<string, string>;
  records: string[];
  requestId: string;
}

/** The audit entries of these UTC days, straight from the table: pk AUDIT#<day>. */
async function auditItemsOf(days: string[]): Promise<AuditItem[]> {
  const items: AuditItem[] = [];
  for (const day of new Set(days)) {
    // Every moment of the day: its sort keys are '<ISO moment>#<id>'.
    const entries = await queryAll<AuditItem>(auditEntriesBetween(day, day, `${day}T~`), { ConsistentRead: true });
    items.push(...entries.filter((item) => item.entity === 'auditEntry'));
  }
  return items;
}
const utcDay = () => new Date().toISOString().slice(0, 10);

/** Who a session cookie is: its token's subject. */
const userOf = (cookie: string): string =>
  (JSON.parse(Buffer.from(cookie.split('=')[1]!.split(';')[0]!.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

describe('audit: one entry for every audited write', () => {
  it('every audited route has a recipe', () => {
    expect(AUDITED.filter((key) => !RECIPES[key as WriteKey])).toEqual([]);
  });

  it('has a recipe for audited routes of the route table only', () => {
    expect(Object.keys(RECIPES).filter((key) => !AUDITED.includes(key as never))).toEqual([]);
    expect(Object.keys(RECIPES).filter((key) => !ROUTES_BY_KEY.has(key.replace(' /', ` ${API_PREFIX}/`)))).toEqual([]);
  });

  for (const key of AUDITED) {
    const recipe = RECIPES[key as WriteKey] as Recipe<WriteKey> | undefined;
    // A route without a recipe fails 'every audited route has a recipe' above.
    if (!recipe) continue;
    it(`${key}: a successful call leaves exactly one entry, of that route`, async () => {
      const request = await recipe();
      const firstDay = utcDay();
      const before = new Set((await auditItemsOf([firstDay])).map((item) => item.sk));

      const { params, body } = request as { params?: Record<string, string>; body?: unknown };
      const result = await t.stack.call(key.slice(0, key.indexOf(' ')), `${API_PREFIX}${routePath(key as WriteKey, request as never)}`, {
        cookie: request.cookie,
        body: body === undefined ? undefined : toWire(body),
      });
      expect(result.status, `${key}: ${result.body?.message}`).toBeGreaterThanOrEqual(200);
      expect(result.status, `${key}: ${result.body?.message}`).toBeLessThan(300);

      const added = (await auditItemsOf([firstDay, utcDay()])).filter((item) => !before.has(item.sk));
      expect(
        added.map((item) => item.action),
        `${key} (${result.status} ${result.body?.message}) wrote ${added.length} entries`,
      ).toEqual([key]);
      const [entry] = added;
      expect(entry!.by._id).toBe(userOf(request.cookie));
      expect(entry!.params).toEqual(params ?? {});
      expect(entry!.records.length, 'the entry names the records written').toBeGreaterThan(0);
      expect(entry!.requestId).toEqual(expect.any(String));
    });
  }
});
