import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MarkInput, ClassSessionView } from '@shared/schemas/attendance';
import { STATUSES } from '@shared/schemas/attendance';
import { db, tableName } from '@functions/lib/db';
import { CLASS_KINDS, toWire, type ClassKind } from '@shared/schemas/wire-names';
import { attendanceSummary, summaryPlaceAttributes } from '@functions/lib/entities/attendance-summary';
import { getSummary } from '@functions/lib/repositories/attendance-summaries';
import { countClassSession, recountCorrection } from '@functions/lib/repositories/summary-shards';
import { checkAll, checkCourse, rebuildCourse } from '@functions/lib/repositories/summary-check';
import { daysAgo } from '@tests/support/attendance';
import { create, useCollege } from '@tests/support/college';
import { withDatabaseError } from '@tests/support/faults';
import { useTestStack, type CallResult } from '@tests/support/stack';
import { classSessionPlaceOfId } from '@functions/lib/entities/class-session';

/*
 * The attendance summaries never drift from the sessions (docs/data-model.md): thousands of random
 * marks, corrections, moves, student and course deletions, in concurrent waves, some with DynamoDB
 * failing before or after a write; then every summary is recomputed from the sessions and compared.
 */
const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'SM', divisions: 2, perBatch: 4 });

/** A small deterministic generator (mulberry32), so a failure can be replayed from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x ^= x + Math.imul(x ^ (x >>> 7), 61 | x);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)]! };
}

/** A call as the admin; a body has SAMS's names and is sent with the wire's. */
const call = (method: string, path: string, body?: unknown): Promise<CallResult> =>
  t.stack.call(method, `/api/v1/${path}`, { cookie: t.admin.cookie, body: toWire(body) });
const cookie = () => t.admin.cookie;

