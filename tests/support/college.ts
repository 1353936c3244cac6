import { beforeAll, expect } from 'vitest';
import { DEFAULT_TIME_ZONE, formatTime, wallClock } from '@shared/dates';
import { collegeToday } from '@tests/support/college-time';
import type { StackFixture, TestStack } from './stack';
import { toWire } from '@shared/schemas/wire-names';

/**
 * Creates through the API and returns the new entity's _id, failing the test on anything but 201. The body has
 * SAMS's names (lectureMark's, entryBody's) and is sent with the wire's.
 */
export async function create(stack: TestStack, cookie: string, path: string, body: Record<string, unknown>): Promise<string> {
  const result = await stack.call('POST', `/api/v1/${path}`, { cookie, body: toWire(body) });
  expect(result.status, `POST ${path} ${JSON.stringify(body)}: ${result.body?.message}`).toBe(201);
  return idOf(result.body.data);
}

/** The `_id` of a created entity's answer: any POST of the structure answers the entity. */
function idOf(data: unknown): string {
  if (typeof data === 'object' && data !== null && '_id' in data && typeof data._id === 'string') return data._id;
  throw new Error(`no _id in ${JSON.stringify(data)}`);
}

export interface SmallCollege {
  termid: string;
  semid: string;
  courseid: string;
  slotids: string[];
  divisions: { id: string; batches: { id: string; students: string[] }[] }[];
}

/**
 * A term with one semester, one course, two slots, and `divisions` divisions of two batches
 * with `perBatch` students each (enrollments `<prefix>001`…), all made through the API.
 */
export async function buildCollege(
  stack: TestStack,
  cookie: string,
  options: { prefix: string; divisions?: number; perBatch?: number },
): Promise<SmallCollege> {
  const termid = await create(stack, cookie, 'term', { name: `Term ${options.prefix}`, status: true });
  const semid = await create(stack, cookie, 'semester', { name: 'Semester 1', termid });
  const courseid = await create(stack, cookie, 'course', { name: 'Physics', semid });
  const slotids = [
    await create(stack, cookie, 'slot', { name: '09:00 - 10:00', termid, start: '09:00', end: '10:00' }),
    await create(stack, cookie, 'slot', { name: '10:00 - 11:00', termid, start: '10:00', end: '11:00' }),
  ];
  let roll = 0;
  const divisions: SmallCollege['divisions'] = [];
  for (let d = 1; d <= (options.divisions ?? 1); d++) {
    const divisionid = await create(stack, cookie, 'division', { name: `Division ${d}`, semid });
    const batches = [];
    for (const letter of ['A', 'B']) {
      const batchid = await create(stack, cookie, 'batch', { name: `Batch ${d}${letter}`, divisionid });
      const students: string[] = [];
      for (let i = 0; i < (options.perBatch ?? 3); i++) {
        roll += 1;
        const enrollment = `${options.prefix}${String(roll).padStart(3, '0')}`;
        students.push(
          await create(stack, cookie, 'student', {
            enrollment,
            name: `Student ${enrollment}`,
            email: `${enrollment.toLowerCase()}@college.test`,
            batchid,
          }),
        );
      }
      batches.push({ id: batchid, students });
    }
    divisions.push({ id: divisionid, batches });
  }
  return { termid, semid, courseid, slotids, divisions };
}

/** Builds this file's college with the fixture's admin before its tests run (filled in then). */
export function useCollege(t: StackFixture<'admin'>, options: Parameters<typeof buildCollege>[2]): SmallCollege {
  const college = {} as SmallCollege;
  beforeAll(async () => {
    Object.assign(college, await buildCollege(t.stack, t.admin.cookie, options));
  });
  return college;
}

/** Every id of a college built by buildCollege below its term: what deleting its semester removes. */
export const subtreeIds = (college: SmallCollege): string[] => [
  college.semid,
  college.courseid,
  ...college.divisions.flatMap((d) => [d.id, ...d.batches.flatMap((b) => [b.id, ...b.students])]),
];

/**
 * The body of POST attendance marking a lecture of the first division today, its first batch present, with
 * SAMS's names (t.stack.api sends it with the wire's; toWire for t.stack.call).
 */
export function lectureMark(college: SmallCollege, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const division = college.divisions[0]!;
  return {
    presentStudentIds: division.batches[0]!.students,
    date: collegeToday(),
    slotid: college.slotids[0],
    classKind: 'lecture',
    courseid: college.courseid,
    groupid: division.id,
    ...overrides,
  };
}

/** A slot of the term whose class is on now (from 30 minutes before to 30 after, college time): check-in may open. */
export function slotOfNow(stack: TestStack, cookie: string, termid: string): Promise<string> {
  const { minute } = wallClock(DEFAULT_TIME_ZONE);
  const [start, end] = [Math.max(0, minute - 30), Math.min(23 * 60 + 59, minute + 30)];
  return create(stack, cookie, 'slot', { name: `Now ${formatTime(start)}`, termid, start: formatTime(start), end: formatTime(end) });
}
