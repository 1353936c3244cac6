import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '@functions/lib/db';
import * as keys from '@functions/lib/keys';
import { ABSENCE_STREAK_JOB } from '@functions/lib/alerts/absence-streak';
import { BELOW_THRESHOLD_JOB } from '@functions/lib/alerts/below-threshold';
import { JOB_NAMES, runJobs, UNNAMED } from '@functions/lib/alerts/jobs';
import { mailerFromEnvironment, type Mailer } from '@functions/lib/alerts/mailer';
import { NOT_MARKED_JOB } from '@functions/lib/alerts/not-marked';
import { CATCH_UP_HOURS, lastDailyRun, lastWeeklyRun, reminderDue, weekOf, withinCatchUp } from '@functions/lib/alerts/schedule';
import { runMarker } from '@functions/lib/alerts/sent-log';
import { collegeMoment, instantOf, parseTime } from '@shared/dates';
import { DEFAULT_SETTINGS, type CollegeSettings } from '@shared/schemas/settings';
import { attendanceApi } from '../support/attendance';
import { flakyMailer, useMailCatcher } from '../support/alerts';
import { useCollege } from '../support/college';
import { useTestStack } from '../support/stack';
import { entryBody, timetableApi, WEEK } from '../support/timetable';

// The alert jobs on their schedule, in college time (docs/product.md §10): the periodic runner
// (runJobs, what the timer and EventBridge Scheduler call) on a fixed clock, stepped through weeks.
const IST = 'Asia/Kolkata';
const ist = (date: string, time: string) => instantOf(date, parseTime(time)!, IST);
const settingsIn = (changes: Partial<CollegeSettings>): CollegeSettings => ({ ...DEFAULT_SETTINGS, timeZone: IST, ...changes });

