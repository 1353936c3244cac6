import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@functions/lib/db';
import { classSessionKey as classSession } from '@functions/lib/entities/class-session';
import type { ClassSession } from '@functions/lib/repositories/attendance';
import { rebuildCourse } from '@functions/lib/repositories/summary-check';
import { createStudent, type StudentItem } from '@functions/lib/repositories/students';
import { createNode, type StructureItem } from '@functions/lib/repositories/structure';
import { inParallel } from './measure';
import { classSessionId } from '@functions/lib/entities/class-session';

/** Volume data for the benchmarks, written straight through the repositories. */
export interface BenchDivision {
  term: StructureItem;
  semester: StructureItem;
  course: StructureItem;
  slots: StructureItem[];
  division: StructureItem;
  batches: StructureItem[];
  students: StudentItem[];
}

let serial = 0;

export async function buildDivision(options: { batches: number; perBatch: number; slots?: number }): Promise<BenchDivision> {
  const id = ++serial;
  const term = await createNode('term', { name: `Bench term ${id}`, status: true });
  const semester = await createNode('semester', { name: 'Semester 1', parentId: term._id });
  const course = await createNode('course', { name: 'Course', parentId: semester._id });
  const slots = await Promise.all(
    Array.from({ length: options.slots ?? 6 }, (_, i) => createNode('slot', { name: `Slot ${i + 1}`, parentId: term._id })),
  );
  const division = await createNode('division', { name: 'Division 1', parentId: semester._id });
  const batches: StructureItem[] = [];
  for (let b = 0; b < options.batches; b++) batches.push(await createNode('batch', { name: `Batch ${b + 1}`, parentId: division._id }));
  const students = await inParallel(
    16,
    batches.flatMap((batch, b) =>
      Array.from({ length: options.perBatch }, (_, i) => () => {
        const enrollment = `B${id}-${b}-${String(i).padStart(4, '0')}`;
        return createStudent({ enrollment, name: `Student ${enrollment}`, email: `${enrollment}@bench.test`, batchid: batch._id });
      }),
    ),
  );
  return { term, semester, course, slots, division, batches, students };
}

/** YYYY-MM-DD `n` days before 2026-01-01 (sessions in the past, spread over days and slots). */
export const dayBefore = (n: number) => new Date(Date.UTC(2026, 0, 1) - n * 86_400_000).toISOString().slice(0, 10);

/**
 * `count` lecture sessions of the division's course, each expecting every student, about 80%
 * present; then the course's summaries rebuilt from them. Volume data is written straight to the
 * table, 16 at a time (faster than the API's checks and reads per mark).
 */
export async function markSessions(college: BenchDivision, count: number, course = college.course): Promise<void> {
  const expected = college.students.map(({ _id, name, enrollment }) => ({ _id, name, enrollment }));
  await inParallel(
    16,
    Array.from({ length: count }, (_, i) => () => {
      const place = {
        courseid: course._id,
        classKind: 'lecture' as const,
        date: dayBefore(Math.floor(i / college.slots.length) + 1),
        slotid: college.slots[i % college.slots.length]!._id,
        groupid: college.division._id,
      };
      return putClassSession({
        _id: classSessionId(place),
        ...place,
        expected,
        statuses: Object.fromEntries(expected.map((student, s) => [student._id, (s + i) % 5 !== 0 ? 'present' : 'absent'])),
        markedBy: { _id: 'bench', username: 'Bench' },
        markedAt: new Date().toISOString(),
        version: 1,
      });
    }),
  );
  await rebuildCourse(course._id);
}

/** One class session straight into the table (its summary is rebuilt afterwards). */
export const putClassSession = (session: ClassSession) =>
  db.send(new PutCommand({ TableName: tableName(), Item: { ...classSession(session), entity: 'attendance', ...session } }));
