import { beforeAll, describe, expect, it } from 'vitest';
import { ABSENCE_STREAK_JOB } from '@functions/lib/alerts/absence-streak';
import { BELOW_THRESHOLD_JOB } from '@functions/lib/alerts/below-threshold';
import { composeEmail } from '@functions/lib/alerts/compose';
import { deliverAll, type Delivery } from '@functions/lib/alerts/deliver';
import { mailerFromEnvironment, type Mailer } from '@functions/lib/alerts/mailer';
import type { CaughtMail } from '@infra/local/mail-catcher';
import { attendanceApi } from '../support/attendance';
import { flakyMailer, recipientsOf, runAt, SITE, useMailCatcher } from '../support/alerts';
import { create, useCollege } from '../support/college';
import { withDatabaseError } from '../support/faults';
import { useTestStack } from '../support/stack';
import { WEEK } from '../support/timetable';

// A student's two alerts reach their guardian contacts too, each with a link to the recipient's attendance Home.
const t = useTestStack('admin');
const college = useCollege(t, { prefix: 'GA', divisions: 1, perBatch: 0 });
const inbox = useMailCatcher();
const attendance = attendanceApi(t);
const catcher = (): Mailer => mailerFromEnvironment()!;

const ASHA = {
  enrollment: '25CE001',
  name: 'Asha Patil',
  email: 'asha@college.test',
  guardians: [
    { name: 'Meera Rao', relation: 'Mother', email: 'meera.rao@family.test' },
    { name: 'Vikram Patil', relation: 'Father', phone: '+91 98200 12345' },
  ],
};
/** Both guardians share one address: one email. */
const KIRAN = {
  enrollment: '25CE002',
  name: 'Kiran Shah',
  email: 'kiran@college.test',
  guardians: [
    { name: 'Sunita Shah', relation: 'Mother', email: 'shah.home@family.test' },
    { name: 'Rajesh Shah', relation: 'Father', email: 'Shah.Home@family.test' },
  ],
};
const DEV = {
  enrollment: '25CE003',
  name: 'Dev Iyer',
  email: 'dev@college.test',
  guardians: [{ name: 'Lata Iyer', relation: 'Mother', email: 'lata.iyer@family.test' }],
};
/** The guardian's address is the student's own: the student's email reaches it already. */
const NEHA = {
  enrollment: '25CE004',
  name: 'Neha Kulkarni',
  email: 'neha@college.test',
  guardians: [{ name: 'Anil Kulkarni', relation: 'Father', email: 'neha@college.test' }],
};
const ids: Record<string, string> = {};

const byHand = (job: string, date: string, options: Parameters<typeof runAt>[2] = {}) =>
  runAt(`${date}T12:00:00Z`, [job as never], { date, byHand: true, ...options });
const link = (address: string) => `${SITE}/login?email=${encodeURIComponent(address)}`;
const to = (mails: CaughtMail[], address: string) => mails.filter((mail) => mail.to[0]!.address === address);
/** Each address's count of emails: what "nothing twice" is checked on. */
const counts = (mails: CaughtMail[]) =>
  Object.fromEntries([...new Set(recipientsOf(mails))].map((address) => [address, to(mails, address).length]));

async function lecture(date: string, present: string[]) {
  await attendance.mark(t.admin.cookie, {
    presentStudentIds: present.map((enrollment) => ids[enrollment]!),
    date,
    slotid: college.slotids[0],
    classKind: 'lecture',
    courseid: college.courseid,
    groupid: college.divisions[0]!.id,
  });
}

beforeAll(async () => {
  const batchid = college.divisions[0]!.batches[0]!.id;
  for (const student of [ASHA, KIRAN, DEV, NEHA])
    ids[student.enrollment] = await create(t.stack, t.admin.cookie, 'student', { ...student, batchid });
  await attendance.settings(t.admin.cookie, { collegeName: 'Demo College', belowThresholdAlerts: true, absenceStreakAlerts: true });
});