describe('alert schedule, in college time', () => {
  it('runs a daily job at 23:00 college time at 23:30, and still at 00:30 the next day, for the day it was due', () => {
    const settings = settingsIn({ notMarkedDigestHour: 23 });
    // 23:30 IST on Monday is 18:00 UTC; 00:30 IST on Tuesday is 19:00 UTC on Monday.
    const lateEvening = ist('2026-03-09', '23:30');
    expect(new Date(lateEvening).toISOString()).toBe('2026-03-09T18:00:00.000Z');
    expect(lastDailyRun(lateEvening, settings)).toEqual({ period: '2026-03-09', due: Date.parse('2026-03-09T17:30:00Z') });
    const afterMidnight = ist('2026-03-10', '00:30');
    expect(lastDailyRun(afterMidnight, settings)).toEqual({ period: '2026-03-09', due: Date.parse('2026-03-09T17:30:00Z') });
    expect(withinCatchUp(Date.parse('2026-03-09T17:30:00Z'), afterMidnight)).toBe(true);
    // At 22:59 the day's run is not due: the last one is yesterday's, a day late.
    const before = lastDailyRun(ist('2026-03-09', '22:59'), settings);
    expect(before.period).toBe('2026-03-08');
    expect(withinCatchUp(before.due, ist('2026-03-09', '22:59'))).toBe(false);
  });

  it('runs a daily job at midnight college time for the new college day, whatever the UTC date says', () => {
    const settings = settingsIn({ notMarkedDigestHour: 0 });
    // 00:30 IST on Tuesday: the UTC date is still Monday, the college's is Tuesday.
    const occasion = lastDailyRun(ist('2026-03-10', '00:30'), settings);
    expect(occasion).toEqual({ period: '2026-03-10', due: Date.parse('2026-03-09T18:30:00Z') });
    expect(withinCatchUp(occasion.due, ist('2026-03-10', '00:30'))).toBe(true);
    // 23:30 IST on Monday: Monday's run was 23 and a half hours ago, past the catch-up window.
    const late = lastDailyRun(ist('2026-03-09', '23:30'), settings);
    expect(late.period).toBe('2026-03-09');
    expect(withinCatchUp(late.due, ist('2026-03-09', '23:30'))).toBe(false);
  });

  it("runs the weekly job in the college's week: Monday 00:00 IST is Sunday evening UTC", () => {
    const settings = settingsIn({ belowThresholdWeekday: 1, belowThresholdHour: 0 });
    const mondayEarly = ist('2026-03-09', '00:30');
    expect(new Date(mondayEarly).toISOString()).toBe('2026-03-08T19:00:00.000Z');
    expect(lastWeeklyRun(mondayEarly, settings)).toEqual({ period: '2026-03-09', due: Date.parse('2026-03-08T18:30:00Z') });
    // 23:30 IST on Sunday: still last week, whose run was six days ago.
    const sundayLate = ist('2026-03-08', '23:30');
    const last = lastWeeklyRun(sundayLate, settings);
    expect(last.period).toBe('2026-03-02');
    expect(withinCatchUp(last.due, sundayLate)).toBe(false);
    expect(weekOf('2026-03-08')).toBe('2026-03-02');
    expect(weekOf('2026-03-09')).toBe('2026-03-09');
  });

  it('never sends a weekly run days late: a tick on Thursday finds Monday 08:00 past its window', () => {
    const settings = settingsIn({});
    const thursday = ist('2026-03-05', '10:00');
    const occasion = lastWeeklyRun(thursday, settings);
    expect(occasion).toEqual({ period: '2026-03-02', due: ist('2026-03-02', '08:00') });
    expect(withinCatchUp(occasion.due, thursday)).toBe(false);
    expect(withinCatchUp(occasion.due, occasion.due + CATCH_UP_HOURS * 3_600_000 - 1)).toBe(true);
    expect(withinCatchUp(occasion.due, occasion.due + CATCH_UP_HOURS * 3_600_000)).toBe(false);
  });

  it("reminds a class at its slot's end plus the delay, in college time, past midnight when it ends late", () => {
    const settings = settingsIn({ notMarkedAfterMinutes: 30 });
    expect(reminderDue('2026-03-09', '10:00', settings)).toBe(Date.parse('2026-03-09T05:00:00Z'));
    expect(collegeMoment(reminderDue('2026-03-09', '23:45', settings)!, IST)).toBe('2026-03-10 00:15');
    expect(reminderDue('2026-03-09', undefined, settings)).toBeNull();
  });
});

// Two weeks of the college on a fixed clock, stepped every 30 minutes.
const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'SC', divisions: 1, perBatch: 2 });
const inbox = useMailCatcher();
const attendance = attendanceApi(t);
const NAME = 'Schedule College';
const STEP_MS = 30 * 60_000;

/** A and B in batch 1A, C and D in batch 1B: every lecture is the division's; the Tuesday lab is batch 1B's. */
const students = () => college.divisions[0]!.batches.flatMap((batch) => batch.students);
const student = (at: number) => () => students()[at]!;
const [A, B, C, D] = [student(0), student(1), student(2), student(3)];
const address = (at: number) => `sc00${at + 1}@college.test`;
const labBatch = () => college.divisions[0]!.batches[1]!;

const marked = new Map<string, { _id: string; version: number }>();
async function lecture(date: string, absent: (() => string)[]) {
  const away = new Set(absent.map((who) => who()));
  const session = await attendance.mark(t.admin.cookie, {
    presentStudentIds: students().filter((id) => !away.has(id)),
    date,
    slotid: college.slotids[0],
    classKind: 'lecture',
    courseid: college.courseid,
    groupid: college.divisions[0]!.id,
  });
  marked.set(`lecture ${date}`, session);
}
async function lab(date: string, absent: (() => string)[]) {
  const away = new Set(absent.map((who) => who()));
  await attendance.mark(t.admin.cookie, {
    presentStudentIds: labBatch().students.filter((id) => !away.has(id)),
    date,
    slotid: college.slotids[1],
    classKind: 'lab',
    courseid: college.courseid,
    groupid: labBatch().id,
  });
}
/** B came late, not absent: corrected by an admin (a new version of the session). */
async function lateNotAbsent(date: string) {
  const session = marked.get(`lecture ${date}`)!;
  const result = await attendance.correct(t.admin.cookie, session._id, {
    statuses: { [B()]: 'late' },
    reason: 'Came late: the bus was delayed',
    version: session.version,
  });
  expect(result.status, result.body?.message).toBe(200);
  session.version += 1;
}

