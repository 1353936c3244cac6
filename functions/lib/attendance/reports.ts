import {
  wasThere,
  type AttendanceStudent,
  type PercentageReport,
  type ClassSessionView,
  type StudentTotals,
} from '@shared/schemas/attendance';
import type { CollegeSettings } from '@shared/schemas/settings';
import type { ClassKind } from '@shared/schemas/wire-names';
import { classSessionsBetween, type ClassSession } from '../repositories/attendance';
import { noCounts, summariesOf, type GroupSummary, type StatusCounts } from '../repositories/attendance-summaries';
import { getStudentsWithSettings } from '../repositories/students';
import { standingOf, sumCounts } from '../reports/standing';
import { byEnrollment, classSessionView } from './session-view';

/**
 * Every student expected at any of the class sessions, with today's name and enrollment where the
 * student still exists (renamed students show their new name) and the name they had when
 * marked otherwise (deleted students still count); and the college's settings, read with them.
 */
export async function currentDetails(
  sessions: ClassSession[],
): Promise<{ students: Map<string, AttendanceStudent>; settings: CollegeSettings }> {
  const students = new Map<string, AttendanceStudent>();
  for (const session of sessions) for (const student of session.expected) students.set(student._id, student);
  const found = await getStudentsWithSettings([...students.keys()]);
  for (const { _id, name, enrollment } of found.students) students.set(_id, { _id, name, enrollment });
  return { students, settings: found.settings };
}

/** GET attendance: each class session with its students' statuses, and who was there (present or late) at any of them. */
export async function dateReport(sessions: ClassSession[]): Promise<DayReport> {
  const { students, settings } = await currentDetails(sessions);
  return dayOf(sessions, students, settings);
}

type DayReport = { sessions: ClassSessionView[]; presentStudentsName: AttendanceStudent[] };

function dayOf(sessions: ClassSession[], students: Map<string, AttendanceStudent>, settings: CollegeSettings): DayReport {
  const there = new Set(sessions.flatMap((session) => Object.keys(session.statuses).filter((id) => wasThere(session.statuses[id]!))));
  const expected = new Set(sessions.flatMap((session) => session.expected.map((student) => student._id)));
  return {
    sessions: sessions.map((session) => classSessionView(session, settings, students)),
    presentStudentsName: byEnrollment([...expected].filter((id) => there.has(id)).map((id) => students.get(id)!)),
  };
}

/**
 * GET attendance over a range: the report of each date that has class sessions of the slot, in date
 * order, the students and settings read once for all of them.
 */
export async function rangeReport(query: {
  courseid: string;
  classKind: ClassKind;
  slotid: string;
  from: string;
  to: string;
  groupid?: string;
}): Promise<({ date: string } & DayReport)[]> {
  const sessions = (await classSessionsBetween(query)).filter((session) => session.slotid === query.slotid);
  if (sessions.length === 0) return [];
  const { students, settings } = await currentDetails(sessions);
  const dates = [...new Set(sessions.map((session) => session.date))].sort();
  return dates.map((date) => ({
    date,
    ...dayOf(
      sessions.filter((session) => session.date === date),
      students,
      settings,
    ),
  }));
}

/** Each student's count of each status, with the name and enrollment they were marked under. */
export type CountedStudents = Map<string, { student: AttendanceStudent; counts: StatusCounts }>;

/** The counts of every student expected at any of the class sessions. */
export function countClassSessions(sessions: ClassSession[]): CountedStudents {
  const counted: CountedStudents = new Map();
  for (const session of sessions) {
    for (const student of session.expected) {
      const own = counted.get(student._id) ?? { student, counts: noCounts() };
      own.counts[session.statuses[student._id] ?? 'absent'] += 1;
      counted.set(student._id, own);
    }
  }
  return counted;
}

/** The counts the summaries hold, added up over their groups (a student who moved is in several). */
export function countSummaries(summaries: GroupSummary[]): CountedStudents {
  const counted: CountedStudents = new Map();
  for (const summary of summaries) {
    for (const [_id, { name, enrollment, ...counts }] of Object.entries(summary.students)) {
      const own = counted.get(_id);
      counted.set(_id, { student: { _id, name, enrollment }, counts: own ? sumCounts([own.counts, counts]) : counts });
    }
  }
  return counted;
}

/**
 * GET attendance/criteria: per student, the count of each status and the percentage under the
 * college's rules, with today's name and enrollment where the student still exists.
 */
export async function studentTotals(counted: CountedStudents): Promise<StudentTotals[]> {
  const { students, settings } = await getStudentsWithSettings([...counted.keys()]);
  const current = new Map(students.map(({ _id, name, enrollment }) => [_id, { _id, name, enrollment }]));
  return byEnrollment(
    [...counted.values()].map(({ student, counts }) => ({
      ...(current.get(student._id) ?? student),
      totalPresent: counts.present + counts.late,
      totalLecture: counts.present + counts.late + counts.absent + counts.excused,
      totalLate: counts.late,
      totalAbsent: counts.absent,
      totalExcused: counts.excused,
      percentage: standingOf(counts, settings).percentage,
    })),
  );
}

/**
 * GET attendance/criteria for a course and kind between two dates (of one group, or all; of one slot, or all): from
 * the summaries when each of them lies wholly inside the range or wholly outside it (whole terms,
 * the usual case: one Query whatever the number of class sessions); otherwise from the class sessions
 * in the range. Null when no class session is in the range.
 */
export async function percentageReport(query: {
  courseid: string;
  classKind: ClassKind;
  from: string;
  to: string;
  groupid?: string;
  /** One slot's class sessions only: the summaries count every slot, so these are counted from the class sessions. */
  slotid?: string;
}): Promise<PercentageReport | null> {
  if (query.slotid) return fromClassSessions(query);
  const summaries = (await summariesOf(query.courseid, query.classKind)).filter(
    (summary) => summary.held > 0 && (!query.groupid || summary.groupid === query.groupid),
  );
  const inside = (summary: GroupSummary) => summary.first! >= query.from && summary.last! <= query.to;
  const outside = (summary: GroupSummary) => summary.last! < query.from || summary.first! > query.to;
  if (summaries.length > 0 && summaries.every((summary) => inside(summary) || outside(summary))) {
    const counted = summaries.filter(inside);
    // None inside: the range holds no class session a summary counts (only, if any, ones an older release stored without summaries).
    if (counted.length === 0) return fromClassSessions(query);
    const totalLecture = counted.reduce((sum, summary) => sum + summary.held, 0);
    return { totalLecture, studentData: await studentTotals(countSummaries(counted)) };
  }
  return fromClassSessions(query);
}

async function fromClassSessions(
  query: Parameters<typeof classSessionsBetween>[0] & { slotid?: string },
): Promise<PercentageReport | null> {
  const sessions = (await classSessionsBetween(query)).filter((session) => !query.slotid || session.slotid === query.slotid);
  if (sessions.length === 0) return null;
  return { totalLecture: sessions.length, studentData: await studentTotals(countClassSessions(sessions)) };
}
