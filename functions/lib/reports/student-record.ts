import { REPORT_MESSAGES as M, type CourseStanding, type RecordClassSession, type StudentRecord } from '@shared/schemas/reports';
import type { CollegeSettings } from '@shared/schemas/settings';
import { CLASS_KINDS } from '@shared/schemas/wire-names';
import { Invalid, NotFound } from '../domain-errors';
import { naturalKey } from '../natural-key';
import { marksOfStudent, type StudentMark } from '../repositories/student-marks';
import { correctionsOfStudent, type StudentCorrection } from '../repositories/student-corrections';
import { noCounts, summariesOf, type StatusCounts } from '../repositories/attendance-summaries';
import { getStudentsWithSettings } from '../repositories/students';
import { getNodes, listChildren, type Kind } from '../repositories/structure';
import { classesNeeded, standingOf, sumCounts } from './standing';
import { classSessionId } from '../entities/class-session';

/** Before and after every date a class session can have: no `from` or `to` is the whole record. */
const EARLIEST = '0000-01-01';
const LATEST = '9999-12-31';

/**
 * One student's record (docs/product.md §2.12): every class session of the courses of their
 * semester (or of one of them) at which they were expected, between two dates, newest first, with
 * their status and the latest correction that changed it; and per course and kind their standing over
 * those class sessions. The summaries say in which groups the student was expected (they may have
 * moved), so only those groups' class sessions are read: a Query per course for the summaries, and per
 * course and kind one for the class sessions and one for their history, each reading back only what
 * the record shows. A course not of the student's semester is Invalid: it can have no class of theirs,
 * and an empty list would read as a course without classes.
 */
export async function studentRecord(id: string, query: { from?: string; to?: string; courseid?: string }): Promise<StudentRecord> {
  const {
    students: [student],
    settings,
  } = await getStudentsWithSettings([id]);
  if (!student) throw new NotFound(M.studentNotFound);
  const [semesterCourses, [semester, division, batch]] = await Promise.all([
    listChildren('course', student.semid),
    getNodes([
      ['semester', student.semid],
      ['division', student.divisionid],
      ['batch', student.batchid],
    ]),
  ]);
  const courses = query.courseid ? semesterCourses.filter((course) => course._id === query.courseid) : semesterCourses;
  if (courses.length === 0 && query.courseid) throw new Invalid(M.courseNotOfStudent);
  const { sessions, courses: standings, counts } = await marksIn(id, courses, settings, query);
  const named = (node: { _id: string; name: string } | null) => ({ _id: node?._id ?? '', name: node?.name ?? '' });
  return {
    student: {
      _id: student._id,
      name: student.name,
      enrollment: student.enrollment,
      semester: named(semester ?? null),
      division: named(division ?? null),
      batch: named(batch ?? null),
    },
    threshold: settings.threshold,
    courses: standings,
    overall: standingOf(sumCounts(counts), settings).percentage,
    sessions,
  };
}

/**
 * One student's class sessions in these courses (newest first) and their standing per course and kind, with the
 * counts behind it: the record's part read from the class sessions. A course whose summaries do not count the
 * student costs its summaries' Query only.
 */
export async function marksIn(
  id: string,
  courses: { _id: string; name: string }[],
  settings: CollegeSettings,
  query: { from?: string; to?: string } = {},
): Promise<{ sessions: RecordClassSession[]; courses: CourseStanding[]; counts: StatusCounts[] }> {
  const summaries = await Promise.all(courses.map((course) => summariesOf(course._id)));

  const read = await Promise.all(
    courses.flatMap((course, at) =>
      CLASS_KINDS.map(async (classKind) => {
        const groupids = summaries[at]!.filter((one) => one.classKind === classKind && one.students[id]).map((one) => one.groupid);
        if (groupids.length === 0) return { marks: [], corrections: new Map<string, StudentCorrection>() };
        const where = { studentId: id, courseid: course._id, classKind, groupids, from: query.from ?? EARLIEST, to: query.to ?? LATEST };
        const [marks, corrections] = await Promise.all([marksOfStudent(where), correctionsOfStudent(where)]);
        return { marks, corrections };
      }),
    ),
  );
  const marks = read.flatMap((one) => one.marks);
  const corrections = new Map(read.flatMap((one) => [...one.corrections]));

  const slotNames = await namesOf('slot', [...new Set(marks.map((mark) => mark.slotid))]);
  const courseNames = new Map(courses.map((course) => [course._id, course.name]));
  const sessions: RecordClassSession[] = marks
    .map((mark) => ({
      _id: classSessionId(mark),
      date: mark.date,
      courseid: mark.courseid,
      course: courseNames.get(mark.courseid) ?? '',
      classKind: mark.classKind,
      slotid: mark.slotid,
      slot: slotNames.get(mark.slotid) ?? '',
      status: mark.status,
      ...withCorrection(corrections.get(classSessionId(mark))),
    }))
    .sort((a, b) => compare(`${b.date}\n${naturalKey(b.slot)}`, `${a.date}\n${naturalKey(a.slot)}`) || compare(a.course, b.course));

  const byCourse = countsByCourseAndKind(marks);
  const standings = courses.flatMap((course) =>
    CLASS_KINDS.flatMap((classKind) => {
      const counts = byCourse.get(`${course._id}#${classKind}`);
      if (!counts) return [];
      const { attended, held, percentage } = standingOf(counts, settings);
      const below = percentage !== null && percentage < settings.threshold;
      return [
        {
          courseid: course._id,
          course: course.name,
          classKind,
          attended,
          held,
          percentage,
          ...(below ? { classesNeeded: classesNeeded(attended, held, settings.threshold) } : {}),
        },
      ];
    }),
  );
  return { sessions, courses: standings, counts: [...byCourse.values()] };
}

const withCorrection = (correction: StudentCorrection | undefined) =>
  correction ? { corrected: { at: correction.at, reason: correction.reason } } : {};

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function countsByCourseAndKind(marks: StudentMark[]): Map<string, StatusCounts> {
  const counts = new Map<string, StatusCounts>();
  for (const mark of marks) {
    const key = `${mark.courseid}#${mark.classKind}`;
    const own = counts.get(key) ?? noCounts();
    own[mark.status] += 1;
    counts.set(key, own);
  }
  return counts;
}

async function namesOf(kind: Kind, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const nodes = await getNodes(ids.map((id): [Kind, string] => [kind, id]));
  return new Map(nodes.flatMap((node) => (node ? [[node._id, node.name] as const] : [])));
}
