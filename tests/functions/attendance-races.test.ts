import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { CORRECTION_CONFLICT, STATUSES, type CorrectionInput } from '@shared/schemas/attendance';
import { db, tableName } from '@functions/lib/db';
import { historyEntryKey as classSessionHistoryEntry } from '@functions/lib/entities/class-session';
import { attendanceApi, daysAgo } from '@tests/support/attendance';
import { lectureMark, useCollege } from '@tests/support/college';
import { withDatabaseError } from '@tests/support/faults';
import { useTestStack } from '@tests/support/stack';
import { allItems } from '@tests/support/table';

const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'RA', divisions: 1, perBatch: 3 });
const api = attendanceApi(t);

const students = () => college.divisions[0]!.batches.flatMap((batch) => batch.students);
const place = (date: string) => ({
  date,
  slotid: college.slotids[0]!,
  classKind: 'lecture' as const,
  courseid: college.courseid,
  groupid: college.divisions[0]!.id,
});

/** A lecture marked with everyone present; its id. */
const marked = async (date: string) =>
  (await api.mark(t.faculty.cookie, lectureMark(college, { ...place(date), presentStudentIds: students() })))._id;
const historyItems = async (id: string) =>
  (await allItems()).filter((item) => item.entity === 'attendanceHistory' && item.sessionId === id);

describe('attendance: concurrent and failed corrections', () => {
  it('applies exactly one of 20 corrections sent at once with the same version: 19 × 409, one new history entry', async () => {
    const id = await marked(daysAgo(1));
    const changes = Array.from({ length: 20 }, (_, i) => ({ [students()[i % 6]!]: STATUSES[1 + (i % 3)]! }));
    const results = await Promise.all(
      changes.map((statuses, i) =>
        api.correct(i % 2 ? t.admin.cookie : t.faculty.cookie, id, { statuses, reason: `Correction ${i}`, version: 1 }),
      ),
    );
    const applied = results.filter((result) => result.status === 200);
    const refused = results.filter((result) => result.status === 409);
    expect(applied).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const result of refused) {
      expect(result.body.message).toBe(CORRECTION_CONFLICT);
      expect(result.body.data).toMatchObject({ _id: id, version: 2 });
    }

    const winner = changes[results.indexOf(applied[0]!)]!;
    const classSession = await api.classSession(t.admin.cookie, place(daysAgo(1)));
    expect(classSession.version).toBe(2);
    expect(classSession.students.filter((student) => student.status !== 'present').map((s) => ({ [s._id]: s.status }))).toEqual([winner]);
    const history = await api.history(t.admin.cookie, id);
    expect(history.map((entry) => entry.version)).toEqual([1, 2]);
    expect(history[1]!.reason).toBe(`Correction ${results.indexOf(applied[0]!)}`);
    expect(await historyItems(id)).toHaveLength(2);
  });

  it.each([
    ['a fault', 'InjectedInterruption', 500],
    ['throttling', 'ThrottlingException', 503],
  ])('writes nothing when the correction’s transaction meets %s (%s: %i), and the retry works', async (_why, error, status) => {
    const date = daysAgo(status === 500 ? 2 : 3);
    const id = await marked(date);
    const body: CorrectionInput = { statuses: { [students()[0]!]: 'absent' }, reason: 'Was not there after all', version: 1 };
    const failed = await withDatabaseError(
      error,
      (command) => command.startsWith('TransactWrite'),
      () => api.correct(t.faculty.cookie, id, body),
    );
    expect(failed.status).toBe(status);
    expect(await api.classSession(t.faculty.cookie, place(date))).toMatchObject({ version: 1, corrections: 0 });
    expect(await historyItems(id)).toEqual([]);

    const retried = await t.stack.api('PATCH /attendance/{id}', { params: { id }, body, cookie: t.faculty.cookie });
    expect(retried.status).toBe(200);
    expect(retried.body.data.version).toBe(2);
    expect(await historyItems(id)).toHaveLength(2);
  });

  it('changes the session only with its history entry: one that cannot be written leaves the session as it was', async () => {
    const date = daysAgo(4);
    const id = await marked(date);
    // A stray entry where this correction's must go: its put-if-new fails, so the whole transaction must.
    const stray = classSessionHistoryEntry(place(date), 2);
    await db.send(new PutCommand({ TableName: tableName(), Item: { ...stray, entity: 'stray' } }));
    try {
      const body = { statuses: { [students()[0]!]: 'late' }, reason: 'Late by ten minutes', version: 1 };
      const refused = await api.correct(t.faculty.cookie, id, body);
      expect(refused.status).not.toBe(200);
      expect(await api.classSession(t.faculty.cookie, place(date))).toMatchObject({ version: 1, corrections: 0 });
      expect(await historyItems(id)).toEqual([]);
    } finally {
      await db.send(new DeleteCommand({ TableName: tableName(), Key: stray }));
    }
    const retried = await api.correct(t.faculty.cookie, id, {
      statuses: { [students()[0]!]: 'late' },
      reason: 'Late by ten minutes',
      version: 1,
    });
    expect(retried.status).toBe(200);
  });
});