describe('summaries: exact after random marks, corrections, moves and deletions', () => {
  it('match the sessions after 2,000 random operations, concurrent and with injected failures', { timeout: 300_000 }, async () => {
    const seed = Number(process.env.SUMMARY_SEED ?? 20261124);
    const rng = random(seed);
    const extraCourse = await create(t.stack, t.admin.cookie, 'course', { name: 'Chemistry', semid: college.semid });
    const doomedCourse = await create(t.stack, t.admin.cookie, 'course', { name: 'Biology', semid: college.semid });
    const courses = [college.courseid, extraCourse, doomedCourse];
    const slots = [
      ...college.slotids,
      await create(t.stack, t.admin.cookie, 'slot', { name: '11:00 - 12:00', termid: college.termid, start: '11:00', end: '12:00' }),
    ];
    // Where each student is now (moves and deletions change it), as the server will find it.
    const batchOf = new Map<string, string>();
    const divisionOfBatch = new Map<string, string>();
    for (const division of college.divisions) {
      for (const batch of division.batches) {
        divisionOfBatch.set(batch.id, division.id);
        for (const student of batch.students) batchOf.set(student, batch.id);
      }
    }
    const batches = [...divisionOfBatch.keys()];
    const membersOf = (groupid: string, kind: ClassKind) =>
      [...batchOf].filter(([, batch]) => (kind === 'lab' ? batch === groupid : divisionOfBatch.get(batch) === groupid)).map(([id]) => id);
    const sessions = new Map<string, ClassSessionView>();
    let courseDeleted = false;
    let added = 0;
    const seen: Record<string, number> = {};

    async function mark() {
      const kind = rng.pick(CLASS_KINDS);
      const groupid = kind === 'lecture' ? rng.pick(college.divisions).id : rng.pick(batches);
      const members = membersOf(groupid, kind);
      const statuses = Object.fromEntries(members.map((id) => [id, rng.pick(STATUSES)]));
      const courseid = rng.pick(courseDeleted ? courses.slice(0, 2) : courses);
      const body = {
        presentStudentIds: [],
        statuses,
        date: daysAgo(rng.int(30)),
        slotid: rng.pick(slots),
        classKind: kind,
        courseid,
        groupid,
      };
      const result = await t.stack.api('POST /attendance', { body, cookie: cookie() });
      if (result.status === 201) {
        const { _id } = result.body.data;
        sessions.set(_id, { _id, version: 1, students: [] } as unknown as ClassSessionView);
      }
      return result;
    }

    async function correct() {
      const known = [...sessions.values()];
      if (known.length === 0) return mark();
      const session = rng.pick(known);
      let current = session;
      if (current.students.length === 0) {
        // Read it as it stands (the view lists its students and version).
        const place = classSessionPlaceOfId(session._id)!;
        const query = {
          date: place.date,
          slotid: place.slotid,
          classKind: place.classKind,
          courseid: place.courseid,
          groupid: place.groupid,
        };
        const view = await t.stack.api('GET /attendance', { query, cookie: cookie() });
        const found = view.status === 200 ? view.body.data[0]?.sessions[0] : undefined;
        if (!found) return view;
        current = found;
      }
      if (current.students.length === 0) return mark();
      const student = rng.pick(current.students);
      const to = rng.pick(STATUSES.filter((status) => status !== student.status));
      const result = await t.stack.api('PATCH /attendance/{id}', {
        params: { id: session._id },
        body: { statuses: { [student._id]: to }, reason: 'Random correction', version: current.version },
        cookie: cookie(),
      });
      if (result.status === 200 || result.status === 409) sessions.set(session._id, result.body.data);
      return result;
    }

    /** Learns where the student is after a change whose answer was lost (503: it may or may not stand). */
    async function relearn(student: string) {
      const found = await t.stack.api('GET /student/student/{id}', { params: { id: student }, cookie: cookie() });
      if (found.status === 200) batchOf.set(student, found.body.data.batchid);
      else batchOf.delete(student);
    }

    async function move() {
      const [student] = rng.pick([...batchOf]) ?? [];
      if (!student) return mark();
      const batchid = rng.pick(batches);
      const result = await call('PATCH', `student/${student}`, { batchid });
      if (result.status === 200) batchOf.set(student, batchid);
      if (result.status >= 409) await relearn(student);
      return result;
    }

    async function removeStudent() {
      const [student] = rng.pick([...batchOf]) ?? [];
      if (!student || batchOf.size < 12) return addStudent();
      const result = await call('DELETE', `student/${student}`);
      if (result.status === 200) batchOf.delete(student);
      if (result.status >= 409) await relearn(student);
      return result;
    }

    async function addStudent() {
      added += 1;
      const enrollment = `SMN${String(added).padStart(4, '0')}`;
      const batchid = rng.pick(batches);
      const body = { enrollment, name: `New ${enrollment}`, email: `${enrollment}@college.test`, batchid };
      const result = await t.stack.api('POST /student', { body, cookie: cookie() });
      if (result.status === 201) batchOf.set(result.body.data._id, batchid);
      if (result.status === 503) {
        const listed = await t.stack.api('GET /student/{batchid}', { params: { batchid }, cookie: cookie() });
        const stored = listed.status === 200 ? listed.body.data.find((one) => one.enrollment === enrollment) : undefined;
        if (stored) batchOf.set(stored._id, batchid);
      }
      return result;
    }

    const operations: [weight: number, run: () => Promise<CallResult>][] = [
      [50, mark],
      [30, correct],
      [8, move],
      [6, removeStudent],
      [6, addStudent],
    ];
    const pickOperation = () => {
      let roll = rng.int(100);
      for (const [weight, run] of operations) {
        if (roll < weight) return run;
        roll -= weight;
      }
      return mark;
    };

    const record = (result: CallResult) => {
      seen[result.status] = (seen[result.status] ?? 0) + 1;
      // Never a fault: a 503 (try again) only where DynamoDB was made to fail.
      expect(result.status === 503 || result.status < 500, `${result.status} ${result.body?.message}`).toBe(true);
    };

    const WAVES = 250;
    const PER_WAVE = 8;
    for (let wave = 0; wave < WAVES; wave++) {
      if (wave === 200) {
        const deleted = await call('DELETE', `course/${doomedCourse}`);
        expect(deleted.status, deleted.body.message).toBe(200);
        courseDeleted = true;
      }
      const runs = Array.from({ length: PER_WAVE }, () => pickOperation());
      const fault = wave % 10;
      const go = () => Promise.all(runs.map((run) => run()));
      // Every tenth wave DynamoDB fails a third of the transactions before they are written, another
      // tenth after (the write stands, its answer is lost): the client sees 503 either way.
      const results =
        fault === 3
          ? await withDatabaseError('ServiceUnavailable', (command) => command === 'TransactWriteItemsCommand' && rng.next() < 0.33, go)
          : fault === 7
            ? await withDatabaseError('ServiceUnavailable', (command) => command === 'TransactWriteItemsCommand' && rng.next() < 0.33, go, {
                afterWrite: true,
              })
            : await go();
      results.forEach(record);
    }

    expect(Object.values(seen).reduce((a, b) => a + b, 0)).toBe(WAVES * PER_WAVE);
    // Every kind of answer happened: marks, duplicates, corrections and their conflicts, injected failures.
    expect(seen[201]).toBeGreaterThan(250);
    expect(seen[200]).toBeGreaterThan(300);
    expect(seen[409]).toBeGreaterThan(10);
    expect(seen[503]).toBeGreaterThan(10);
    expect(await checkAll()).toEqual([]);
    // The deleted course took its summaries with it.
    expect(await checkCourse(doomedCourse)).toEqual([]);
  });
});

