import { describe, expect, it } from 'vitest';
import { collegeToday } from '@tests/support/college-time';
import { AUDIT_ACTIONS, AUDIT_MESSAGES, MAX_AUDIT_DAYS } from '@shared/schemas/audit';
import { auditOf, ROUTES, apiRouteKey } from '@shared/routes';
import type { AuditEntry } from '@shared/answers/audit';
import { audited, type AuditDraft } from '@functions/lib/audit/scope';
import { installAuditGuard } from '@functions/lib/audit/guard';
import { getSettings, updateSettings } from '@functions/lib/repositories/settings';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@functions/lib/db';
import { seedMarker } from '@functions/lib/keys';
import { put, transact } from '@functions/lib/writes';
import { attendanceApi, daysAgo } from '@tests/support/attendance';
import { buildCollege, create, lectureMark, slotOfNow, useCollege } from '@tests/support/college';
import { storeStudents } from '@tests/support/bulk-students';
import { signedInStudent } from '@tests/support/family';
import { useTestStack } from '@tests/support/stack';
import { allItems } from '@tests/support/table';

/*
 * The audit trail (docs/product.md §2.19): every change a signed-in caller makes is one entry, written with the
 * change; reads of a student's data by anyone but the student are entries too; admins search them.
 */

const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'AU', perBatch: 3 });
const api = attendanceApi(t);

const today = collegeToday();
const search = async (query: Record<string, string>, cookie = t.admin.cookie) => {
  const result = await t.stack.api('GET /audit', { cookie, query: { from: daysAgo(1), to: today, ...query } as never });
  expect(result.status, result.body.message).toBe(200);
  return result.body.data.entries;
};
const entriesNamed = async (action: string, query: Record<string, string> = {}): Promise<AuditEntry[]> =>
  (await search(query)).filter((entry) => entry.action === action);
const auditItems = async () => (await allItems()).filter((item) => item.entity === 'auditEntry');

