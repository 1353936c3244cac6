import { REPORT_MESSAGES as M, type CourseStanding, type DefaulterReport, type NamedRef } from '@shared/schemas/reports';
import type { CollegeSettings } from '@shared/schemas/settings';
import { CLASS_KINDS, type ClassKind } from '@shared/schemas/wire-names';
import { byEnrollment } from '../attendance/session-view';
import { Invalid } from '../domain-errors';
import { summariesOf, type GroupSummary, type StatusCounts } from '../repositories/attendance-summaries';
import { type StudentItem } from '../repositories/students';
import { listStudentsByBatch, listStudentsByDivision } from '../repositories/group-students';
import { getNodes, getNodesWithSettings, listChildren, type Kind, type StructureItem } from '../repositories/structure';
import { classesNeeded, standingOf, sumCounts } from './standing';
import { listLeaves } from '../repositories/leaves';

/**
 * The defaulter list (docs/product.md §2.12): every student of a semester, division or batch with
 * their standing in each course and kind of the semester, overall, and whether they are under the
 * threshold. Read from the courses' summaries: a Query per course, a Query of students per
 * division, and two batch reads, however many class sessions there are.
 */
export async function defaulterList(query: {
  semid: string;
  divisionid?: string;
  batchid?: string;
  threshold?: number;
}): Promise<DefaulterReport> {
  const { settings } = await requireGroups(query);
  const threshold = query.threshold ?? settings.threshold;
  const [students, courses] = await Promise.all([studentsOf(query), listChildren('course', query.semid)]);
  const [summaries, onLeave] = await Promise.all([
    Promise.all(courses.map((course) => summariesOf(course._id))),
    classesOnLeave(students.map((student) => student.divisionid)),
  ]);
  const names = await groupNames(students);

  const rows = students.map((student) => {
    const standings = courses.flatMap((course, at) => standingsIn(course, summaries[at]!, student._id, settings, threshold));
    const overall = standingOf(sumCounts(standings.map(({ counts }) => counts)), settings).percentage;
    const below = (percentage: number | null) => percentage !== null && percentage < threshold;
    return {
      _id: student._id,
      name: student.name,
      enrollment: student.enrollment,
      division: names(student.divisionid),
      batch: names(student.batchid),
      courses: standings.map(({ standing }) => standing),
      overall,
      below: below(overall) || standings.some(({ standing }) => below(standing.percentage)),
      onLeave: onLeave.get(student._id) ?? 0,
    };
  });
  return { threshold, students: byEnrollment(rows) };
}

/** How many marked classes each student's approved leaves have set, from those of their divisions (a Query per division). */
async function classesOnLeave(divisionids: string[]): Promise<Map<string, number>> {
  const approved = await Promise.all([...new Set(divisionids)].map((divisionid) => listLeaves('approved', divisionid)));
  const counts = new Map<string, number>();
  for (const leave of approved.flat()) counts.set(leave.studentid, (counts.get(leave.studentid) ?? 0) + Object.keys(leave.applied).length);
  return counts;
}

/** A student's counts in a course, by kind, added up over the groups they were in; none where they were never expected. */
export function countsIn(summaries: GroupSummary[], studentId: string): Map<ClassKind, StatusCounts> {
  const byKind = new Map<ClassKind, StatusCounts>();
  for (const summary of summaries) {
    const own = summary.students[studentId];
    if (!own) continue;
    const { name: _name, enrollment: _enrollment, ...counts } = own;
    const before = byKind.get(summary.classKind);
    byKind.set(summary.classKind, before ? sumCounts([before, counts]) : counts);
  }
  return byKind;
}

/** A student's standing in each kind of a course (lecture first), with the classes needed where under the threshold. */
export function standingsIn(
  course: { _id: string; name: string },
  summaries: GroupSummary[],
  studentId: string,
  settings: CollegeSettings,
  threshold: number,
): { standing: CourseStanding; counts: StatusCounts }[] {
  return [...countsIn(summaries, studentId)]
    .sort(([a], [b]) => CLASS_KINDS.indexOf(a) - CLASS_KINDS.indexOf(b))
    .map(([classKind, counts]) => {
      const { attended, held, percentage } = standingOf(counts, settings);
      const standing: CourseStanding = { courseid: course._id, course: course.name, classKind, attended, held, percentage };
      if (percentage !== null && percentage < threshold) standing.classesNeeded = classesNeeded(attended, held, threshold);
      return { standing, counts };
    });
}

/** The semester, and the division and batch when named, must exist and belong together (Invalid otherwise). */
async function requireGroups(query: { semid: string; divisionid?: string; batchid?: string }): Promise<{ settings: CollegeSettings }> {
  const {
    nodes: [semester, division, batch],
    settings,
  } = await getNodesWithSettings([
    ['semester', query.semid],
    ['division', query.divisionid ?? query.semid],
    ['batch', query.batchid ?? query.semid],
  ]);
  const live = (node: StructureItem | null | undefined) => node && !node.deleting;
  if (!live(semester)) throw new Invalid(M.semesterNotFound);
  if (query.divisionid && (!live(division) || division!.semid !== query.semid)) throw new Invalid(M.divisionNotFound);
  const batchFits = batch?.semid === query.semid && (!query.divisionid || batch.divisionid === query.divisionid);
  if (query.batchid && (!live(batch) || !batchFits)) throw new Invalid(M.batchNotFound);
  return { settings };
}

/** The students of the batch, else of the division, else of every division of the semester. */
async function studentsOf(query: { semid: string; divisionid?: string; batchid?: string }): Promise<StudentItem[]> {
  if (query.batchid) return listStudentsByBatch(query.batchid);
  if (query.divisionid) return listStudentsByDivision(query.divisionid);
  const divisions = await listChildren('division', query.semid);
  return (await Promise.all(divisions.map((division) => listStudentsByDivision(division._id)))).flat();
}

/** The names of the students' divisions and batches (one batch read per 100 of them). */
async function groupNames(students: StudentItem[]): Promise<(id: string) => NamedRef> {
  const divisions = [...new Set(students.map((student) => student.divisionid))];
  const batches = [...new Set(students.map((student) => student.batchid))];
  const wanted: [Kind, string][] = [
    ...divisions.map((id): [Kind, string] => ['division', id]),
    ...batches.map((id): [Kind, string] => ['batch', id]),
  ];
  const nodes = await getNodes(wanted);
  const named = new Map(nodes.flatMap((node) => (node ? [[node._id, node.name] as const] : [])));
  return (id) => ({ _id: id, name: named.get(id) ?? '' });
}
