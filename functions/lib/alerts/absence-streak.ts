import { addDays } from '@shared/dates';
import { CLASS_KINDS, kindCode } from '@shared/schemas/wire-names';
import { CLASS_KIND_LABELS } from '@shared/constants';
import type { ClassSession } from '../repositories/attendance';
import { classSessionsBetween } from '../repositories/attendance';
import { getStudents, type StudentItem } from '../repositories/students';
import type { StructureItem } from '../repositories/structure';
import { listUsers } from '../repositories/users';
import { activeSemesters, coursesOf } from './college';
import { composeEmail, siteUrl } from './compose';
import { addReports, deliverAll, emptyReport, type Delivery, type DeliveryReport, type GuardianDelivery } from './deliver';
import { attendanceHomeLink, guardianLinkLabel, guardianRecipients, guardianWhy, STUDENT_LINK_LABEL } from './guardians';
import { runOnSchedule } from './run-once';
import { dailyRunDue, lastDailyRun, type JobContext, type JobResult } from './schedule';

/**
 * Absences in a row (docs/product.md §10), daily at the admins' hour (college time): a student absent from N
 * classes in a row of a course and kind (the setting; excused classes are skipped, neither breaking
 * nor adding to the run; present and late break it) gets one email, each of their guardian contacts
 * with an email one worded for a parent, and each admin one, when the run reaches N with a class of
 * the last 7 days (so a class marked late is still seen). The run
 * must be exactly N long there: one that goes on to N + 1 is not told again. The sent log's period is
 * the date of the class that made the run N long, so the next days' runs, which see it too, send nothing.
 */
export const ABSENCE_STREAK_JOB = 'absence-streak';

/** How far back a run is read: a term, so that a run that began long ago is not taken for a new one. */
const LOOKBACK_DAYS = 180;
/** The classes whose marking can complete a run: the last week's. */
const RECENT_DAYS = 7;

export interface Streak {
  studentId: string;
  name: string;
  enrollment: string;
  /** The class session that made the run N long. */
  last: ClassSession;
  dates: string[];
}

const byTime = (a: ClassSession, b: ClassSession) => a.date.localeCompare(b.date) || a.markedAt.localeCompare(b.markedAt);

/** The runs of exactly `length` absences that end at a class session dated `from` or later, per student. */
export function streaksIn(sessions: ClassSession[], length: number, from: string): Streak[] {
  const perStudent = new Map<string, { session: ClassSession; absent: boolean }[]>();
  for (const session of [...sessions].sort(byTime)) {
    for (const student of session.expected) {
      const status = session.statuses[student._id];
      if (!status || status === 'excused') continue;
      const seen = perStudent.get(student._id) ?? [];
      seen.push({ session, absent: status === 'absent' });
      perStudent.set(student._id, seen);
    }
  }
  const streaks: Streak[] = [];
  for (const [studentId, seen] of perStudent) {
    let run = 0;
    for (const [at, { session, absent }] of seen.entries()) {
      run = absent ? run + 1 : 0;
      if (run !== length || session.date < from) continue;
      const student = session.expected.find((one) => one._id === studentId)!;
      const dates = seen.slice(at - length + 1, at + 1).map((one) => one.session.date);
      streaks.push({ studentId, name: student.name, enrollment: student.enrollment, last: session, dates });
    }
  }
  return streaks;
}

