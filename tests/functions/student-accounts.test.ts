import { describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@functions/lib/db';
import { emailClaim, userProfile } from '@functions/lib/entities/user';
import { openStudentAccount } from '@functions/lib/repositories/accounts';
import { getStudent } from '@functions/lib/repositories/students';
import { MESSAGES } from '@shared/messages';
import { useMailCatcher } from '@tests/support/alerts';
import { create, useCollege } from '@tests/support/college';
import { signedInGuardian, signedInStudent } from '@tests/support/family';
import { withDatabaseError } from '@tests/support/faults';
import { useTestStack } from '@tests/support/stack';

/**
 * Accounts follow their records (docs/product.md §4): a student's sign-in moves with their record's email; an
 * address freed by a deleted record can be another student's; a guardian keeps only the children whose records
 * still name them.
 */
const t = useTestStack('admin', 'faculty');
const inbox = useMailCatcher();
const college = useCollege(t, { prefix: 'ACC', perBatch: 3 });
const batch = () => college.divisions[0]!.batches[0]!;
const admin = () => t.admin.cookie;
const patch = (id: string, body: Record<string, unknown>) => t.stack.api('PATCH /student/{id}', { params: { id }, body, cookie: admin() });
const status = (cookie: string) => t.stack.api('GET /auth/currentstatus', { cookie });

describe("a student's account", () => {
  it("moves to the record's new email: its sessions at the old address end, a link goes to the new address only", async () => {
    const id = batch().students[0]!;
    const { cookie, account } = await signedInStudent(id);
    const moved = await patch(id, { email: 'acc-new@college.test' });
    expect(moved.status).toBe(200);
    expect((await status(cookie)).body.message).toBe(MESSAGES.accessEnded);
    await t.stack.api('POST /auth/link', { body: { email: account.email } });
    await t.stack.api('POST /auth/link', { body: { email: 'acc-new@college.test' } });
    expect((await inbox.settled()).flatMap((mail) => mail.to.map((to) => to.address))).toEqual(['acc-new@college.test']);
  });

  it('is not moved to an address another account holds: the record keeps its email, nothing changes', async () => {
    const id = batch().students[1]!;
    const before = await getStudent(id);
    await openStudentAccount(before!);
    const refused = await patch(id, { email: t.faculty.email });
    expect(refused.status).toBe(409);
    expect(await getStudent(id)).toEqual(before);
  });

  it('frees its address when the record is deleted: a new record with that address gets an account', async () => {
    const id = batch().students[2]!;
    const gone = (await getStudent(id))!;
    const { cookie } = await signedInStudent(id);
    expect((await t.stack.api('DELETE /student/{id}', { params: { id }, cookie: admin() })).status).toBe(200);
    expect((await status(cookie)).body.message).toBe(MESSAGES.accessEnded);
    const again = await create(t.stack, admin(), 'student', { enrollment: 'ACC900', name: 'New', email: gone.email, batchid: batch().id });
    const opened = await openStudentAccount((await getStudent(again))!);
    expect(opened).toMatchObject({ _id: again, email: gone.email });
  });
});

describe("moving a student's account", () => {
  const accountOf = async (id: string) =>
    (await db.send(new GetCommand({ TableName: tableName(), Key: userProfile(id), ConsistentRead: true }))).Item;
  const claimOf = async (email: string) =>
    (await db.send(new GetCommand({ TableName: tableName(), Key: emailClaim(email), ConsistentRead: true }))).Item?.userId;

  it('ends with the record and the account on the one address that won, when several changes race', async () => {
    const id = college.divisions[0]!.batches[1]!.students[2]!;
    await openStudentAccount((await getStudent(id))!);
    const addresses = [1, 2, 3, 4].map((n) => `acc-race-${n}@college.test`);
    const answers = await Promise.all(addresses.map((email) => patch(id, { email })));
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    const record = (await getStudent(id))!;
    expect((await accountOf(id))!.email).toBe(record.email);
    const claims = await Promise.all(addresses.map(claimOf));
    expect(claims.filter(Boolean)).toEqual([id]);
    expect(await claimOf(record.email!)).toBe(id);
  });

  it('changes nothing when the write fails', async () => {
    const id = college.divisions[0]!.batches[1]!.students[2]!;
    const [record, account] = [await getStudent(id), await accountOf(id)];
    const failed = await withDatabaseError(
      'InternalServerError',
      (command) => command === 'TransactWriteItemsCommand',
      () => patch(id, { email: 'acc-failed@college.test' }),
    );
    expect(failed.status).toBe(503);
    expect(await getStudent(id)).toEqual(record);
    expect(await accountOf(id)).toEqual(account);
    expect(await claimOf('acc-failed@college.test')).toBeUndefined();
  });
});

describe("a guardian's account", () => {
  it('reaches only the children whose records still name it, and ends with the last', async () => {
    const [first, second] = college.divisions[0]!.batches[1]!.students as [string, string];
    const contact = { name: 'Anil Shah', email: `acc-guardian-${Date.now()}@college.test` };
    for (const id of [first, second]) expect((await patch(id, { guardians: [{ ...contact, relation: 'Father' }] })).status).toBe(200);
    const { cookie } = await signedInGuardian(contact, [first, second]);
    const record = (id: string) => t.stack.api('GET /report/student/{id}', { params: { id }, query: {}, cookie });
    expect((await status(cookie)).body.data.studentIds?.sort()).toEqual([first, second].sort());

    await patch(first, { guardians: [] });
    expect((await record(first)).status).toBe(403);
    expect((await record(second)).status).toBe(200);
    expect((await status(cookie)).body.data.studentIds).toEqual([second]);

    await patch(second, { guardians: [{ ...contact, email: 'someone-else@college.test', relation: 'Father' }] });
    const ended = await status(cookie);
    expect(ended.status).toBe(401);
    expect(ended.body.message).toBe(MESSAGES.accessEnded);
  });
});

describe('an admin signs an account out everywhere', () => {
  it("ends every session of a staff user's or a student's account, never the admin's own", async () => {
    const faculty = await t.stack.signIn('faculty');
    const student = await signedInStudent(college.divisions[0]!.batches[1]!.students[1]!);
    for (const { id, cookie } of [
      { id: faculty.user._id, cookie: faculty.cookie },
      { id: student.account._id, cookie: student.cookie },
    ]) {
      const ended = await t.stack.api('DELETE /user/{id}/sessions', { params: { id }, cookie: admin() });
      expect(ended.status).toBe(200);
      expect(ended.body.data).toEqual({ ended: 1 });
      expect((await status(cookie)).status).toBe(401);
    }
    const own = await t.stack.api('DELETE /user/{id}/sessions', { params: { id: t.admin.user._id }, cookie: admin() });
    expect(own.status).toBe(400);
    expect((await status(admin())).status).toBe(200);
    expect((await t.stack.api('DELETE /user/{id}/sessions', { params: { id: 'nobody' }, cookie: admin() })).status).toBe(404);
  });
});
