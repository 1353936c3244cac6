import { beforeAll, describe, expect, it } from 'vitest';
import { ABSENCE_STREAK_JOB, streaksIn } from '@functions/lib/alerts/absence-streak';
import { BELOW_THRESHOLD_JOB } from '@functions/lib/alerts/below-threshold';
import { logOfRun } from '@functions/lib/alerts/sent-log';
import { DEFAULT_TIME_ZONE, instantOf, parseTime } from '@shared/dates';
import { attendanceApi } from '../support/attendance';
import { recipientsOf, runAt, SITE, useMailCatcher } from '../support/alerts';
import { useCollege } from '../support/college';
import { useTestStack } from '../support/stack';
import { entryBody, timetableApi, WEEK } from '../support/timetable';

// Under the threshold (weekly) and absences in a row (daily), read back from the mail catcher.
const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'ST', divisions: 1, perBatch: 2 });
const inbox = useMailCatcher();
const attendance = attendanceApi(t);
const DAYS = [WEEK.monday, WEEK.tuesday, WEEK.wednesday, WEEK.thursday];

/** A moment of the college's day (IST, the default time zone), as runAt takes it. */
const collegeTime = (date: string, time: string) => new Date(instantOf(date, parseTime(time)!, DEFAULT_TIME_ZONE)).toISOString();
const byHand = (job: string, date: string) => runAt(`${date}T12:00:00Z`, [job as never], { date, byHand: true });
const everyone = () => college.divisions[0]!.batches.flatMap((batch) => batch.students);
/** Student 1 (ST001) misses every lecture; student 3 (ST003) misses them too and is deleted before the runs. */
const absentee = () => everyone()[0]!;
const leaver = () => everyone()[2]!;

async function markLectures(days: string[]) {
  for (const date of days) {
    await attendance.mark(t.admin.cookie, {
      presentStudentIds: everyone().filter((id) => id !== absentee() && id !== leaver()),
      date,
      slotid: college.slotids[0],
      classKind: 'lecture',
      courseid: college.courseid,
      groupid: college.divisions[0]!.id,
    });
  }
}

beforeAll(async () => {
  await attendance.settings(t.admin.cookie, { collegeName: 'Demo College', belowThresholdAlerts: true, absenceStreakAlerts: true });
});