describe('summaries: races, failures and the rebuild', () => {
  const division = () => college.divisions[1]!;
  /** The division's students as they stand (the random test above moved and deleted some). */
  let students: string[] = [];
  beforeEach(async () => {
    const listed = await t.stack.api('GET /student/division/{divisionid}', { params: { divisionid: division().id }, cookie: cookie() });
    students = listed.body.data.map((entry) => entry.batchStudents._id);
  });
  const lecture = (date: string, slotid = college.slotids[0]!): MarkInput => ({
    presentStudentIds: students,
    date,
    slotid,
    classKind: 'lecture',
    courseid: college.courseid,
    groupid: division().id,
  });
  const place = () => ({ courseid: college.courseid, classKind: 'lecture' as const, groupid: division().id });
  const summary = () => getSummary(place());

  it('counts each of 20 different sessions of one group marked at once exactly once', async () => {
    const before = await summary();
    const results = await Promise.all(Array.from({ length: 20 }, (_, day) => call('POST', 'attendance', lecture(daysAgo(40 + day)))));
    expect(results.map((result) => `${result.status} ${result.body.message}`)).toEqual(
      Array(20).fill('201 Attendance marked successfully'),
    );
    const after = await summary();
    expect(after.held - before.held).toBe(20);
    expect(after.students[students[0]!]!.present - (before.students[students[0]!]?.present ?? 0)).toBe(20);
    expect(await checkCourse(college.courseid)).toEqual([]);
  });

  it('counts one session marked 20 times at once once: 1 × 201, 19 × 409', async () => {
    const before = await summary();
    const results = await Promise.all(Array.from({ length: 20 }, () => call('POST', 'attendance', lecture(daysAgo(70)))));
    expect(results.map((result) => result.status).sort()).toEqual([201, ...Array(19).fill(409)]);
    expect((await summary()).held - before.held).toBe(1);
  });

  /** Marks a session of the division on `date` and corrects one student of it; the statuses answered. */
  const markAndCorrect = async (date: string, student: string): Promise<number[]> => {
    const mark = await t.stack.api('POST /attendance', { body: lecture(date), cookie: cookie() });
    if (mark.status !== 201) return [mark.status];
    const { _id } = mark.body.data;
    const corrected = await call('PATCH', `attendance/${_id}`, { statuses: { [student]: 'late' }, reason: 'Came late', version: 1 });
    return [mark.status, corrected.status];
  };

  it('one group, 20 concurrent writers: marks and corrections, no 503, summaries equal a recount', { timeout: 60_000 }, async () => {
    const before = await summary();
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, writer) => {
        const statuses: number[] = [];
        for (let n = 0; n < 3; n++) statuses.push(...(await markAndCorrect(daysAgo(100 + writer * 3 + n), students[n % students.length]!)));
        return statuses;
      }),
    );
    expect(answers.flat().filter((status) => status !== 201 && status !== 200)).toEqual([]);
    expect(answers.flat()).toHaveLength(120);
    const after = await summary();
    expect(after.held - before.held).toBe(60);
    expect(after.students[students[0]!]!.late - (before.students[students[0]!]?.late ?? 0)).toBe(20);
    expect(await checkCourse(college.courseid)).toEqual([]);
  });

  it(
    'one group, 20 concurrent writers with DynamoDB failing before or after a third of the writes: nothing lost, nothing doubled',
    {
      timeout: 60_000,
    },
    async () => {
      const seen: number[] = [];
      for (const afterWrite of [false, true]) {
        const answers = await withDatabaseError(
          'ServiceUnavailable',
          (command) => command === 'TransactWriteItemsCommand' && Math.random() < 0.33,
          () =>
            Promise.all(
              Array.from({ length: 20 }, (_, writer) =>
                markAndCorrect(daysAgo(200 + writer + (afterWrite ? 20 : 0)), students[writer % 3]!),
              ),
            ),
          { afterWrite },
        );
        seen.push(...answers.flat());
      }
      expect(seen.filter((status) => ![200, 201, 503].includes(status))).toEqual([]);
      expect(seen).toContain(503);
      expect(await checkCourse(college.courseid)).toEqual([]);
    },
  );

  it('answers 503 with Retry-After and writes nothing only when DynamoDB throttles the transaction', async () => {
    const before = await summary();
    const throttled = Object.assign(new Error('Transaction cancelled'), {
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'None' }, { Code: 'ThrottlingError' }],
    });
    const result = await withFailingTransactions(throttled, () => call('POST', 'attendance', lecture(daysAgo(71))));
    expect([result.status, result.headers.get('retry-after')]).toEqual([503, '1']);
    expect(await summary()).toEqual(before);
    const view = await call('GET', `attendance?date=${daysAgo(71)}&slotid=${college.slotids[0]}&slotcount=1&courseid=${college.courseid}`);
    expect(view.body.data).toEqual([]);
  });

  it('finds a summary that drifted and rebuilds it from the sessions, and removes one with no sessions', async () => {
    expect((await call('POST', 'attendance', lecture(daysAgo(72)))).status).toBe(201);
    const stored = await summary();
    // Summaries as stored before shards (one item per group) count as one more part of their group.
    const { classKind: _, ...counts } = stored;
    const olderItem = (groupid: string, changes: Record<string, unknown>) => {
      const where = { ...place(), groupid };
      return { ...counts, ...summaryPlaceAttributes(where), ...changes, ...attendanceSummary(where) };
    };
    const wrong = olderItem(division().id, { held: 3, students: {}, version: 4 });
    await db.send(new PutCommand({ TableName: tableName(), Item: wrong }));
    const orphan = olderItem('no-such-group', { version: 1 });
    await db.send(new PutCommand({ TableName: tableName(), Item: orphan }));

    const drift = await checkCourse(college.courseid);
    expect(drift.map((one) => [one.groupid, one.stored?.held, one.computed?.held ?? null]).sort()).toEqual(
      [
        [division().id, stored.held + 3, stored.held],
        ['no-such-group', stored.held, null],
      ].sort(),
    );
    expect(await rebuildCourse(college.courseid)).toBe(2);
    expect(await checkCourse(college.courseid)).toEqual([]);
    expect((await summary()).held).toBe(stored.held);
  });
});

