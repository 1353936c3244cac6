import { describe, expect, it } from 'vitest';
import { handler as jobs } from '@functions/jobs';
import { mailerFromEnvironment, type Mailer } from '@functions/lib/alerts/mailer';
import { drainInvitations } from '@functions/lib/invitations/drain';
import { mailsOf } from '@functions/lib/repositories/invitations';
import { INVITATION_MESSAGES, type InvitationInput } from '@shared/schemas/invitation';
import { flakyMailer, recipientsOf, SITE, throttled, useMailCatcher } from '@tests/support/alerts';
import { useCollege } from '@tests/support/college';
import { withDatabaseError } from '@tests/support/faults';
import { useTestStack } from '@tests/support/stack';

/**
 * Invitations in bulk (docs/product.md §4): a run lists and queues its recipients, the jobs' Lambda sends
 * each email once at the mail service's rate, and the batch's list shows who was invited and who signed in.
 */
const t = useTestStack('admin');
const inbox = useMailCatcher();
// Two divisions of two batches of three students (IV001…IV012, iv001@college.test…).
const college = useCollege(t, { prefix: 'IV', divisions: 2, perBatch: 3 });

const batch = (d: number, b: number) => college.divisions[d]!.batches[b]!;
const emailOf = (studentId: string) => {
  const roll = college.divisions.flatMap((d) => d.batches.flatMap((b) => b.students)).indexOf(studentId) + 1;
  return `iv${String(roll).padStart(3, '0')}@college.test`;
};
const invite = (body: InvitationInput) => t.stack.api('POST /invitation', { body, cookie: t.admin.cookie });
const runs = async () => (await t.stack.api('GET /invitation', { cookie: t.admin.cookie })).body.data;
const accounts = async (batchid: string) =>
  (await t.stack.api('GET /invitation/batch/{batchid}', { params: { batchid }, cookie: t.admin.cookie })).body.data;
const catcher = (): Mailer => mailerFromEnvironment()!;
const drain = (mailer = catcher(), options: { chunk?: number; leaseMs?: number } = {}) =>
  drainInvitations({ mailer, deadline: Date.now() + 60_000, ...options });
const setGuardians = (id: string, guardians: { name: string; relation: string; email?: string; phone?: string }[]) =>
  t.stack.api('PATCH /student/{id}', { params: { id }, body: { guardians } as never, cookie: t.admin.cookie });