/** What happens between ticks, in college time. Wednesday's lecture is never marked. */
const EVENTS: [date: string, time: string, act: () => Promise<void>][] = [
  ['2026-03-02', '10:00', () => lecture('2026-03-02', [A])],
  ['2026-03-03', '10:00', () => lecture('2026-03-03', [A, B])],
  ['2026-03-03', '10:00', () => lab('2026-03-03', [D])],
  ['2026-03-03', '11:00', () => lateNotAbsent('2026-03-03')],
  // The first class of the week marked on a Thursday: no weekly email follows it.
  ['2026-03-05', '10:00', () => lecture('2026-03-05', [A, B])],
  ['2026-03-06', '10:00', () => lecture('2026-03-06', [A])],
  // Corrected on Sunday evening, before Monday's run: B is not under the threshold then.
  ['2026-03-08', '20:00', () => lateNotAbsent('2026-03-05')],
  ['2026-03-09', '10:00', () => lecture('2026-03-09', [A, C])],
  ['2026-03-10', '10:00', () => lecture('2026-03-10', [A, C])],
  ['2026-03-10', '10:00', () => lab('2026-03-10', [C, D])],
  ['2026-03-12', '10:00', () => lecture('2026-03-12', [A, C])],
  ['2026-03-13', '10:00', () => lecture('2026-03-13', [A, C])],
];

/** The sent emails with the tick that sent them, as the college reads it (the mail catcher gets them too). */
function recordingMailer(inner: Mailer, clock: { at: number }, sent: string[]): Mailer {
  return {
    async send(email) {
      sent.push(`${collegeMoment(clock.at, IST)} ${email.to} ${email.subject.replace(`${NAME}: `, '')}`);
      await inner.send(email);
    },
  };
}

