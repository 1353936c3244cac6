import type { TimetableClass } from '@shared/schemas/timetable';
import { listUsers } from '../repositories/users';
import { missingOn } from '../timetable/classes';
import { composeEmail, siteUrl } from './compose';
import { addReports, deliverAll, type Delivery } from './deliver';
import { dailyRunDue, reminderDue, type JobContext, type JobResult } from './schedule';

/**
 * Not marked (docs/product.md §10): the timetable's classes of the day with no session (the same
 * list as GET attendance/missing). A set time after its slot ends, each class's faculty member gets
 * one reminder with a link to its marking form; at the set hour each admin gets the day's list.
 */
export const NOT_MARKED_JOB = 'not-marked';

/** The marking form of a class (docs/product.md §2.4: Today's link to a class not marked yet). */
export function markingFormLink(item: TimetableClass): string {
  const { entry } = item;
  const search = new URLSearchParams({
    extraData: [item.course, item.kind, item.slot, item.group].join(' / '),
    termid: entry.termid,
    semid: entry.semid,
    courseid: entry.courseid,
    kind: String(entry.slotcount),
    slot: entry.slotid,
  });
  return siteUrl(`/students/${entry.groupid}?${search}`);
}

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
        paragraphs: [`Attendance of your class ${describe(item)} on ${date} (UTC) is not marked yet.`],
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
        paragraphs: [
          `${count} of the timetable on ${date} (UTC) had no attendance marked at ${context.at.toISOString().slice(11, 16)} UTC.`,
        ],
        table: {
          head: ['Slot', 'Course', 'Kind', 'Group', 'Faculty'],
          rows: classes.map((item) => [item.slot, item.course, item.kind, item.group, item.entry.faculty.username]),
        },
        link: { label: 'Open Not marked', url: siteUrl('/dashboard/notmarked') },
        why: "You receive this daily list because you are an admin of SAMS and some of the day's classes were not marked.",
      }),
  };
}

export async function runNotMarked(context: JobContext): Promise<JobResult> {
  const { date, settings, at } = context;
  const run = { job: NOT_MARKED_JOB, period: date };
  if (!settings.notMarkedAlerts) return { ...run, idle: 'turned off in Settings' };
  const classes = await missingOn(date);
  const due = (when: number | null) => when !== null && (context.byHand || at.getTime() >= when);

  const reminders = classes.filter((item) => due(reminderDue(date, item.slot, settings))).map((item) => reminder(item, date, context));
  let report = await deliverAll(run, reminders, context);
  if (classes.length > 0 && due(dailyRunDue(date, settings))) {
    const admins = (await listUsers()).filter((user) => user.role === 'admin');
    report = addReports(
      report,
      await deliverAll(
        run,
        admins.map((admin) => digest(classes, date, admin, context)),
        context,
      ),
    );
  }
  return { ...run, report };
}
