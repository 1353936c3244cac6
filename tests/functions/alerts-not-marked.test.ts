import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { NOT_MARKED_JOB } from '@functions/lib/alerts/not-marked';
import { DEFAULT_TIME_ZONE, instantOf, parseTime } from '@shared/dates';
import { logOfRun } from '@functions/lib/alerts/sent-log';
import { attendanceApi } from '../support/attendance';
import { recipientsOf, runAt, SITE, useMailCatcher } from '../support/alerts';
import { useCollege } from '../support/college';
import { useTestStack } from '../support/stack';
import { entryBody, timetableApi, WEEK } from '../support/timetable';

// Not marked (docs/product.md §10): reminders after the slot ends, the admins' list at the set hour, in college time (IST).
const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'NM', divisions: 1, perBatch: 2 });
const inbox = useMailCatcher();
const timetable = timetableApi(t);
const attendance = attendanceApi(t);
/** A moment of the college's day (IST, the default time zone), as runAt takes it. */
const collegeTime = (date: string, time: string) => new Date(instantOf(date, parseTime(time)!, DEFAULT_TIME_ZONE)).toISOString();
const monday = (time: string) => collegeTime(WEEK.monday, time);

beforeAll(async () => {
  await attendance.settings(t.admin.cookie, { collegeName: 'Demo College', notMarkedAlerts: true });
});

async function weekWithTwoClasses() {
  const lecture = await timetable.added(entryBody(college, t.faculty.user._id));
  const batch = college.divisions[0]!.batches[0]!.id;
  const lab = await timetable.added(
    entryBody(college, t.faculty.user._id, { slotid: college.slotids[1], classKind: 'lab', groupid: batch }),
  );
  // Removed even when the test fails, so the next test starts from an empty week.
  onTestFinished(async () => {
    await timetable.remove(lecture._id);
    await timetable.remove(lab._id);
  });
  return { lecture, lab };
}

