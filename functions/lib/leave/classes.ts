import type { CoveredClass, StudentClass } from '@shared/answers/leave';
import { addDays } from '@shared/dates';
import { isHoliday } from '@shared/holidays';
import { meetsOn } from '@shared/timetable-weeks';
import type { LeaveClass } from '@shared/schemas/leave';
import { CLASS_KINDS } from '@shared/schemas/wire-names';
import type { ClassSession } from '../entities/class-session';
import type { StudentItem } from '../entities/student';
import { classSessionsBetween } from '../repositories/attendance';
import type { LeaveRecord } from '../repositories/leaves';
import { getNode, getNodes, listChildren } from '../repositories/structure';
import { entriesOfGroups } from '../repositories/timetable';

type Student = Pick<StudentItem, 'divisionid' | 'batchid' | 'semid' | 'termid'>;
type Covering = Pick<LeaveRecord, 'from' | 'to' | 'classes'>;

const sameClass = (a: Omit<LeaveClass, 'date'> & { date: string }, b: Omit<LeaveClass, 'date'> & { date: string }) =>
  a.date === b.date && a.slotid === b.slotid && a.courseid === b.courseid && a.classKind === b.classKind;

/** Whether a leave covers a class: every class of its days, or one of those it chose. */
export const covers = (leave: Covering, place: LeaveClass): boolean =>
  place.date >= leave.from && place.date <= leave.to && (!leave.classes || leave.classes.some((one) => sameClass(one, place)));

/** The student's timetable classes from one day to another (college days; holidays skipped), by date and time. */
export async function studentClassesBetween(student: Student, from: string, to: string): Promise<StudentClass[]> {
  const [term, entries] = await Promise.all([getNode('term', student.termid), entriesOfGroups(student.termid, student)]);
  const ids = (field: 'courseid' | 'slotid') => [...new Set(entries.map((entry) => entry[field]))];
  const [courses, slots] = await Promise.all([
    getNodes(ids('courseid').map((id) => ['course', id])),
    getNodes(ids('slotid').map((id) => ['slot', id])),
  ]);
  const courseName = new Map(courses.flatMap((course) => (course ? [[course._id, course.name]] : [])));
  const slotOf = new Map(slots.flatMap((slot) => (slot ? [[slot._id, slot]] : [])));
  const classes: StudentClass[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (isHoliday(term, date) || (term?.startDate && date < term.startDate) || (term?.endDate && date > term.endDate)) continue;
    for (const entry of entries) {
      const slot = slotOf.get(entry.slotid);
      if (!meetsOn(entry, term ?? {}, date) || !courseName.has(entry.courseid) || !slot) continue;
      const { slotid, courseid, classKind } = entry;
      classes.push({
        date,
        slotid,
        courseid,
        classKind,
        courseName: courseName.get(courseid)!,
        startTime: slot.start ?? '',
        endTime: slot.end ?? '',
      });
    }
  }
  return classes.sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime));
}

/** The marked class sessions of the student's division (lectures) and batch (labs) that a leave covers. */
export async function coveredSessions(record: LeaveRecord): Promise<ClassSession[]> {
  const courses = await listChildren('course', record.semid);
  const perCourse = await Promise.all(
    courses.flatMap((course) =>
      CLASS_KINDS.map((classKind) =>
        classSessionsBetween({
          courseid: course._id,
          classKind,
          from: record.from,
          to: record.to,
          groupid: classKind === 'lecture' ? record.divisionid : record.batchid,
        }),
      ),
    ),
  );
  return perCourse.flat().filter((session) => Object.hasOwn(session.statuses, record.studentid) && covers(record, session));
}

/** What the coordinator sees before deciding: the classes a leave covers, marked (with the status now) or still to come. */
export async function coveredClasses(record: LeaveRecord, student: Student | null): Promise<CoveredClass[]> {
  const [sessions, timetable] = await Promise.all([
    coveredSessions(record),
    student ? studentClassesBetween(student, record.from, record.to) : Promise.resolve([]),
  ]);
  const courseIds = [...new Set(sessions.map((session) => session.courseid))];
  const names = new Map(timetable.map((one) => [one.courseid, one.courseName]));
  const missing = courseIds.filter((id) => !names.has(id));
  const slotIds = [...new Set(sessions.map((session) => session.slotid))];
  const [courses, slots] = await Promise.all([getNodes(missing.map((id) => ['course', id])), getNodes(slotIds.map((id) => ['slot', id]))]);
  for (const course of courses) if (course) names.set(course._id, course.name);
  const startOf = new Map(slots.flatMap((slot) => (slot ? [[slot._id, slot.start ?? '']] : [])));
  const marked: CoveredClass[] = sessions.map(({ date, slotid, courseid, classKind, statuses }) => ({
    date,
    slotid,
    courseid,
    classKind,
    courseName: names.get(courseid) ?? 'Deleted course',
    status: statuses[record.studentid]!,
  }));
  const toCome: CoveredClass[] = timetable
    .filter((one) => covers(record, one) && !marked.some((session) => sameClass(session, one)))
    .map(({ date, slotid, courseid, classKind, courseName }) => ({ date, slotid, courseid, classKind, courseName, status: null }));
  const start = (one: CoveredClass) => startOf.get(one.slotid) ?? timetable.find((entry) => entry.slotid === one.slotid)?.startTime ?? '';
  return [...marked, ...toCome].sort((a, b) => a.date.localeCompare(b.date) || start(a).localeCompare(start(b)));
}
