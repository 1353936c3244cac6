import { addDays, collegeMoment, formatTime, todayIn, wallClock } from '@shared/dates';
import { markingFormPath } from '@shared/marking-link';
import type { TimetableClass } from '@shared/schemas/timetable';
import { listUsers } from '../repositories/users';
import { missingOn } from '../timetable/classes';
import { composeEmail, siteUrl } from './compose';
import { addReports, deliverAll, emptyReport, type Delivery, type DeliveryReport } from './deliver';
import { runOnSchedule } from './run-once';
import { CATCH_UP_MS, dailyRunDue, lastDailyRun, reminderDue, withinCatchUp, type JobContext, type JobResult } from './schedule';

/**
 * Not marked (docs/product.md §10): the timetable's classes of the day with no class session (the same
 * list as GET attendance/missing). A set time after its slot's end time (college time), each class's
 * faculty member gets one reminder with a link to its marking form; once a day at the set hour
 * (college time) each admin gets the day's list.
 */
export const NOT_MARKED_JOB = 'not-marked';

/** The marking form of a class (docs/product.md §2.4: Today's link to a class not marked yet). */
export const markingFormLink = (item: TimetableClass): string => siteUrl(markingFormPath(item));

const describe = (item: TimetableClass) => `${item.course} (${item.kind}, ${item.group}) in slot ${item.slot}`;

function reminder(item: TimetableClass, date: string, context: JobContext): Delivery {
  const { collegeName } = context.settings;
  return {
    recipient: { kind: 'user', id: item.entry.facultyid },
    subject: `class#${item.entry._id}`,
    compose: (to) =>
      composeEmail(to, collegeName, {
        subject: `attendance not marked: ${item.course}, ${date}`,
        greeting: `Dear ${item.entry.faculty.username},`,
        paragraphs: [
          `Attendance of your class ${describe(item)} on ${date}${item.end ? ` (it ended at ${item.end})` : ''} is not marked yet.`,
        ],
        link: { label: 'Mark it now', url: markingFormLink(item) },
        why: 'You receive this reminder because the timetable gives you this class and it was not marked after its slot ended.',
      }),
  };
}

function digest(classes: TimetableClass[], date: string, admin: { _id: string; username: string }, context: JobContext): Delivery {
  const { collegeName } = context.settings;
  const count = classes.length === 1 ? '1 class' : `${classes.length} classes`;
  return {
    recipient: { kind: 'user', id: admin._id },
    subject: 'digest',
    compose: (to) =>
      composeEmail(to, collegeName, {
        subject: `${count} not marked on ${date}`,
        greeting: `Dear ${admin.username},`,
        paragraphs: [`${count} of the timetable on ${date} had no attendance marked at ${timeOfRun(date, context)}.`],
        table: {
          head: ['Slot', 'Course', 'Kind', 'Group', 'Faculty'],
          rows: classes.map((item) => [item.slot, item.course, item.kind, item.group, item.entry.faculty.username]),
        },
        link: { label: 'Open Not marked', url: siteUrl('/dashboard/notmarked') },
        why: "You receive this daily list because you are an admin of SAMS and some of the day's classes were not marked.",
      }),
  };
}

/** The run's time as the college reads it: '17:05', or with its date when that is another day (a late run after midnight). */
function timeOfRun(date: string, { at, settings }: JobContext): string {
  const clock = wallClock(settings.timeZone, at);
  return clock.date === date ? formatTime(clock.minute) : collegeMoment(at, settings.timeZone);
}

export async function runNotMarked(context: JobContext): Promise<JobResult> {
  const { date, settings } = context;
  const run = { job: NOT_MARKED_JOB, period: date };
  if (!settings.notMarkedAlerts) return { ...run, idle: 'turned off in Settings' };
  const missing = new Map<string, Promise<TimetableClass[]>>();
  const missingOnce = (day: string) => missing.get(day) ?? missing.set(day, missingOn(day, context.at)).get(day)!;

  let report = emptyReport();
  for (const day of reminderDays(context)) {
    report = addReports(report, await sendReminders(day, await missingOnce(day), context));
  }
  const occasion = context.byHand ? { period: date, due: dailyRunDue(date, settings) } : lastDailyRun(context.at.getTime(), settings);
  const next = dailyRunDue(addDays(occasion.period, 1), settings);
  const digestRun = { job: NOT_MARKED_JOB, period: occasion.period };
  const listed = await runOnSchedule(context, digestRun, occasion, next, async () =>
    sendDigest(occasion.period, await missingOnce(occasion.period), context),
  );
  return { ...run, report: addReports(report, listed.report ?? emptyReport()) };
}

/**
 * The days whose classes may be reminded now: by hand, the day asked for; on schedule, today and,
 * in the first hours after midnight, yesterday (a class ending late in the evening).
 */
function reminderDays({ byHand, date, at, settings }: JobContext): string[] {
  if (byHand) return [date];
  const windowStart = todayIn(settings.timeZone, at.getTime() - CATCH_UP_MS);
  return windowStart === date ? [date] : [windowStart, date];
}

/**
 * One reminder per class of the day still not marked, due at its end plus the delay: on schedule
 * only within the catch-up window after that (a reminder hours late helps nobody: the admins' list
 * has it), by hand every one.
 */
function sendReminders(date: string, classes: TimetableClass[], context: JobContext): Promise<DeliveryReport> {
  const at = context.at.getTime();
  const due = (item: TimetableClass) => {
    const when = reminderDue(date, item.end, context.settings);
    return when !== null && (context.byHand || withinCatchUp(when, at));
  };
  const reminders = classes.filter(due).map((item) => reminder(item, date, context));
  return deliverAll({ job: NOT_MARKED_JOB, period: date }, reminders, context);
}

/** The admins' list of the day's classes not marked, when there are any. */
async function sendDigest(date: string, classes: TimetableClass[], context: JobContext): Promise<DeliveryReport> {
  if (classes.length === 0) return emptyReport();
  const admins = (await listUsers()).filter((user) => user.role === 'admin');
  return deliverAll(
    { job: NOT_MARKED_JOB, period: date },
    admins.map((admin) => digest(classes, date, admin, context)),
    context,
  );
}
