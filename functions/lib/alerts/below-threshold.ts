import { addDays } from '@shared/dates';
import { kindCode } from '@shared/schemas/wire-names';
import { CLASS_KIND_LABELS } from '@shared/constants';
import type { CourseStanding } from '@shared/schemas/reports';
import { standingsIn } from '../reports/defaulters';
import type { StudentItem } from '../repositories/students';
import { listTimetable } from '../repositories/timetable';
import { activeSemesters, forEachInParallel, semesterStanding, type SemesterStanding } from './college';
import { composeEmail, percent, siteUrl } from './compose';
import { attendanceHomeLink, guardianLinkLabel, guardianRecipients, guardianWhy, possessive, STUDENT_LINK_LABEL } from './guardians';
import { addReports, deliverAll, emptyReport, type Delivery, type DeliveryReport, type GuardianDelivery } from './deliver';
import { runOnSchedule } from './run-once';
import { lastWeeklyRun, weekOf, weeklyRunDue, type JobContext, type JobResult } from './schedule';
import { logOfRun, note } from './sent-log';

/**
 * Under the threshold (docs/product.md §10), weekly at the set day and hour (college time): each
 * student under the college's threshold in a course (once held at least the set number of its
 * class sessions) where they were not under it at the last run (the previous week's) gets one email
 * listing every course they are under in, with the percentage and the classes needed to get back;
 * each of their guardian contacts with an email gets a copy worded for a parent; optionally each
 * faculty member gets the list of their courses' students in that run. What a student was under in
 * is kept in the run's sent log (its `memo`), emailed or not.
 */
export const BELOW_THRESHOLD_JOB = 'below-threshold';

/** A course and kind as the sent log's memo keeps it (with the kind's code), so a run compares with the last one's. */
const placeOf = (standing: CourseStanding) => `${standing.courseid}#${kindCode(standing.classKind)}`;
const describe = (standing: CourseStanding) => `${standing.course} (${CLASS_KIND_LABELS[standing.classKind]})`;
const needed = (standing: CourseStanding) =>
  standing.classesNeeded === null ? 'cannot reach it this term' : String(standing.classesNeeded ?? 0);

interface Fallen {
  student: StudentItem;
  below: CourseStanding[];
  /** The places (course and kind) under the threshold now and not at the last run. */
  fresh: Set<string>;
}

/** The table of a fallen student's courses, the same in their email and their guardians'. */
const standingTable = ({ below, fresh }: Fallen) => ({
  head: ['Course', 'Attendance', 'Classes needed', ''],
  rows: below.map((s) => [describe(s), percent(s.percentage), needed(s), fresh.has(placeOf(s)) ? 'new this week' : '']),
});
const courses = (below: CourseStanding[]) => (below.length === 1 ? 'this course' : 'these courses');

function studentEmail(fallen: Fallen, context: JobContext): Delivery {
  const { student, below } = fallen;
  const { collegeName, threshold } = context.settings;
  return {
    recipient: { kind: 'student', id: student._id },
    subject: 'standing',
    memo: below.map(placeOf),
    compose: (to) =>
      composeEmail(to, collegeName, {
        subject: `your attendance is under ${threshold}%`,
        greeting: `Dear ${student.name} (${student.enrollment}),`,
        paragraphs: [
          `Your attendance is under the college's threshold of ${threshold}% in ${courses(below)}. ` +
            'Attending the classes needed, in a row, brings you back to it.',
        ],
        table: standingTable(fallen),
        link: attendanceHomeLink(to, STUDENT_LINK_LABEL),
        why: `You receive this weekly email because your attendance fell under ${threshold}% in a course since last week.`,
      }),
  };
}

/** Each guardian contact's copy of a fallen student's email, worded for a parent. */
function guardianEmails(fallen: Fallen, context: JobContext): GuardianDelivery[] {
  const { student, below } = fallen;
  const { collegeName, threshold } = context.settings;
  return guardianRecipients(student).map((recipient): GuardianDelivery => ({
    recipient,
    subject: `standing#${student._id}`,
    composeFor: (guardian) =>
      composeEmail(guardian.email, collegeName, {
        subject: `${possessive(student.name)} attendance is under ${threshold}%`,
        greeting: `Dear ${guardian.name},`,
        paragraphs: [
          `${possessive(student.name)} (${student.enrollment}) attendance is under the college's threshold of ${threshold}% in ${courses(below)}. ` +
            `Attending the classes needed, in a row, brings ${student.name} back to it.`,
        ],
        table: standingTable(fallen),
        link: attendanceHomeLink(guardian.email, guardianLinkLabel(student.name)),
        why: guardianWhy(student.name, collegeName),
      }),
  }));
}