describe('summaries: writes within DynamoDB limits', () => {
  it('keeps every UpdateExpression of a 1,000-student mark and of its correction under 4 KB, in at most 100 items', () => {
    const expected = Array.from({ length: 1000 }, (_, at) => ({ _id: randomUUID(), name: `Student ${at}`, enrollment: `E${at}` }));
    const session = { _id: 'a-session', courseid: 'c', classKind: 'lecture' as const, groupid: 'g', date: '2026-11-02', expected };
    const before = { ...session, statuses: Object.fromEntries(expected.map(({ _id }) => [_id, 'present' as const])) };
    const after = { ...session, statuses: Object.fromEntries(expected.map(({ _id }) => [_id, 'excused' as const])) };
    for (const writes of [countClassSession(before), recountCorrection(before, after)]) {
      expect(writes.length).toBeLessThan(99);
      for (const write of writes) expect(write.Update!.UpdateExpression!.length).toBeLessThan(4096);
    }
  });
});

/** Makes every TransactWriteItems fail with `error` while `run` runs. */
async function withFailingTransactions<T>(error: Error, run: () => Promise<T>): Promise<T> {
  const name = 'failing-transactions';
  db.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'TransactWriteItemsCommand') throw error;
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    return await run();
  } finally {
    db.middlewareStack.remove(name);
  }
}