describe('invitations', () => {
  it('refuses what it cannot do with a plain message, and queues nothing', async () => {
    const before = (await runs()).length;
    const noId = await t.stack.call('POST', '/api/v1/invitation', { cookie: t.admin.cookie, body: { scope: 'batch', who: 'students' } });
    expect([noId.status, noId.body.message]).toEqual([400, INVITATION_MESSAGES.id]);
    const badWho = await t.stack.call('POST', '/api/v1/invitation', {
      cookie: t.admin.cookie,
      body: { scope: 'batch', id: 'x', who: 'all' },
    });
    expect([badWho.status, badWho.body.message]).toEqual([400, INVITATION_MESSAGES.who]);
    expect((await invite({ scope: 'batch', id: 'no-such-batch', who: 'students' })).status).toBe(404);
    // Guardians of a batch none of whose students has any: nobody to invite.
    const nobody = await invite({ scope: 'batch', id: batch(1, 1).id, who: 'guardians' });
    expect([nobody.status, nobody.body.message]).toEqual([400, INVITATION_MESSAGES.nobody]);
    expect(await runs()).toHaveLength(before);
  });

  it("invites a batch's students: each mailed once, a link to the sign-in page with their address and no credential", async () => {
    const { id, students } = batch(0, 0);
    const queued = await invite({ scope: 'batch', id, who: 'students' });
    expect(queued.status).toBe(202);
    expect(queued.body.data).toMatchObject({ scope: 'batch', scopeId: id, scopeName: 'Batch 1A', total: 3, sent: 0, skipped: 0 });
    expect(await inbox.settled()).toHaveLength(0);

    // The jobs' Lambda sends them (its 'invitations' step), as the schedule or the local timer runs it.
    const results = await jobs({ jobs: ['invitations'] });
    expect(results).toEqual([expect.objectContaining({ job: 'invitations', report: expect.objectContaining({ sent: 3, left: 0 }) })]);
    const mails = await inbox.mails(3);
    expect(recipientsOf(mails)).toEqual(students.map(emailOf).sort());
    for (const mail of mails) {
      const to = mail.to[0]!.address;
      expect(mail.text).toContain(`${SITE}/login?email=${encodeURIComponent(to)}`);
      expect(mail.text).not.toMatch(/token|password:|code \w{6}/i);
    }
    expect((await runs())[0]).toMatchObject({ _id: queued.body.data._id, total: 3, sent: 3, skipped: 0, failed: 0 });
    const listed = await accounts(id);
    expect(listed.map((student) => student.account.invitedAt !== undefined)).toEqual([true, true, true]);
    expect(listed[0]!.account.signedInAt).toBeUndefined();

    // Nothing is left: another run of the jobs sends nothing.
    expect((await drain()).sent).toBe(0);
    expect(await inbox.settled()).toHaveLength(3);
  });

  it('re-invites safely: a new email only when asked again, and no second account', async () => {
    const { id, students } = batch(0, 0);
    const before = await accounts(id);
    await Promise.all([1, 2].map(() => invite({ scope: 'batch', id, who: 'students' })));
    await Promise.all([drain(), drain()]);
    const mails = await inbox.mails(6);
    expect(recipientsOf(mails)).toEqual(students.flatMap((s) => [emailOf(s), emailOf(s)]).sort());
    const after = await accounts(id);
    expect(after.map((s) => s.account.emailTaken)).toEqual([undefined, undefined, undefined]);
    expect(after.map((s, at) => s.account.invitedAt! > before[at]!.account.invitedAt!)).toEqual([true, true, true]);
  });

  it("invites a batch's guardians: a shared guardian gets one account, linked to both children, and one email", async () => {
    const [first, second, third] = batch(0, 1).students;
    await setGuardians(first!, [{ name: 'Asha Rao', relation: 'Mother', email: 'asha@family.test' }]);
    await setGuardians(second!, [{ name: 'Asha Rao', relation: 'Mother', email: 'ASHA@family.test' }]);
    // No email: skipped; the admin's own address: another account's.
    await setGuardians(third!, [
      { name: 'Ravi Rao', relation: 'Father', phone: '+91 98765 43210' },
      { name: 'Admin', relation: 'Other', email: t.admin.email },
    ]);
    const queued = await invite({ scope: 'batch', id: batch(0, 1).id, who: 'guardians' });
    expect(queued.body.data).toMatchObject({ total: 3, skipped: 1, skippedBecause: { noEmail: 1, emailTaken: 0 } });
    expect(await drain()).toMatchObject({ sent: 1, skipped: 1 });
    const [mail] = await inbox.mails(1);
    expect(recipientsOf([mail!])).toEqual(['asha@family.test']);
    expect(mail!.text).toContain('Student IV004 and Student IV005');
    const run = (await runs()).find((one) => one._id === queued.body.data._id)!;
    expect(run).toMatchObject({ sent: 1, skipped: 2, failed: 0, skippedBecause: { noEmail: 1, emailTaken: 1 } });

    const listed = await accounts(batch(0, 1).id);
    const asha = listed.slice(0, 2).map((student) => student.guardians[0]!.account);
    expect(asha[0]).toEqual(asha[1]);
    expect(asha[0]!.invitedAt).toBeDefined();
    expect(listed[2]!.guardians.map((g) => g.account)).toEqual([{}, { email: t.admin.email, emailTaken: true }]);
    // Another run mails her again, once.
    await invite({ scope: 'division', id: college.divisions[0]!.id, who: 'guardians' });
    await drain();
    expect(recipientsOf(await inbox.mails(2))).toEqual(['asha@family.test', 'asha@family.test']);
  });

  it('sends every email once when two runs of the jobs drain at once', async () => {
    const division = college.divisions[1]!;
    await invite({ scope: 'division', id: division.id, who: 'students' });
    const reports = await Promise.all([drain(catcher(), { chunk: 2 }), drain(catcher(), { chunk: 2 })]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(6);
    const expected = division.batches
      .flatMap((b) => b.students)
      .map(emailOf)
      .sort();
    expect(recipientsOf(await inbox.mails(6))).toEqual(expected);
    expect(await inbox.settled()).toHaveLength(6);
  });

  it('loses nothing and doubles nothing when DynamoDB fails mid-drain: the next run sends the rest', async () => {
    const queued = await invite({ scope: 'batch', id: batch(1, 0).id, who: 'students' });
    // One email a page; the second page's read of its students fails (its run's read is the first BatchGetItem).
    let reads = 0;
    await expect(
      withDatabaseError(
        'InternalServerError',
        (command) => command === 'BatchGetItemCommand' && ++reads >= 4,
        () => drain(catcher(), { chunk: 1 }),
      ),
    ).rejects.toThrow(/injected/);
    expect(await inbox.mails(1)).toHaveLength(1);
    expect((await mailsOf(queued.body.data._id)).map((mail) => mail.state).sort()).toEqual(['queued', 'queued', 'sent']);
    expect(await drain()).toMatchObject({ sent: 2 });
    expect(recipientsOf(await inbox.mails(3))).toEqual(batch(1, 0).students.map(emailOf).sort());
    expect(await inbox.settled()).toHaveLength(3);
    expect((await runs()).find((run) => run._id === queued.body.data._id)).toMatchObject({ sent: 3 });
  });

  it('leaves what the mail service throttles for the next run', async () => {
    await invite({ scope: 'batch', id: batch(1, 1).id, who: 'students' });
    const busy = flakyMailer(catcher(), () => throttled());
    expect(await drain(busy)).toMatchObject({ sent: 0, left: 3 });
    expect(await drain()).toMatchObject({ sent: 3, left: 0 });
    expect(recipientsOf(await inbox.mails(3))).toEqual(batch(1, 1).students.map(emailOf).sort());
  });

  it('sends nothing for a run whose creation failed', async () => {
    const before = (await runs()).length;
    const failed = await withDatabaseError(
      'InternalServerError',
      (command) => command === 'PutItemCommand',
      () =>
        t.stack.call('POST', '/api/v1/invitation', {
          cookie: t.admin.cookie,
          body: { scope: 'batch', id: batch(1, 0).id, who: 'students' },
        }),
    );
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(await runs()).toHaveLength(before);
    expect((await drain()).sent).toBe(0);
    expect(await inbox.settled()).toHaveLength(0);
  });

  it('invites everyone not invited yet, and then nobody', async () => {
    const invited = async () =>
      (await Promise.all(college.divisions.flatMap((d) => d.batches.map((b) => accounts(b.id))))).flat().filter((s) => s.account.invitedAt);
    const everyone = college.divisions.flatMap((d) => d.batches.flatMap((b) => b.students));
    const before = new Set((await invited()).map((s) => s._id));
    const queued = await invite({ scope: 'uninvited', who: 'students' });
    expect(queued.status).toBe(202);
    await drain();
    const expected = everyone.filter((id) => !before.has(id)).map(emailOf);
    // Students of the other files' terms are none: this file's table is its own.
    expect(recipientsOf(await inbox.mails(expected.length))).toEqual(expected.sort());
    expect((await invite({ scope: 'uninvited', who: 'students' })).body.data.total).toBe(0);
    expect((await drain()).sent).toBe(0);
    expect(await inbox.settled()).toHaveLength(expected.length);
  });
});