describe('alerts to guardians', () => {
  it('emails a streak to the student and each guardian address once, worded for a parent, each with a link to their Home', async () => {
    // Asha and Kiran miss Monday to Wednesday; Dev and Neha miss from Wednesday.
    await lecture(WEEK.monday, [DEV.enrollment, NEHA.enrollment]);
    await lecture(WEEK.tuesday, [DEV.enrollment, NEHA.enrollment]);
    await lecture(WEEK.wednesday, []);
    const [run] = await byHand(ABSENCE_STREAK_JOB, WEEK.wednesday);
    expect(run!.report).toMatchObject({ sent: 6, skipped: 1, failed: 0 });
    const mails = await inbox.mails(6);
    expect(counts(mails)).toEqual({
      'asha@college.test': 1,
      'meera.rao@family.test': 1,
      'kiran@college.test': 1,
      'shah.home@family.test': 1,
      [t.admin.email]: 2,
    });

    const [toAsha] = to(mails, 'asha@college.test');
    expect(toAsha!.text).toContain(`See your attendance and how many classes you can still miss: ${link('asha@college.test')}`);
    expect(toAsha!.html).toContain(`href="${link('asha@college.test')}"`);
    const [toMeera] = to(mails, 'meera.rao@family.test');
    expect(toMeera!.subject).toBe('Demo College: Asha Patil missed 3 classes in a row in Physics');
    expect(toMeera!.text).toContain('Dear Meera Rao,');
    expect(toMeera!.text).toContain(
      'Asha Patil (25CE001) was marked absent from the last 3 classes of Physics (Lecture): 2026-03-02, 2026-03-03, 2026-03-04.',
    );
    expect(toMeera!.text).toContain(
      `See Asha Patil's attendance and how many classes they can still miss: ${link('meera.rao@family.test')}`,
    );
    expect(toMeera!.text).toContain("You receive this email because you are named as Asha Patil's guardian at Demo College.");
    expect(to(mails, 'shah.home@family.test')[0]!.text).toContain('Dear Sunita Shah,');

    // Again that day, and the next day (Thursday's absence makes the run 4 long): nothing.
    await byHand(ABSENCE_STREAK_JOB, WEEK.wednesday);
    await lecture(WEEK.thursday, []);
    await byHand(ABSENCE_STREAK_JOB, WEEK.thursday);
    expect(await inbox.settled()).toHaveLength(6);
  });

  it('sends each address one email when two runs of the streak job race', async () => {
    await lecture(WEEK.friday, []);
    const runs = await Promise.all([byHand(ABSENCE_STREAK_JOB, WEEK.friday), byHand(ABSENCE_STREAK_JOB, WEEK.friday)]);
    expect(runs.reduce((sum, [run]) => sum + run!.report!.sent, 0)).toBe(5);
    const mails = await inbox.mails(5);
    // Neha's guardian has her own address: her email is the one that goes there.
    expect(counts(mails)).toEqual({ 'dev@college.test': 1, 'lata.iyer@family.test': 1, 'neha@college.test': 1, [t.admin.email]: 2 });
    expect(to(mails, 'neha@college.test')[0]!.text).toContain('Dear Neha Kulkarni (25CE004),');
    expect(new Set(to(mails, t.admin.email).map((mail) => mail.subject)).size).toBe(2);
    expect(await inbox.settled()).toHaveLength(5);
  });

  it('tells each guardian of a student newly under the threshold, once, and a failed send only on the next run', async () => {
    // 5 lectures held: Asha and Kiran 0%, Dev and Neha 40%. Lata's first send fails.
    const outage = flakyMailer(catcher(), (address) => (address === 'lata.iyer@family.test' ? new Error('Connection closed') : null));
    const [first] = await byHand(BELOW_THRESHOLD_JOB, WEEK.friday, { mailer: outage });
    expect(first!.report).toMatchObject({ sent: 6, failed: 1, skipped: 1, dropped: 1 });
    const mails = await inbox.mails(6);
    expect(Object.keys(counts(mails)).sort()).toEqual(
      [
        'asha@college.test',
        'meera.rao@family.test',
        'kiran@college.test',
        'shah.home@family.test',
        'dev@college.test',
        'neha@college.test',
      ].sort(),
    );
    const [toAsha] = to(mails, 'asha@college.test');
    expect(toAsha!.subject).toBe('Demo College: your attendance is under 75%');
    expect(toAsha!.text).toContain(`See your attendance and how many classes you can still miss: ${link('asha@college.test')}`);
    const [toMeera] = to(mails, 'meera.rao@family.test');
    expect(toMeera!.subject).toBe("Demo College: Asha Patil's attendance is under 75%");
    expect(toMeera!.text).toContain('Dear Meera Rao,');
    expect(toMeera!.text).toContain("Asha Patil's (25CE001) attendance is under the college's threshold of 75% in this course.");
    expect(toMeera!.text).toContain('Physics (Lecture) | 0% | 15 | new this week');
    expect(toMeera!.text).toContain(
      `See Asha Patil's attendance and how many classes they can still miss: ${link('meera.rao@family.test')}`,
    );
    expect(toMeera!.text).toContain("You receive this email because you are named as Asha Patil's guardian at Demo College.");

    const [retry] = await byHand(BELOW_THRESHOLD_JOB, WEEK.friday);
    expect(retry!.report).toMatchObject({ sent: 1, failed: 0 });
    const [again] = await byHand(BELOW_THRESHOLD_JOB, WEEK.saturday);
    expect(again!.report).toMatchObject({ sent: 0 });
    const all = await inbox.settled();
    expect(all).toHaveLength(7);
    expect(to(all, 'lata.iyer@family.test')[0]!.text).toContain("Dev Iyer's (25CE003) attendance is under");
  });

  it('finishes a streak run that failed midway, sending the missing email and none twice', async () => {
    // Asha: present on Monday, then absent three times.
    const everyone = [ASHA, KIRAN, DEV, NEHA].map((student) => student.enrollment);
    await lecture('2026-03-09', everyone);
    for (const date of ['2026-03-10', '2026-03-11', '2026-03-12']) await lecture(date, everyone.slice(1));
    const outage = flakyMailer(catcher(), (address) => (address === 'meera.rao@family.test' ? new Error('Connection closed') : null));
    const [first] = await byHand(ABSENCE_STREAK_JOB, '2026-03-12', { mailer: outage });
    expect(first!.report).toMatchObject({ sent: 2, failed: 1 });
    expect(recipientsOf(await inbox.mails(2))).toEqual(['asha@college.test', t.admin.email].sort());

    // The retry's claim of Meera's email is written but its answer lost: the run stops, sending nothing.
    await expect(
      withDatabaseError(
        'InternalServerError',
        (command) => command.startsWith('UpdateItem'),
        () => byHand(ABSENCE_STREAK_JOB, '2026-03-12', { leaseMs: 3000 }),
        { afterWrite: true },
      ),
    ).rejects.toThrow(/injected/);
    // Its claim holds until its lease runs out, then the next run sends it.
    expect((await byHand(ABSENCE_STREAK_JOB, '2026-03-12'))[0]!.report).toMatchObject({ sent: 0 });
    expect(await inbox.settled()).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 3100));
    expect((await byHand(ABSENCE_STREAK_JOB, '2026-03-12'))[0]!.report).toMatchObject({ sent: 1 });
    expect((await byHand(ABSENCE_STREAK_JOB, '2026-03-13'))[0]!.report).toMatchObject({ sent: 0 });
    const mails = await inbox.settled();
    expect(counts(mails)).toEqual({ 'asha@college.test': 1, 'meera.rao@family.test': 1, [t.admin.email]: 1 });
  });

  it('reads a guardian’s address when sending: a changed contact is mailed at its new address, a removed one not at all', async () => {
    const hello = (contact: number, enrollment = ASHA.enrollment): Delivery => ({
      recipient: { kind: 'guardian', id: ids[enrollment]!, contact },
      subject: `hello#${enrollment}`,
      composeFor: (guardian) =>
        composeEmail(guardian.email, 'Demo College', {
          subject: 'hello',
          greeting: `Dear ${guardian.name},`,
          paragraphs: ['Hi.'],
          why: 'A test.',
        }),
    });
    const listed = [hello(0), hello(0, DEV.enrollment)];
    const patch = (enrollment: string, guardians: unknown[]) =>
      t.stack.call('PATCH', `/api/v1/student/${ids[enrollment]}`, { cookie: t.admin.cookie, body: { guardians } });
    expect(await patch(ASHA.enrollment, [{ name: 'Meera Patil', relation: 'Mother', email: 'meera.patil@family.test' }])).toMatchObject({
      status: 200,
    });
    expect(await patch(DEV.enrollment, [])).toMatchObject({ status: 200 });
    const report = await deliverAll({ job: 'test', period: 'contacts' }, listed, { mailer: catcher(), deadline: Date.now() + 60_000 });
    expect(report).toMatchObject({ sent: 1, dropped: 1 });
    const mails = await inbox.mails(1);
    expect(recipientsOf(mails)).toEqual(['meera.patil@family.test']);
    expect(mails[0]!.text).toContain('Dear Meera Patil,');
    expect(await inbox.settled()).toHaveLength(1);
  });
});