function facultyCopy(facultyid: string, username: string, rows: string[][], context: JobContext): Delivery {
  const { collegeName, threshold } = context.settings;
  return {
    recipient: { kind: 'user', id: facultyid },
    subject: 'copy',
    compose: (to) =>
      composeEmail(to, collegeName, {
        subject: `students of your courses under ${threshold}%`,
        greeting: `Dear ${username},`,
        paragraphs: [`These students of your classes fell under the threshold of ${threshold}% since last week and were told so today.`],
        table: { head: ['Student', 'Enrollment', 'Course', 'Attendance', 'Classes needed'], rows },
        link: { label: 'Open the reports', url: siteUrl('/reports') },
        why: 'You receive this copy because the timetable gives you these classes and the college sends faculty a copy of these alerts.',
      }),
  };
}

/** Who teaches each course, kind and group in a term: `courseid#classKind#groupid` → the faculty member. */
async function teachers(termid: string): Promise<Map<string, { _id: string; username: string }>> {
  const entries = await listTimetable({ termid });
  return new Map(entries.map((entry) => [`${entry.courseid}#${entry.classKind}#${entry.groupid}`, entry.faculty]));
}

export async function runBelowThreshold(context: JobContext): Promise<JobResult> {
  const { settings } = context;
  const occasion = context.byHand
    ? { period: weekOf(context.date), due: weeklyRunDue(weekOf(context.date), settings) }
    : lastWeeklyRun(context.at.getTime(), settings);
  const run = { job: BELOW_THRESHOLD_JOB, period: occasion.period };
  if (!settings.belowThresholdAlerts) return { ...run, idle: 'turned off in Settings' };
  const next = weeklyRunDue(addDays(occasion.period, 7), settings);
  return runOnSchedule(context, run, occasion, next, () => sendWeekly(run, context));
}

/**
 * The standings a student is emailed about: each course and kind under the threshold once the
 * student has been held at least the setting's number of its class sessions (one absence of one
 * class is not news). Read from the summaries now, so a correction made before the run counts.
 */
function belowIn(courses: SemesterStanding['courses'], student: StudentItem, settings: JobContext['settings']): CourseStanding[] {
  return courses
    .flatMap(({ course, summaries }) => standingsIn(course, summaries, student._id, settings, settings.threshold))
    .map(({ standing }) => standing)
    .filter(
      (standing) =>
        standing.held >= settings.belowThresholdMinSessions && standing.percentage !== null && standing.percentage < settings.threshold,
    );
}

async function sendWeekly(run: { job: string; period: string }, context: JobContext): Promise<DeliveryReport> {
  const { settings } = context;
  const previous = new Map(
    (await logOfRun({ ...run, period: addDays(run.period, -7) })).map((item) => [
      item.recipient,
      new Set((item.memo as string[] | null) ?? []),
    ]),
  );
  let report = emptyReport();
  const copies = new Map<string, { username: string; rows: string[][] }>();
  for (const { termid, semester } of await activeSemesters()) {
    const { courses, students } = await semesterStanding(semester._id);
    const fallen: Fallen[] = [];
    const unchanged: { student: StudentItem; places: string[] }[] = [];
    for (const student of students) {
      const below = belowIn(courses, student, settings);
      if (below.length === 0) continue;
      const before = previous.get(`student#${student._id}`) ?? new Set();
      const fresh = new Set(below.map(placeOf).filter((place) => !before.has(place)));
      if (fresh.size > 0) fallen.push({ student, below, fresh });
      else unchanged.push({ student, places: below.map(placeOf) });
    }
    await forEachInParallel(unchanged, 8, ({ student, places }) => note(run, `student#${student._id}`, 'standing', places));
    report = addReports(
      report,
      await deliverAll(
        run,
        fallen.flatMap((one) => [studentEmail(one, context), ...guardianEmails(one, context)]),
        context,
      ),
    );
    if (settings.belowThresholdCopyFaculty && fallen.length > 0) collectCopies(fallen, await teachers(termid), copies);
  }
  const facultyEmails = [...copies].map(([facultyid, { username, rows }]) => facultyCopy(facultyid, username, rows, context));
  return addReports(report, await deliverAll(run, facultyEmails, context));
}

/** Adds each fallen student's new courses to the copy of the faculty member teaching them that course, kind and group. */
function collectCopies(
  fallen: Fallen[],
  teacherOf: Awaited<ReturnType<typeof teachers>>,
  copies: Map<string, { username: string; rows: string[][] }>,
) {
  for (const { student, below, fresh } of fallen) {
    for (const standing of below.filter((s) => fresh.has(placeOf(s)))) {
      const group = standing.classKind === 'lecture' ? student.divisionid : student.batchid;
      const teacher = teacherOf.get(`${standing.courseid}#${standing.classKind}#${group}`);
      if (!teacher) continue;
      const copy = copies.get(teacher._id) ?? { username: teacher.username, rows: [] };
      copy.rows.push([student.name, student.enrollment, describe(standing), percent(standing.percentage), needed(standing)]);
      copies.set(teacher._id, copy);
    }
  }
}