describe('students alerts', () => {
  it('tells a student and the admins once when the third absence in a row is marked, and not again at the fourth', async () => {
    await markLectures(DAYS.slice(0, 2));
    await byHand(ABSENCE_STREAK_JOB, WEEK.tuesday);
    expect(await inbox.settled()).toEqual([]);

    await markLectures([WEEK.wednesday]);
    // The other absentee is deleted: their sessions stay, but nothing goes to them, nor to the admins about them.
    expect(await t.stack.call('DELETE', `/api/v1/student/${leaver()}`, { cookie: t.admin.cookie })).toMatchObject({ status: 200 });
    const [first] = await byHand(ABSENCE_STREAK_JOB, WEEK.wednesday);
    expect(first!.report).toMatchObject({ sent: 2 });
    const mails = await inbox.mails(2);
    expect(recipientsOf(mails)).toEqual(['st001@college.test', t.admin.email].sort());
    const toStudent = mails.find((mail) => mail.to[0]!.address === 'st001@college.test')!;
    expect(toStudent.subject).toBe('Demo College: 3 absences in a row in Physics');
    expect(toStudent.text).toContain(
      `You were marked absent from the last 3 classes of Physics (Lecture): ${DAYS.slice(0, 3).join(', ')}.`,
    );
    expect(toStudent.text).toContain('because you missed 3 classes of a course in a row');
    const toAdmin = mails.find((mail) => mail.subject.includes('Student ST001 missed'))!;
    expect(toAdmin.text).toContain(`${SITE}/reports/student/${absentee()}`);

    await markLectures([WEEK.thursday]);
    await byHand(ABSENCE_STREAK_JOB, WEEK.wednesday);
    await byHand(ABSENCE_STREAK_JOB, WEEK.thursday);
    expect(await inbox.settled()).toHaveLength(2);
  });

  it('emails each student who fell under the threshold once a week, with the classes needed, and the faculty a copy', async () => {
    await timetableApi(t).added(entryBody(college, t.faculty.user._id));
    await attendance.settings(t.admin.cookie, { belowThresholdCopyFaculty: true });
    // 0 of 4 lectures: under the threshold, but 4 sessions are fewer than the 5 (the default) before a first email.
    const [early] = await byHand(BELOW_THRESHOLD_JOB, WEEK.thursday);
    expect(early).toMatchObject({ period: WEEK.monday, report: { sent: 0 } });
    expect(await inbox.settled()).toEqual([]);

    await markLectures([WEEK.friday]);
    const [run] = await byHand(BELOW_THRESHOLD_JOB, WEEK.friday);
    expect(run).toMatchObject({ period: WEEK.monday, report: { sent: 2 } });
    const mails = await inbox.mails(2);
    expect(recipientsOf(mails)).toEqual(['st001@college.test', t.faculty.email].sort());
    const toStudent = mails.find((mail) => mail.to[0]!.address === 'st001@college.test')!;
    expect(toStudent.subject).toBe('Demo College: your attendance is under 75%');
    // 0 of 5 attended: 15 classes in a row bring it to 15 / 20 = 75%.
    expect(toStudent.text).toContain('Physics (Lecture) | 0% | 15 | new this week');
    expect(toStudent.text).toContain('because your attendance fell under 75% in a course since last week');
    const copy = mails.find((mail) => mail.to[0]!.address === t.faculty.email)!;
    expect(copy.text).toContain('Student ST001 | ST001 | Physics (Lecture) | 0% | 15');

    // The same week again: nothing. The next week: still under, but not newly, so nothing either.
    await byHand(BELOW_THRESHOLD_JOB, WEEK.saturday);
    await byHand(BELOW_THRESHOLD_JOB, '2026-03-13');
    expect(await inbox.settled()).toHaveLength(2);
    expect((await logOfRun({ job: BELOW_THRESHOLD_JOB, period: '2026-03-09' })).map((item) => [item.recipient, item.state])).toEqual([
      [`student#${absentee()}`, 'noted'],
    ]);
  });

  it('waits for the weekly day and hour (college time) on schedule, runs once, and sends nothing at all when turned off', async () => {
    await attendance.settings(t.admin.cookie, { belowThresholdWeekday: 3, belowThresholdHour: 9 });
    const [early] = await runAt(collegeTime('2026-03-18', '08:59'), [BELOW_THRESHOLD_JOB]);
    expect(early).toMatchObject({ period: '2026-03-09', idle: 'not due: the next run is at 2026-03-18 09:00' });
    const [due] = await runAt(collegeTime('2026-03-18', '09:00'), [BELOW_THRESHOLD_JOB]);
    // ST001 is still under, not newly: nothing to send, and the run is done for the week.
    expect(due).toMatchObject({ period: '2026-03-16', report: { sent: 0 } });
    const [again] = await runAt(collegeTime('2026-03-18', '09:30'), [BELOW_THRESHOLD_JOB]);
    expect(again).toMatchObject({ idle: 'already run for this period' });
    await attendance.settings(t.admin.cookie, { belowThresholdAlerts: false, absenceStreakAlerts: false });
    const results = await runAt(collegeTime('2026-03-25', '09:30'), [BELOW_THRESHOLD_JOB, ABSENCE_STREAK_JOB]);
    expect(results.map((result) => result.idle)).toEqual(['turned off in Settings', 'turned off in Settings']);
    expect(await inbox.settled()).toEqual([]);
  });

  it('counts a run only of absences: present or late breaks it, excused is skipped', () => {
    const session = (date: string, status: string) => ({
      _id: date,
      date,
      markedAt: `${date}T10:00:00Z`,
      classKind: 'lecture' as const,
      expected: [{ _id: 's', name: 'S', enrollment: 'E' }],
      statuses: { s: status },
    });
    const days = ['absent', 'excused', 'absent', 'late', 'absent', 'absent', 'excused', 'absent', 'absent'].map((status, at) =>
      session(`2026-03-${String(at + 1).padStart(2, '0')}`, status),
    );
    const streaks = streaksIn(days as never, 3, '2026-03-01');
    expect(streaks.map((streak) => [streak.last.date, streak.dates])).toEqual([['2026-03-08', ['2026-03-05', '2026-03-06', '2026-03-08']]]);
  });
});