describe('not-marked alerts', () => {
  it('reminds the faculty member once per class, a set time after its slot ends, with a link to its marking form', async () => {
    const { lecture, lab } = await weekWithTwoClasses();
    // 09:00 - 10:00 ends at 10:00 college time; the reminder is due 30 minutes later (the default).
    await runAt(monday('10:29'), [NOT_MARKED_JOB]);
    expect(await inbox.settled()).toEqual([]);

    const [result] = await runAt(monday('10:31'), [NOT_MARKED_JOB]);
    expect(result!.report).toMatchObject({ sent: 1, failed: 0, left: 0 });
    const [mail] = await inbox.mails(1);
    expect(recipientsOf([mail!])).toEqual([t.faculty.email]);
    expect(mail!.subject).toBe(`Demo College: attendance not marked: Physics, ${WEEK.monday}`);
    expect(mail!.from[0]!.name).toBe('Demo College (SAMS)');
    expect(mail!.text).toContain(
      `Attendance of your class Physics (Lecture, Division 1) in slot 09:00 - 10:00 on ${WEEK.monday} (it ended at 10:00) is not marked yet.`,
    );
    expect(mail!.text).not.toContain('UTC');
    expect(mail!.text).toContain('You receive this reminder because the timetable gives you this class');
    expect(mail!.text).toContain('can turn this alert off on the Settings screen');
    const link = new URL(/Mark it now: (\S+)/.exec(mail!.text)![1]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${SITE}/students/${lecture.groupid}`);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      extraData: 'Physics / Lecture / 09:00 - 10:00 / Division 1',
      termid: college.termid,
      semid: college.semid,
      courseid: college.courseid,
      kind: '1',
      slot: college.slotids[0],
    });
    expect(mail!.html).toContain(`href="${SITE}/students/${lecture.groupid}?`);

    // Run again (the next tick, or twice at once): nothing twice.
    await Promise.all([runAt(monday('10:41'), [NOT_MARKED_JOB]), runAt(monday('10:41'), [NOT_MARKED_JOB])]);
    expect(await inbox.settled()).toHaveLength(1);

    // The lab (10:00 - 11:00) is due at 11:30: one more, for it only.
    await runAt(monday('11:31'), [NOT_MARKED_JOB]);
    const mails = await inbox.mails(2);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('Physics (Lab, Division 1 / Batch 1A) in slot 10:00 - 11:00');
    const log = await logOfRun({ job: NOT_MARKED_JOB, period: WEEK.monday });
    expect(log.map((item) => [item.subject, item.state]).sort()).toEqual(
      [
        [`class#${lab._id}`, 'sent'],
        [`class#${lecture._id}`, 'sent'],
      ].sort(),
    );

    // The admins' list at the set hour (17:00 college time by default): the classes still not marked, once.
    await runAt(monday('16:59'), [NOT_MARKED_JOB]);
    expect(await inbox.settled()).toHaveLength(2);
    await runAt(monday('17:05'), [NOT_MARKED_JOB]);
    await runAt(monday('18:00'), [NOT_MARKED_JOB]);
    const digest = (await inbox.settled()).slice(2);
    expect(recipientsOf(digest)).toEqual([t.admin.email]);
    expect(digest[0]!.subject).toBe(`Demo College: 2 classes not marked on ${WEEK.monday}`);
    expect(digest[0]!.text).toContain(`2 classes of the timetable on ${WEEK.monday} had no attendance marked at 17:05.`);
    expect(digest[0]!.text).toContain(`09:00 - 10:00 | Physics | Lecture | Division 1 | ${t.faculty.user.username}`);
    expect(digest[0]!.text).toContain('because you are an admin of SAMS');
  });

  it('sends nothing for a class marked in time, and nothing at all once turned off in Settings', async () => {
    await weekWithTwoClasses();
    const date = '2026-03-09'; // the next Monday
    await attendance.mark(t.admin.cookie, { ...lectureOf(date) });
    await runAt(collegeTime(date, '10:31'), [NOT_MARKED_JOB]);
    expect(await inbox.settled()).toEqual([]);

    await attendance.settings(t.admin.cookie, { notMarkedAlerts: false });
    const [result] = await runAt(collegeTime(date, '23:00'), [NOT_MARKED_JOB]);
    expect(result).toMatchObject({ idle: 'turned off in Settings' });
    expect(await inbox.settled()).toEqual([]);

    await attendance.settings(t.admin.cookie, { notMarkedAlerts: true, notMarkedAfterMinutes: 0, notMarkedDigestHour: 23 });
    await runAt(collegeTime(date, '11:00'), [NOT_MARKED_JOB]);
    const [labReminder] = await inbox.mails(1);
    expect(labReminder!.subject).toBe(`Demo College: attendance not marked: Physics, ${date}`);
    expect(labReminder!.text.split('\n')[0]).toBe('Demo College');
    await attendance.settings(t.admin.cookie, { notMarkedAfterMinutes: 30, notMarkedDigestHour: 17 });
  });

  it("sends no reminder hours late (the system was down): the admins' list, due within the last hours, still goes", async () => {
    await weekWithTwoClasses();
    const date = '2026-03-23'; // a Monday: the reminders were due at 10:30 and 11:30, the list at 17:00
    const [result] = await runAt(collegeTime(date, '18:00'), [NOT_MARKED_JOB]);
    expect(result!.report).toMatchObject({ sent: 1 });
    const [digest] = await inbox.mails(1);
    expect(recipientsOf([digest!])).toEqual([t.admin.email]);
    expect(digest!.text).toContain('had no attendance marked at 18:00.');
    // The next morning, past the window, nothing more for that day.
    await runAt(collegeTime('2026-03-24', '08:00'), [NOT_MARKED_JOB]);
    expect(await inbox.settled()).toHaveLength(1);
  });

  it('runs by hand for a past day as at its end: every reminder and the list, once', async () => {
    await weekWithTwoClasses();
    const [first] = await runAt('2026-04-01T08:00:00Z', [NOT_MARKED_JOB], { date: '2026-03-16', byHand: true });
    expect(first!.report).toMatchObject({ sent: 3 });
    expect(recipientsOf(await inbox.mails(3))).toEqual([t.admin.email, t.faculty.email, t.faculty.email].sort());
    const [again] = await runAt('2026-04-01T08:05:00Z', [NOT_MARKED_JOB], { date: '2026-03-16', byHand: true });
    expect(again!.report).toMatchObject({ sent: 0, skipped: 3 });
    expect(await inbox.settled()).toHaveLength(3);
  });
});

function lectureOf(date: string) {
  const division = college.divisions[0]!;
  return {
    presentStudentIds: division.batches[0]!.students,
    date,
    slotid: college.slotids[0],
    classKind: 'lecture',
    courseid: college.courseid,
    groupid: division.id,
  };
}