describe('alert jobs over two simulated weeks', () => {
  it('sends nothing, and says why, until an admin names the college, even with an alert on in an old item', async () => {
    // As an older release stored it: every alert on by default, the college called 'Your college'.
    const item = { ...keys.collegeSettings(), entity: 'settings', version: 1, collegeName: 'Your college' };
    const allOn = { notMarkedAlerts: true, belowThresholdAlerts: true, absenceStreakAlerts: true };
    await db.send(new PutCommand({ TableName: tableName(), Item: { ...item, ...allOn } }));
    for (const at of [ist(WEEK.monday, '08:00'), ist(WEEK.monday, '17:00')]) {
      const results = await runJobs(JOB_NAMES, { at: new Date(at) });
      expect(results.map((result) => result.idle)).toEqual([UNNAMED, UNNAMED, UNNAMED]);
    }
    const [byHand] = await runJobs([NOT_MARKED_JOB], { date: WEEK.monday, byHand: true });
    expect(byHand).toMatchObject({ idle: UNNAMED });
    expect(await inbox.settled()).toEqual([]);
  });

  it('sends each alert at its hour, college time, once per period, from the standing after corrections', { timeout: 240_000 }, async () => {
    const timetable = timetableApi(t);
    for (const weekday of [1, 2, 3, 4, 5]) await timetable.added(entryBody(college, t.faculty.user._id, { weekday }));
    await timetable.added(
      entryBody(college, t.faculty.user._id, { weekday: 2, slotid: college.slotids[1], classKind: 'lab', groupid: labBatch().id }),
    );
    await attendance.settings(t.admin.cookie, {
      timeZone: IST,
      collegeName: NAME,
      notMarkedAlerts: true,
      belowThresholdAlerts: true,
      absenceStreakAlerts: true,
      belowThresholdMinSessions: 3,
    });

    const clock = { at: ist('2026-03-02', '00:00') };
    const sent: string[] = [];
    const mailer = recordingMailer(mailerFromEnvironment()!, clock, sent);
    const events = EVENTS.map(([date, time, act]) => ({ at: ist(date, time), act }));
    const end = ist('2026-03-16', '12:00');
    for (; clock.at <= end; clock.at += STEP_MS) {
      while (events[0] && events[0].at <= clock.at) await events.shift()!.act();
      await runJobs(JOB_NAMES, { at: new Date(clock.at), mailer });
    }

    const faculty = t.faculty.email;
    const admin = t.admin.email;
    expect(sent.sort()).toEqual(
      [
        // Wednesday's lecture (09:00-10:00) not marked: its reminder 30 minutes after it ends, the admins' list at 17:00.
        `2026-03-04 10:30 ${faculty} attendance not marked: Physics, 2026-03-04`,
        `2026-03-04 17:00 ${admin} 1 class not marked on 2026-03-04`,
        // A's third absence in a row (Monday, Tuesday, Thursday): the daily run at 17:00 tells A and the admins.
        `2026-03-05 17:00 ${address(0)} 3 absences in a row in Physics`,
        `2026-03-05 17:00 ${admin} Student SC001 missed 3 classes in a row`,
        // Monday 08:00: A is under 75% in four lectures. B was under until corrected; D's lab has 1 session.
        `2026-03-09 08:00 ${address(0)} your attendance is under 75%`,
        `2026-03-11 10:30 ${faculty} attendance not marked: Physics, 2026-03-11`,
        `2026-03-11 17:00 ${admin} 1 class not marked on 2026-03-11`,
        `2026-03-12 17:00 ${address(2)} 3 absences in a row in Physics`,
        `2026-03-12 17:00 ${admin} Student SC003 missed 3 classes in a row`,
        // The next Monday: C fell under; A is still under but not newly; D's lab (0 of 2) is under the 3 sessions needed.
        `2026-03-16 08:00 ${address(2)} your attendance is under 75%`,
        // Monday's lecture, not marked by the time the two weeks end (12:00).
        `2026-03-16 10:30 ${faculty} attendance not marked: Physics, 2026-03-16`,
      ].sort(),
    );

    // The mail catcher got the same emails, each in college time, none saying UTC.
    const mails = await inbox.mails(sent.length);
    expect(mails).toHaveLength(sent.length);
    for (const mail of mails) {
      expect(mail.text).not.toContain('UTC');
      expect(mail.subject.startsWith(`${NAME}: `)).toBe(true);
    }
    const under = (to: string) => mails.find((mail) => mail.to[0]!.address === to && mail.subject.includes('under 75%'))!;
    expect(under(address(0)).text).toContain('Physics (Lecture) | 0% | 12 | new this week');
    // C's lecture: 4 of 8. C's lab (1 of 2) is under too, but has fewer sessions than the minimum: not listed.
    expect(under(address(2)).text).toContain('Physics (Lecture) | 50% | 8 | new this week');
    expect(under(address(2)).text).not.toContain('Lab');
    const digest = mails.find((mail) => mail.subject.includes('not marked on 2026-03-04'))!;
    expect(digest.text).toContain('1 class of the timetable on 2026-03-04 had no attendance marked at 17:00.');
    const reminder = mails.find((mail) => mail.subject.includes('attendance not marked: Physics, 2026-03-11'))!;
    expect(reminder.text).toContain('on 2026-03-11 (it ended at 10:00) is not marked yet.');
    expect(mails.some((mail) => [address(1), address(3)].includes(mail.to[0]!.address))).toBe(false);

    for (const period of ['2026-03-02', '2026-03-09', '2026-03-16']) {
      expect(await runMarker({ job: BELOW_THRESHOLD_JOB, period })).toMatchObject({ state: 'done' });
    }
    expect(await runMarker({ job: ABSENCE_STREAK_JOB, period: '2026-03-07' })).toMatchObject({ state: 'done' });
  });

  it('runs a weekly run once however many ticks come at once, late only within the catch-up window, and at once by hand', async () => {
    // A student newly under this week, so the run has something to send.
    for (const date of ['2026-03-16', '2026-03-17', '2026-03-19']) await lecture(date, [A, B, C, D]);

    // Started on a Thursday: Monday's run is not sent three days late.
    const [thursday] = await runJobs([BELOW_THRESHOLD_JOB], { at: new Date(ist('2026-03-19', '12:00')) });
    expect(thursday).toMatchObject({ period: '2026-03-16', idle: 'not due: the next run is at 2026-03-23 08:00' });

    // Five ticks at once, five hours after Monday 08:00 (the system was down): one runs, the others find its marker.
    const ticks = await Promise.all(
      Array.from({ length: 5 }, () => runJobs([BELOW_THRESHOLD_JOB], { at: new Date(ist('2026-03-23', '13:00')) })),
    );
    const ran = ticks.flat().filter((result) => result.report);
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatchObject({ period: '2026-03-23', report: { sent: 2 } });
    expect(ticks.flat().filter((result) => result.idle === 'already run for this period')).toHaveLength(4);
    const [later] = await runJobs([BELOW_THRESHOLD_JOB], { at: new Date(ist('2026-03-23', '13:30')) });
    expect(later).toMatchObject({ idle: 'already run for this period' });
    // B (8 of 11) and D (8 of 11) fell under this week; A and C were under last week already.
    expect((await inbox.mails(2)).map((mail) => mail.to[0]!.address).sort()).toEqual([address(1), address(3)]);

    // Seven hours late the next week: skipped, until the week after.
    const [tooLate] = await runJobs([BELOW_THRESHOLD_JOB], { at: new Date(ist('2026-03-30', '15:00')) });
    expect(tooLate).toMatchObject({ period: '2026-03-30', idle: 'not due: the next run is at 2026-04-06 08:00' });
    expect(await runMarker({ job: BELOW_THRESHOLD_JOB, period: '2026-03-30' })).toBeNull();

    // By hand: at once, any day, marker or not; what was sent is not sent again.
    const [byHand] = await runJobs([BELOW_THRESHOLD_JOB], { at: new Date(ist('2026-03-26', '09:00')), date: '2026-03-26', byHand: true });
    expect(byHand).toMatchObject({ period: '2026-03-23', report: { sent: 0, skipped: 2 } });
    expect(await inbox.settled()).toHaveLength(2);
  });

  it('gives the period back when an email could not be sent: the next tick sends it, and then the run is done', async () => {
    // No run last week (skipped above): the four students under the threshold are all news this week.
    const outage = flakyMailer(mailerFromEnvironment()!, (to, attempt) =>
      to === address(1) && attempt === 1 ? new Error('Connection closed') : null,
    );
    const tick = (time: string) => runJobs([BELOW_THRESHOLD_JOB], { at: new Date(ist('2026-04-06', time)), mailer: outage });
    const [first] = await tick('08:00');
    expect(first).toMatchObject({ period: '2026-04-06', report: { sent: 3, failed: 1 } });
    expect(await runMarker({ job: BELOW_THRESHOLD_JOB, period: '2026-04-06' })).toMatchObject({ state: 'again' });
    const [second] = await tick('08:30');
    expect(second).toMatchObject({ report: { sent: 1, skipped: 3, failed: 0 } });
    expect(await runMarker({ job: BELOW_THRESHOLD_JOB, period: '2026-04-06' })).toMatchObject({ state: 'done' });
    expect(await tick('09:00')).toMatchObject([{ idle: 'already run for this period' }]);
    expect((await inbox.mails(4)).map((mail) => mail.to[0]!.address).sort()).toEqual([0, 1, 2, 3].map(address));
  });
});
