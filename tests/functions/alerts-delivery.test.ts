import { describe, expect, it } from 'vitest';
import { composeEmail } from '@functions/lib/alerts/compose';
import { deliverAll, type Delivery } from '@functions/lib/alerts/deliver';
import { isThrottling, mailerFromEnvironment, withBackoff, type Mailer } from '@functions/lib/alerts/mailer';
import { claim, logOfRun } from '@functions/lib/alerts/sent-log';
import { withDatabaseError } from '../support/faults';
import { flakyMailer, recipientsOf, throttled, useMailCatcher } from '../support/alerts';
import { useCollege } from '../support/college';
import { useTestStack } from '../support/stack';

// Claim → send → mark sent (functions/lib/alerts/sent-log.ts): nothing sent twice, nothing lost.
const t = useTestStack('admin');
const college = useCollege(t, { prefix: 'DL', divisions: 1, perBatch: 5 });
const inbox = useMailCatcher();
let runs = 0;
const newRun = () => ({ job: 'test', period: `run-${++runs}` });
const catcher = (): Mailer => mailerFromEnvironment()!;

const students = () => college.divisions[0]!.batches.flatMap((batch) => batch.students);
const emailOf = (studentId: string) => `dl${String(students().indexOf(studentId) + 1).padStart(3, '0')}@college.test`;
const deliveries = (ids = students()): Delivery[] =>
  ids.map((id) => ({
    recipient: { kind: 'student', id },
    subject: 'hello',
    compose: (to) =>
      composeEmail(to, 'Delivery College', { subject: 'hello', greeting: 'Dear student,', paragraphs: ['Hi.'], why: 'A test.' }),
  }));
const send = (run: { job: string; period: string }, mailer: Mailer, list = deliveries(), leaseMs?: number) =>
  deliverAll(run, list, { mailer, deadline: Date.now() + 60_000, leaseMs });
const allStudents = () => students().map(emailOf).sort();

describe('alert delivery', () => {
  it('sends each email once, however often and however concurrently the run is repeated', async () => {
    const run = newRun();
    const reports = await Promise.all(Array.from({ length: 5 }, () => send(run, catcher())));
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(10);
    expect(recipientsOf(await inbox.mails(10))).toEqual(allStudents());
    expect((await send(run, catcher())).skipped).toBe(10);
    expect(await inbox.settled()).toHaveLength(10);
    expect((await logOfRun(run)).every((item) => item.state === 'sent' && item.attempts === 1)).toBe(true);
  });

  it('backs off while the mail service throttles, and then sends everything once', async () => {
    expect(isThrottling(throttled())).toBe(true);
    expect(isThrottling(Object.assign(new Error('421 try later'), { responseCode: 421 }))).toBe(true);
    expect(isThrottling(new Error('Email address is not verified'))).toBe(false);
    // Every email is refused twice for throttling before it goes through.
    const flaky = flakyMailer(catcher(), (_, attempt) => (attempt <= 2 ? throttled() : null));
    const report = await send(newRun(), withBackoff(flaky, { baseMs: 5 }));
    expect(report).toMatchObject({ sent: 10, failed: 0 });
    expect([...flaky.attempts.values()]).toEqual(Array(10).fill(3));
    expect(recipientsOf(await inbox.mails(10))).toEqual(allStudents());
  });

  it('loses no email when sending fails: the next run sends what the last one could not, and only that', async () => {
    const run = newRun();
    const unlucky = new Set(students().slice(0, 3).map(emailOf));
    const outage = flakyMailer(catcher(), (to) => (unlucky.has(to) ? new Error('Connection closed') : null));
    expect(await send(run, outage)).toMatchObject({ sent: 7, failed: 3 });
    expect(recipientsOf(await inbox.mails(7)).filter((to) => unlucky.has(to))).toEqual([]);
    const log = await logOfRun(run);
    expect(log.filter((item) => item.state === 'claimed').map((item) => item.leaseUntil)).toEqual([0, 0, 0]);

    expect(await send(run, catcher())).toMatchObject({ sent: 3, skipped: 7 });
    expect(recipientsOf(await inbox.mails(10))).toEqual(allStudents());
  });

  it('takes over a claim whose run died before sending once its lease runs out, and never before', async () => {
    const run = newRun();
    const [first] = students();
    // A run that claimed the first email and died.
    expect(await claim(run, `student#${first}`, 'hello', { leaseMs: 400 })).not.toBeNull();
    expect(await send(run, catcher(), undefined, 400)).toMatchObject({ sent: 9, skipped: 1 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await send(run, catcher())).toMatchObject({ sent: 1, skipped: 9 });
    const mails = await inbox.mails(10);
    expect(recipientsOf(mails)).toEqual(allStudents());
  });

  it('survives DynamoDB failing: a run that cannot claim sends nothing, the next sends all', async () => {
    const run = newRun();
    await expect(
      withDatabaseError(
        'InternalServerError',
        (command) => command.startsWith('UpdateItem'),
        () => send(run, catcher()),
      ),
    ).rejects.toThrow(/injected/);
    expect(await inbox.settled()).toEqual([]);
    // The claims were written but their answers lost: each is still unsent, so it is retried after its lease.
    await expect(
      withDatabaseError(
        'InternalServerError',
        (command) => command.startsWith('UpdateItem'),
        () => send(run, catcher(), undefined, 300),
        {
          afterWrite: true,
        },
      ),
    ).rejects.toThrow(/injected/);
    expect(await inbox.settled()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await send(run, catcher())).toMatchObject({ sent: 10 });
    expect(recipientsOf(await inbox.mails(10))).toEqual(allStudents());
  });

  it('sends nothing to a student deleted since the job listed them', async () => {
    const run = newRun();
    const [gone, ...kept] = students();
    const deleted = await t.stack.call('DELETE', `/api/v1/student/${gone}`, { cookie: t.admin.cookie });
    expect(deleted.status).toBe(200);
    expect(await send(run, catcher())).toMatchObject({ sent: 9, dropped: 1 });
    expect(recipientsOf(await inbox.mails(9))).toEqual(kept.map(emailOf).sort());
    expect((await logOfRun(run)).find((item) => item.recipient === `student#${gone}`)?.state).toBe('dropped');
    college.divisions[0]!.batches[0]!.students.shift();
  });

  it('stops claiming at its deadline and leaves the rest for the next run', async () => {
    const run = newRun();
    const many = Array.from({ length: 3 }, () => deliveries()).flat();
    many.forEach((delivery, at) => (delivery.subject = `part-${at}`));
    const report = await deliverAll(run, many, { mailer: catcher(), deadline: Date.now() - 1 });
    expect(report).toMatchObject({ sent: 0, left: many.length });
    expect(await inbox.settled()).toEqual([]);
  });

  it('sends 1,000 emails of one run well within the Lambda limit, 100 claims and one recipient read per chunk', async () => {
    const run = newRun();
    let sent = 0;
    const counting: Mailer = { send: async () => void (sent += 1) };
    const many = Array.from({ length: 1000 }, (_, at) => ({ ...deliveries()[at % students().length]!, subject: `scale-${at}` }));
    const started = Date.now();
    const report = await send(run, counting, many);
    const seconds = (Date.now() - started) / 1000;
    expect(report).toMatchObject({ sent: 1000, failed: 0, left: 0 });
    expect(sent).toBe(1000);
    // DynamoDB's part of a run (the claims, reads and marks); SES's rate (10 a second) is what paces a real one.
    console.log(`alerts: 1,000 emails claimed, sent (no-op mailer) and marked in ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(120);
  }, 180_000);
});