describe('audit trail', () => {
  it('has the words of every audited route of the route table, and no others', () => {
    const audited = ROUTES.filter((route) => auditOf(route) !== null).map(apiRouteKey);
    expect(audited.filter((key) => !AUDIT_ACTIONS[key])).toEqual([]);
    expect(Object.keys(AUDIT_ACTIONS).filter((key) => !audited.includes(key as never))).toEqual([]);
    // The sign-in routes are the security log's, not the trail's; a plain read is nobody's data.
    expect(auditOf({ method: 'POST', access: 'public' })).toBeNull();
    expect(auditOf({ method: 'GET', access: 'staff' })).toBeNull();
  });

  it('writes one entry per change, with who, the route, the records written and the students a correction names', async () => {
    const students = college.divisions[0]!.batches[0]!.students;
    const before = (await auditItems()).length;
    const session = await api.mark(t.faculty.cookie, lectureMark(college, { date: today, presentStudentIds: students }));
    const corrected = await t.stack.api('PATCH /attendance/{id}', {
      cookie: t.faculty.cookie,
      params: { id: session._id },
      body: { statuses: { [students[1]!]: 'absent' }, reason: 'Left before the roll call', version: 1 },
    });
    expect(corrected.status).toBe(200);
    expect((await auditItems()).length).toBe(before + 2);

    const [mark] = await entriesNamed('POST /attendance', { who: t.faculty.user._id });
    expect(mark).toMatchObject({ by: { _id: t.faculty.user._id, username: t.faculty.user.username, role: 'faculty' }, params: {} });
    expect(mark!.records.some((record) => record.includes(college.courseid))).toBe(true);
    // Who corrected this student's mark: found by the student.
    const [correction] = await entriesNamed('PATCH /attendance/{id}', { subject: students[1]! });
    expect(correction).toMatchObject({
      by: { _id: t.faculty.user._id },
      params: { id: session._id },
      subjects: [session._id, students[1]],
    });
    expect(correction!.requestId).toEqual(expect.any(String));
    expect(await entriesNamed('PATCH /attendance/{id}', { subject: students[0]! })).toEqual([]);
  });

  it('writes one entry for a request of several writes, and one for a write outside a transaction', async () => {
    const before = (await auditItems()).length;
    // Settings: one conditional put, in a transaction with its entry.
    expect((await t.stack.api('PATCH /settings', { cookie: t.admin.cookie, body: { threshold: 70 } })).status).toBe(200);
    expect((await auditItems()).length).toBe(before + 1);
    const [changed] = await entriesNamed('PATCH /settings');
    expect(changed!.records).toEqual(['COLLEGE SETTINGS']);
    await updateSettings({ threshold: 75 }, { _id: 'test', username: 'test' });

    // Opening a check-in again: its put fails (the transaction, entry and all, writes nothing), then an update: one entry.
    const slotid = await slotOfNow(t.stack, t.admin.cookie, college.termid);
    const body = { courseid: college.courseid, slotid, classKind: 'lecture' as const, groupid: college.divisions[0]!.id };
    const opened = await t.stack.api('POST /checkin', { cookie: t.faculty.cookie, body });
    expect(opened.status).toBe(201);
    const counted = (await auditItems()).length;
    expect((await t.stack.api('POST /checkin', { cookie: t.faculty.cookie, body })).status).toBe(201);
    expect((await auditItems()).length).toBe(counted + 1);
    expect((await entriesNamed('POST /checkin')).map((entry) => entry.records.length > 0)).toEqual([true, true]);
  });

  it('writes one entry for a change whose first transaction is full (a change of term of 34 students, 100 items)', async () => {
    const from = await create(t.stack, t.admin.cookie, 'batch', { name: 'Full', divisionid: college.divisions[0]!.id });
    await storeStudents(
      from,
      Array.from({ length: 34 }, (_, n) => ({
        enrollment: `AUF${String(n).padStart(3, '0')}`,
        name: `Full ${n}`,
        email: `full${n}@college.test`,
      })),
    );
    const next = await buildCollege(t.stack, t.admin.cookie, { prefix: 'AUN', divisions: 1, perBatch: 1 });
    const before = (await auditItems()).length;
    const moved = await t.stack.call('PATCH', '/api/v1/student/updateterm', {
      cookie: t.admin.cookie,
      body: { oldbatchid: from, newbatchid: next.divisions[0]!.batches[0]!.id },
    });
    expect([moved.status, moved.body.data]).toEqual([200, { moved: 34 }]);
    expect((await auditItems()).length).toBe(before + 1);
    const [entry] = await entriesNamed('PATCH /student/updateterm');
    expect(entry!.records).toHaveLength(50);
    expect(entry!.moreRecords).toBeGreaterThan(0);
  });

  it('fails the change when its entry cannot be written, in a transaction or before a single write', async () => {
    // An entry too large for DynamoDB (over 400 KB): the change is refused with it.
    const draft: AuditDraft = {
      by: { _id: 'u1', username: 'Huge', role: 'admin' },
      action: 'PATCH /settings',
      params: {},
      subjects: ['x'.repeat(410_000)],
      requestId: 'r1',
    };
    installAuditGuard();
    const key = seedMarker('audit-test');
    await expect(audited(draft, () => transact({ item: put({ ...key, entity: 'auditTest' }) }))).rejects.toThrow();
    expect((await allItems()).filter((item) => item.pk === key.pk)).toEqual([]);
    const threshold = (await getSettings()).threshold;
    await expect(audited(draft, () => updateSettings({ threshold: threshold + 1 }, { _id: 'u1', username: 'Huge' }))).rejects.toThrow();
    expect((await getSettings()).threshold).toBe(threshold);
    // A single write: not sent.
    await expect(
      audited(draft, () => db.send(new PutCommand({ TableName: tableName(), Item: { ...key, entity: 'auditTest' } }))),
    ).rejects.toThrow();
    expect((await allItems()).filter((item) => item.pk === key.pk)).toEqual([]);
    // Without a scope (a job, a test's own writes) nothing is owed.
    expect(await transact({ item: put({ ...key, entity: 'auditTest' }) })).toBeNull();
  });

  it('records a read of a student’s data by staff or a guardian, never the student’s own', async () => {
    const studentId = college.divisions[0]!.batches[0]!.students[2]!;
    const student = await signedInStudent(studentId);
    const read = (cookie: string) => t.stack.api('GET /report/student/{id}', { cookie, params: { id: studentId }, query: {} });
    expect((await read(t.faculty.cookie)).status).toBe(200);
    expect((await read(student.cookie)).status).toBe(200);
    const reads = await entriesNamed('GET /report/student/{id}', { subject: studentId });
    expect(reads.map((entry) => entry.by.role)).toEqual(['faculty']);
  });

  it('searches at most 31 days at once, from a first day to a last; admins only', async () => {
    for (const [query, message] of [
      [{ from: today, to: daysAgo(1) }, AUDIT_MESSAGES.order],
      [{ from: daysAgo(MAX_AUDIT_DAYS), to: today }, AUDIT_MESSAGES.tooLong],
      [{ from: 'yesterday', to: today }, AUDIT_MESSAGES.from],
    ] as const) {
      const result = await t.stack.call('GET', `/api/v1/audit?${new URLSearchParams(query)}`, { cookie: t.admin.cookie });
      expect([result.status, result.body.message]).toEqual([400, message]);
    }
    expect((await t.stack.call('GET', `/api/v1/audit?from=${today}&to=${today}`, { cookie: t.faculty.cookie })).status).toBe(403);
  });
});