function emails(
  streak: Streak,
  student: StudentItem,
  course: StructureItem,
  admins: { _id: string; username: string }[],
  context: JobContext,
): Delivery[] {
  const { collegeName } = context.settings;
  const what = `${course.name} (${CLASS_KIND_LABELS[streak.last.classKind]})`;
  const count = streak.dates.length;
  // The sent log's subjects keep the kind's code: a run sees what earlier runs sent.
  const place = `${course._id}#${kindCode(streak.last.classKind)}#${streak.last._id}`;
  const toStudent: Delivery = {
    recipient: { kind: 'student', id: streak.studentId },
    subject: `streak#${place}`,
    compose: (to) =>
      composeEmail(to, collegeName, {
        subject: `${count} absences in a row in ${course.name}`,
        greeting: `Dear ${streak.name} (${streak.enrollment}),`,
        paragraphs: [
          `You were marked absent from the last ${count} classes of ${what}: ${streak.dates.join(', ')}.`,
          'If this is a mistake, or you have a reason, please speak to your faculty member.',
        ],
        link: attendanceHomeLink(to, STUDENT_LINK_LABEL),
        why: `You receive this email because you missed ${count} classes of a course in a row.`,
      }),
  };
  const toGuardians = guardianRecipients(student).map((recipient): GuardianDelivery => ({
    recipient,
    subject: `streak#${streak.studentId}#${place}`,
    composeFor: (guardian) =>
      composeEmail(guardian.email, collegeName, {
        subject: `${streak.name} missed ${count} classes in a row in ${course.name}`,
        greeting: `Dear ${guardian.name},`,
        paragraphs: [
          `${streak.name} (${streak.enrollment}) was marked absent from the last ${count} classes of ${what}: ${streak.dates.join(', ')}.`,
          `If this is a mistake, or ${streak.name} had a reason, please contact the college.`,
        ],
        link: attendanceHomeLink(guardian.email, guardianLinkLabel(streak.name)),
        why: guardianWhy(streak.name, collegeName),
      }),
  }));
  const toAdmins = admins.map((admin): Delivery => ({
    recipient: { kind: 'user', id: admin._id },
    subject: `streak#${streak.studentId}#${place}`,
    compose: (to) =>
      composeEmail(to, collegeName, {
        subject: `${streak.name} missed ${count} classes in a row`,
        greeting: `Dear ${admin.username},`,
        paragraphs: [
          `${streak.name} (${streak.enrollment}) was marked absent from the last ${count} classes of ${what}: ${streak.dates.join(', ')}.`,
        ],
        link: { label: "Open the student's record", url: siteUrl(`/reports/student/${streak.studentId}`) },
        why: `You receive this email because you are an admin of SAMS and a student missed ${count} classes of a course in a row.`,
      }),
  }));
  return [toStudent, ...toGuardians, ...toAdmins];
}

export async function runAbsenceStreak(context: JobContext): Promise<JobResult> {
  const { settings } = context;
  const occasion = context.byHand
    ? { period: context.date, due: dailyRunDue(context.date, settings) }
    : lastDailyRun(context.at.getTime(), settings);
  const run = { job: ABSENCE_STREAK_JOB, period: occasion.period };
  if (!settings.absenceStreakAlerts) return { ...run, idle: 'turned off in Settings' };
  const next = dailyRunDue(addDays(occasion.period, 1), settings);
  return runOnSchedule(context, run, occasion, next, () => sendStreaks(occasion.period, context));
}

/** The streaks completed by the classes of the week up to `date`, each told once (logged under its last class's date). */
async function sendStreaks(date: string, context: JobContext): Promise<DeliveryReport> {
  const { settings } = context;
  const admins = (await listUsers()).filter((user) => user.role === 'admin');
  let report = emptyReport();
  for (const { semester } of await activeSemesters()) {
    for (const course of await coursesOf(semester._id)) {
      for (const classKind of CLASS_KINDS) {
        const sessions = await classSessionsBetween({ courseid: course._id, classKind, from: addDays(date, -LOOKBACK_DAYS), to: date });
        const found = streaksIn(sessions, settings.absenceStreakLength, addDays(date, 1 - RECENT_DAYS));
        // A student deleted since is told nothing, nor are the admins about them.
        const current = new Map(
          (await getStudents([...new Set(found.map((streak) => streak.studentId))])).map((student) => [student._id, student]),
        );
        const streaks = found.filter((streak) => current.has(streak.studentId));
        // Logged under the date of the class that made the run N long: the next days' runs see it sent.
        for (const day of new Set(streaks.map((streak) => streak.last.date))) {
          const ofDay = streaks.filter((streak) => streak.last.date === day);
          const deliveries = ofDay.flatMap((streak) => emails(streak, current.get(streak.studentId)!, course, admins, context));
          report = addReports(report, await deliverAll({ job: ABSENCE_STREAK_JOB, period: day }, deliveries, context));
        }
      }
    }
  }
  return report;
}
