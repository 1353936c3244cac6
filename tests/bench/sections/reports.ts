import type { AttendanceStatus } from '@shared/schemas/attendance';
import type { DefaulterReport } from '@shared/schemas/reports';
import { rebuildCourse } from '@functions/lib/repositories/summary-check';
import { createStudent, type StudentItem } from '@functions/lib/repositories/students';
import { createNode, type StructureItem } from '@functions/lib/repositories/structure';
import { dayBefore, putClassSession } from '../college';
import type { BenchContext } from '../context';
import { inParallel, percentile, round, timedGets } from '../measure';
import { classSessionId } from '@functions/lib/entities/class-session';

export interface ReportsRow {
  report: string;
  sessionsPerCourse: number;
  students: number;
  p50: number;
  p95: number;
  requests: number;
  kilobytes: number;
}

const RUNS = 20;
const STATUSES: AttendanceStatus[] = [
  'present',
  'present',
  'present',
  'late',
  'absent',
  'present',
  'excused',
  'present',
  'absent',
  'present',
];

/**
 * The defaulter list and a student's record (docs/product.md §2.12) for a semester of 240 students
 * (4 divisions × 2 batches × 30), 6 courses, each with lectures for every division and labs for
 * every batch: 20, then 200 sessions per course. Read from the summaries, their time and requests
 * should hardly move with ten times the sessions.
 */
export async function measureReports(context: BenchContext): Promise<ReportsRow[]> {
  const rows: ReportsRow[] = [];
  for (const sessionsPerCourse of [20, 200]) {
    const semester = await buildSemester(sessionsPerCourse);
    const student = semester.students[0]!;
    for (const [report, path] of [
      ['defaulter list of the semester', `/api/v1/report/defaulters?semid=${semester.semester._id}`],
      ['defaulter list of a division', `/api/v1/report/defaulters?semid=${semester.semester._id}&divisionid=${student.divisionid}`],
      ["a student's record", `/api/v1/report/student/${student._id}`],
    ] as const) {
      const { times, data, requests } = await timedGets(context.call, path, RUNS);
      if (report.startsWith('defaulter') && (data as DefaulterReport).students.length === 0) throw new Error(`no students: ${path}`);
      rows.push({
        report,
        sessionsPerCourse,
        students: semester.students.length,
        p50: round(percentile(times, 50), 1),
        p95: round(percentile(times, 95), 1),
        requests,
        kilobytes: round(JSON.stringify(data).length / 1024, 1),
      });
    }
  }
  return rows;
}

let serial = 0;

/** A semester as above, its sessions written straight to the table and the summaries rebuilt from them. */
async function buildSemester(sessionsPerCourse: number) {
  const id = ++serial;
  const term = await createNode('term', { name: `Reports term ${id}`, status: false });
  const semester = await createNode('semester', { name: 'Semester 1', parentId: term._id });
  const slots = await Promise.all(Array.from({ length: 6 }, (_, i) => createNode('slot', { name: `Slot ${i + 1}`, parentId: term._id })));
  const courses = await Promise.all(
    Array.from({ length: 6 }, (_, i) => createNode('course', { name: `Course ${i + 1}`, parentId: semester._id })),
  );
  const groups: { division: StructureItem; batches: { batch: StructureItem; students: StudentItem[] }[] }[] = [];
  for (let d = 0; d < 4; d++) {
    const division = await createNode('division', { name: `Division ${d + 1}`, parentId: semester._id });
    const batches = [];
    for (const letter of ['A', 'B']) {
      const batch = await createNode('batch', { name: `Batch ${d + 1}${letter}`, parentId: division._id });
      const students = await inParallel(
        16,
        Array.from({ length: 30 }, (_, i) => () => {
          const enrollment = `R${id}-${d}${letter}-${String(i).padStart(3, '0')}`;
          return createStudent({ enrollment, name: `Student ${enrollment}`, email: `${enrollment}@bench.test`, batchid: batch._id });
        }),
      );
      batches.push({ batch, students });
    }
    groups.push({ division, batches });
  }

  // Per course: 60 % lectures shared out over the divisions, 40 % labs over the batches.
  const sessions = courses.flatMap((course) =>
    Array.from({ length: sessionsPerCourse }, (_, n) => {
      const lecture = n % 5 < 3;
      const division = groups[n % 4]!;
      const batch = division.batches[Math.floor(n / 4) % 2]!;
      const expected = (lecture ? division.batches.flatMap((one) => one.students) : batch.students).map(({ _id, name, enrollment }) => ({
        _id,
        name,
        enrollment,
      }));
      const place = {
        courseid: course._id,
        classKind: lecture ? ('lecture' as const) : ('lab' as const),
        date: dayBefore(1 + Math.floor(n / 6)),
        slotid: slots[n % 6]!._id,
        groupid: lecture ? division.division._id : batch.batch._id,
      };
      return () =>
        putClassSession({
          _id: classSessionId(place),
          ...place,
          expected,
          statuses: Object.fromEntries(expected.map((student, s) => [student._id, STATUSES[(s * 7 + n) % STATUSES.length]!])),
          markedBy: { _id: 'bench', username: 'Bench' },
          markedAt: new Date().toISOString(),
          version: 1,
        });
    }),
  );
  await inParallel(16, sessions);
  for (const course of courses) await rebuildCourse(course._id);
  return { semester, students: groups.flatMap((group) => group.batches.flatMap((one) => one.students)) };
}
