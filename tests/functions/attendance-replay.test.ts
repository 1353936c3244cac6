import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DUPLICATE_MARK, MARK_ALREADY_STORED, type MarkConflict, type MarkInput } from '@shared/schemas/attendance';
import { checkCourse } from '@functions/lib/repositories/summary-check';
import { attendanceApi, daysAgo, letFacultyMarkBack } from '@tests/support/attendance';
import { useCollege } from '@tests/support/college';
import { withDatabaseError } from '@tests/support/faults';
import { useTestStack } from '@tests/support/stack';
import { allItems } from '@tests/support/table';

/*
 * docs/product.md §4, marking offline: a mark carries a clientMarkId; the same mark sent again
 * (its answer lost, or queued on a phone and sent twice) answers 200 with the session it stored,
 * and any other mark of that session 409 with who marked it and when.
 */

const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'RP', divisions: 1, perBatch: 3 });
letFacultyMarkBack(t, 30);
const api = attendanceApi(t);

/** A lecture of `daysAgo(day)` in slot 0 (each test its own day, so its own session): lectureMark, typed. */
const mark = (day: number, extra: Partial<MarkInput> = {}): MarkInput => {
  const division = college.divisions[0]!;
  const { students } = division.batches[0]!;
  return {
    presentStudentIds: students,
    date: daysAgo(day),
    slotid: college.slotids[0]!,
    classKind: 'lecture',
    courseid: college.courseid,
    groupid: division.id,
    ...extra,
  };
};
const send = (cookie: string, body: MarkInput) => t.stack.api('POST /attendance', { cookie, body });
/** A 409's data is who marked the session, not the contract's MarkedClassSession: checked, then typed. */
const isConflict = (data: unknown): data is MarkConflict =>
  typeof data === 'object' && data !== null && 'markedBy' in data && 'markedAt' in data;
function conflictOf(result: { body: { data: unknown } }): MarkConflict {
  if (!isConflict(result.body.data)) throw new Error(`Not a mark conflict: ${JSON.stringify(result.body.data)}`);
  return result.body.data;
}
const sessionsOf = async (day: number) =>
  (await allItems()).filter((item) => item.entity === 'attendance' && item.date === daysAgo(day) && item.courseid === college.courseid);

/** The one session stored that day, counted once in its summary. */
async function expectOneSession(day: number, clientMarkId: string) {
  const stored = await sessionsOf(day);
  expect(stored).toHaveLength(1);
  expect(stored[0]!.clientMarkId).toBe(clientMarkId);
  expect(await checkCourse(college.courseid)).toEqual([]);
}

describe('attendance: a mark sent again', () => {
  it('answers 200 with the same session when the same clientMarkId comes again, and stores one session', async () => {
    const body = mark(1, { clientMarkId: randomUUID() });
    const first = await send(t.faculty.cookie, body);
    expect(first.status).toBe(201);
    const again = await send(t.faculty.cookie, body);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(MARK_ALREADY_STORED);
    expect(again.body.data).toEqual(first.body.data);
    await expectOneSession(1, body.clientMarkId as string);
  });

  it('refuses a different mark of a session that exists with 409, saying who marked it and when', async () => {
    const first = mark(2, { clientMarkId: randomUUID() });
    const stored = (await send(t.faculty.cookie, first)).body.data;
    for (const [cookie, other] of [
      [t.faculty.cookie, mark(2, { clientMarkId: randomUUID() })],
      [t.faculty.cookie, mark(2)],
      // Someone else sending the same clientMarkId is not the same mark.
      [t.admin.cookie, first],
    ] as const) {
      const refused = await send(cookie, other);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(DUPLICATE_MARK);
      const conflict = conflictOf(refused);
      expect(conflict).toMatchObject({ _id: stored._id, date: daysAgo(2), groupid: college.divisions[0]!.id });
      expect(conflict.markedBy.username).toBe(t.faculty.user.username);
      expect(Date.parse(conflict.markedAt)).toBeLessThanOrEqual(Date.now());
    }
    await expectOneSession(2, first.clientMarkId as string);
  });

  it('answers the session as it stands after a correction', async () => {
    const body = mark(3, { clientMarkId: randomUUID() });
    const { _id } = await api.mark(t.faculty.cookie, body);
    const student = college.divisions[0]!.batches[0]!.students[0]!;
    const corrected = await api.correct(t.faculty.cookie, _id, { statuses: { [student]: 'late' }, reason: 'Came late', version: 1 });
    expect(corrected.status).toBe(200);
    const again = await send(t.faculty.cookie, body);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ _id, version: 2 });
  });

  it('answers the stored session even when the checks would now refuse the mark (a student deleted since)', async () => {
    const created = await t.stack.api('POST /student', {
      cookie: t.admin.cookie,
      body: { enrollment: 'RP900', name: 'Brief Student', email: 'rp900@college.test', batchid: college.divisions[0]!.batches[0]!.id },
    });
    const goneId = created.body.data._id;
    const body = mark(5, { clientMarkId: randomUUID(), presentStudentIds: [goneId] });
    const { _id } = await api.mark(t.admin.cookie, body);
    expect((await t.stack.call('DELETE', `/api/v1/student/${goneId}`, { cookie: t.admin.cookie })).status).toBe(200);

    const replay = await send(t.admin.cookie, body);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toMatchObject({ _id });
    // A new mark naming the deleted student is refused, and so is this one from someone else.
    expect((await send(t.admin.cookie, mark(6, { clientMarkId: randomUUID(), presentStudentIds: [goneId] }))).status).toBe(400);
    expect((await send(t.faculty.cookie, body)).status).toBe(400);
  });

  it('refuses a clientMarkId that is not a UUID (400, nothing stored)', async () => {
    const refused = await send(t.faculty.cookie, mark(7, { clientMarkId: 'mark-1' }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('clientMarkId must be a UUID');
    expect(await sessionsOf(7)).toEqual([]);
  });
});

