import { todayIn } from '@shared/dates';
import { REPORT_MESSAGES as M, type CourseProjection, type StudentStanding } from '@shared/schemas/reports';
import type { TimetableItem } from '../entities/timetable-entry';
import { meetsOn } from '@shared/timetable-weeks';
import { CLASS_KINDS } from '@shared/schemas/wire-names';
import { batchGet } from '../batch';
import { NotFound } from '../domain-errors';
import { classSessionKey } from '../entities/class-session';
import type { Key } from '../keys';
import { countsOfStudent, type StatusCounts } from '../repositories/attendance-summaries';
import { getStudentsWithSettings } from '../repositories/students';
import { getNodes, listChildren, type StructureItem } from '../repositories/structure';
import { entriesOfGroups } from '../repositories/timetable';
import { projectionOf, type Remaining } from './projection';
import { courseKind, remainingClasses } from './remaining-classes';
import { standingOf, sumCounts } from './standing';

/**
 * A student's Home (docs/product.md §5): per course and kind of their semester, their standing and what
 * it can still become by the term's last day, and the same overall. It reads the summaries of the
 * student's groups (their own counters only) and the timetable, never the class sessions: the same few
 * requests however long the term.
 */
export async function studentStanding(id: string, now: Date | number = new Date()): Promise<StudentStanding> {
  const {
    students: [student],
    settings,
  } = await getStudentsWithSettings([id]);
  if (!student) throw new NotFound(M.studentNotFound);
  const [courses, [semester, division, batch, term], counts, entries] = await Promise.all([
    listChildren('course', student.semid),
    getNodes([
      ['semester', student.semid],
      ['division', student.divisionid],
      ['batch', student.batchid],
      ['term', student.termid],
    ]),
    countsOfStudent(student),
    entriesOfGroups(student.termid, student),
  ]);
  const today = todayIn(settings.timeZone, now);
  const remaining = term?.endDate ? remainingClasses(entries, term, today, await markedToday(entries, term, today)) : null;

  const still = (key: string | null): Remaining => {
    if (!remaining) return { remaining: null, unknown: term?.endDate ? 'noTimetable' : 'noLastDay' };
    if (key === null)
      return entries.length
        ? { remaining: [...remaining.values()].reduce((a, b) => a + b, 0) }
        : { remaining: null, unknown: 'noTimetable' };
    const count = remaining.get(key);
    return count === undefined ? { remaining: null, unknown: 'noTimetable' } : { remaining: count };
  };
  const all: StatusCounts[] = [];
  const projections: CourseProjection[] = courses.flatMap((course) =>
    CLASS_KINDS.flatMap((classKind) => {
      const key = courseKind({ courseid: course._id, classKind });
      const own = counts.get(key);
      if (!own && !remaining?.has(key) && !entries.some((entry) => courseKind(entry) === key)) return [];
      if (own) all.push(own);
      const standing = standingOf(own ?? { present: 0, late: 0, absent: 0, excused: 0 }, settings);
      return [{ courseid: course._id, course: course.name, classKind, ...projectionOf(standing, settings.threshold, still(key)) }];
    }),
  );
  const named = (node: StructureItem | null | undefined) => ({ _id: node?._id ?? '', name: node?.name ?? '' });
  return {
    student: {
      _id: student._id,
      name: student.name,
      enrollment: student.enrollment,
      semester: named(semester),
      division: named(division),
      batch: named(batch),
    },
    asOf: today,
    threshold: settings.threshold,
    thresholdApplies: settings.thresholdApplies,
    lastDay: term?.endDate ?? null,
    courses: projections,
    overall: projectionOf(standingOf(sumCounts(all), settings), settings.threshold, still(null)),
  };
}

/** Which of the entries meeting today already have their class session (one batch read of today's few classes). */
async function markedToday(entries: TimetableItem[], term: StructureItem, today: string): Promise<Set<string>> {
  const todays = entries.filter((entry) => meetsOn(entry, term, today));
  const keyOf = (entry: TimetableItem): Key => classSessionKey({ ...entry, date: today });
  const found = await batchGet<Key>(todays.map(keyOf));
  const marked = new Set(found.map(({ pk, sk }) => `${pk}\n${sk}`));
  return new Set(todays.filter((entry) => marked.has(`${keyOf(entry).pk}\n${keyOf(entry).sk}`)).map((entry) => entry._id));
}
