import { summariesOf, type GroupSummary } from '../repositories/attendance-summaries';
import { type StudentItem } from '../repositories/students';
import { listStudentsByDivision } from '../repositories/group-students';
import { listActiveTerms, listChildren, type StructureItem } from '../repositories/structure';

/**
 * What the alert jobs read of the college, one active semester at a time (paged work: a semester's
 * students, courses and summaries are in memory together, never the whole college's).
 */
export interface SemesterOfTerm {
  termid: string;
  semester: StructureItem;
}

/** Every semester of the active terms (one Query per term). */
export async function activeSemesters(): Promise<SemesterOfTerm[]> {
  const terms = await listActiveTerms();
  const perTerm = await Promise.all(
    terms.map(async (term) => (await listChildren('semester', term._id)).map((semester) => ({ termid: term._id, semester }))),
  );
  return perTerm.flat();
}

/** The courses of a semester (one Query). */
export const coursesOf = (semid: string): Promise<StructureItem[]> => listChildren('course', semid);

export interface SemesterStanding {
  courses: { course: StructureItem; summaries: GroupSummary[] }[];
  students: StudentItem[];
}

/** A semester's courses with their summaries, and its students (a Query per course and per division). */
export async function semesterStanding(semid: string): Promise<SemesterStanding> {
  const [courses, divisions] = await Promise.all([coursesOf(semid), listChildren('division', semid)]);
  const [summaries, students] = await Promise.all([
    Promise.all(courses.map((course) => summariesOf(course._id))),
    Promise.all(divisions.map((division) => listStudentsByDivision(division._id))),
  ]);
  return { courses: courses.map((course, at) => ({ course, summaries: summaries[at]! })), students: students.flat() };
}

/** Runs `work` on every item, `parallel` at a time. */
export async function forEachInParallel<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}