describe('attendance: marks sent at once, and lost answers', () => {
  it('stores one session when one clientMarkId is sent 10 times at once: one 201, the rest 200, all the same session', async () => {
    const body = mark(10, { clientMarkId: randomUUID() });
    const results = await Promise.all(Array.from({ length: 10 }, () => send(t.faculty.cookie, body)));
    expect(results.map((result) => result.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(results.map((result) => result.body.data._id));
    expect(ids.size).toBe(1);
    await expectOneSession(10, body.clientMarkId as string);
  });

  it('stores one of 10 different marks sent at once: one 201, nine 409 naming who marked it and when', async () => {
    const bodies = Array.from({ length: 10 }, () => mark(11, { clientMarkId: randomUUID() }));
    const results = await Promise.all(bodies.map((body, i) => send(i % 2 ? t.admin.cookie : t.faculty.cookie, body)));
    const won = results.filter((result) => result.status === 201);
    const refused = results.filter((result) => result.status === 409);
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(9);
    const winner = results.indexOf(won[0]!);
    const [stored] = await sessionsOf(11);
    for (const result of refused) {
      expect(result.body.data).toMatchObject({ _id: won[0]!.body.data._id, markedAt: stored!.markedAt });
      expect(conflictOf(result).markedBy._id).toBe((winner % 2 ? t.admin : t.faculty).user._id);
    }
    await expectOneSession(11, bodies[winner]!.clientMarkId as string);
  });

  it('answers 200 to the replay of a mark whose answer was lost after it was stored', async () => {
    const body = mark(12, { clientMarkId: randomUUID() });
    const lost = await withDatabaseError(
      'InjectedTimeout',
      (command) => command.startsWith('TransactWrite'),
      () => send(t.faculty.cookie, body),
      { afterWrite: true },
    );
    expect(lost.status).toBe(500);
    const replay = await send(t.faculty.cookie, body);
    expect(replay.status).toBe(200);
    await expectOneSession(12, body.clientMarkId as string);
  });

  it('stores the replay of a mark whose transaction failed before writing (201), once', async () => {
    const body = mark(13, { clientMarkId: randomUUID() });
    const failed = await withDatabaseError(
      'ThrottlingException',
      (command) => command.startsWith('TransactWrite'),
      () => send(t.faculty.cookie, body),
    );
    expect(failed.status).toBe(503);
    expect(await sessionsOf(13)).toEqual([]);
    expect((await send(t.faculty.cookie, body)).status).toBe(201);
    expect((await send(t.faculty.cookie, body)).status).toBe(200);
    await expectOneSession(13, body.clientMarkId as string);
  });

  it('answers 503 when the read of the existing session fails, and the replay then works', async () => {
    const body = mark(14, { clientMarkId: randomUUID() });
    await api.mark(t.faculty.cookie, body);
    // The GetItem after the failed transaction: the one that reads the session stored.
    let written = false;
    const failed = await withDatabaseError(
      'ThrottlingException',
      (command) => {
        written ||= command.startsWith('TransactWrite');
        return written && command.startsWith('Get');
      },
      () => send(t.faculty.cookie, body),
    );
    expect(failed.status).toBe(503);
    expect((await send(t.faculty.cookie, body)).status).toBe(200);
    await expectOneSession(14, body.clientMarkId as string);
  });
});
