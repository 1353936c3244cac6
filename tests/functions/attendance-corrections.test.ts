import { describe, expect, it } from 'vitest';
import { CORRECTION_CONFLICT, REASON_MESSAGE, type CorrectionInput, type ClassSessionView } from '@shared/schemas/attendance';
import { attendanceApi, daysAgo } from '@tests/support/attendance';
import { lectureMark, useCollege } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';
import { classSessionId } from '@functions/lib/entities/class-session';

const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'CO', divisions: 2, perBatch: 3 });
const api = attendanceApi(t);

const students = (d = 0) => college.divisions[d]!.batches.flatMap((batch) => batch.students);
const slot = (date: string) => ({ date, slotid: college.slotids[0], classKind: 'lecture', courseid: college.courseid });

/** A lecture of division 0 marked by the faculty member: its first four students present. */
async function marked(date: string) {
  const classSession = await api.mark(t.faculty.cookie, lectureMark(college, { ...slot(date), presentStudentIds: students().slice(0, 4) }));
  return classSession._id;
}

/** api.correct with a body the contract allows: its answer typed. */
const correct = (cookie: string, id: string, body: CorrectionInput) =>
  t.stack.api('PATCH /attendance/{id}', { params: { id }, body, cookie });

const statusOf = (session: ClassSessionView, id: string) => session.students.find((student) => student._id === id)?.status;

describe('attendance: corrections', () => {
  it('corrects a session: 200 with the next version, and the view and the history show it', async () => {
    const id = await marked(daysAgo(1));
    const [first, , , fourth, fifth] = students();
    const result = await correct(t.faculty.cookie, id, {
      statuses: { [fifth!]: 'late', [first!]: 'excused' },
      reason: 'Came in after roll call; medical note',
      version: 1,
    });
    expect(result.status).toBe(200);
    expect(result.body.message).toBe('Attendance corrected');
    const updated = result.body.data;
    expect(updated).toMatchObject({ _id: id, version: 2, corrections: 1, markedBy: { _id: t.faculty.user._id } });
    expect([statusOf(updated, first!), statusOf(updated, fourth!), statusOf(updated, fifth!)]).toEqual(['excused', 'present', 'late']);
    expect(await api.classSession(t.faculty.cookie, slot(daysAgo(1)))).toEqual(updated);

    const again = await api.correct(t.admin.cookie, id, {
      statuses: { [first!]: 'present' },
      reason: 'The note was for another day',
      version: 2,
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ version: 3, corrections: 2 });

    const history = await api.history(t.faculty.cookie, id);
    expect(history.map((entry) => [entry.version, entry.by.username, entry.reason])).toEqual([
      [1, t.faculty.user.username, null],
      [2, t.faculty.user.username, 'Came in after roll call; medical note'],
      [3, t.admin.user.username, 'The note was for another day'],
    ]);
    expect(history[0]!.changes.map((change) => [change.enrollment, change.from, change.to])).toEqual([
      ['CO001', null, 'present'],
      ['CO002', null, 'present'],
      ['CO003', null, 'present'],
      ['CO004', null, 'present'],
      ['CO005', null, 'absent'],
      ['CO006', null, 'absent'],
    ]);
    expect(history[1]!.changes).toEqual([
      { _id: first, name: 'Student CO001', enrollment: 'CO001', from: 'present', to: 'excused' },
      { _id: fifth, name: 'Student CO005', enrollment: 'CO005', from: 'absent', to: 'late' },
    ]);
    expect(history[2]!.changes).toEqual([{ _id: first, name: 'Student CO001', enrollment: 'CO001', from: 'excused', to: 'present' }]);
    expect(Date.parse(history[0]!.at)).toBeLessThanOrEqual(Date.parse(history[1]!.at));
  });

  it('answers 409 with the session as it stands to a stale version, and writes nothing', async () => {
    const id = await marked(daysAgo(2));
    const [first, second] = students();
    expect((await api.correct(t.faculty.cookie, id, { statuses: { [first!]: 'late' }, reason: 'Late bus', version: 1 })).status).toBe(200);
    const stale = await correct(t.admin.cookie, id, { statuses: { [second!]: 'absent' }, reason: 'Left early', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(CORRECTION_CONFLICT);
    const current = stale.body.data;
    expect(current).toMatchObject({ _id: id, version: 2, corrections: 1 });
    expect([statusOf(current, first!), statusOf(current, second!)]).toEqual(['late', 'present']);
    expect(await api.history(t.admin.cookie, id)).toHaveLength(2);
  });

  const lateSixth = () => ({ [students()[5]!]: 'late' });
  it.each([
    ['an unknown student', () => ({ statuses: { 'no-such-student': 'late' } }), "Some students are not in this session's division"],
    [
      'a student of another division',
      () => ({ statuses: { [students(1)[0]!]: 'late' } }),
      "Some students are not in this session's division",
    ],
    [
      'an unchanged status',
      () => ({ statuses: { [students()[0]!]: 'present' } }),
      'Student CO001 (CO001) is already present: leave them out of the correction',
    ],
    ['no student', () => ({ statuses: {} }), 'Choose at least one student whose status changes'],
    ['an unknown status', () => ({ statuses: { [students()[5]!]: 'sick' } }), 'A status must be present, late, absent or excused'],
    ['no reason', () => ({ reason: undefined }), REASON_MESSAGE],
    ['a reason of 2 characters', () => ({ reason: '  ab  ' }), REASON_MESSAGE],
    ['a reason of 501 characters', () => ({ reason: 'x'.repeat(501) }), REASON_MESSAGE],
    // A reason is shown to everyone in the history, so it may hold nothing hidden or reordering.
    ['a reason with CRLF', () => ({ reason: 'Typo\r\nFAKE: admin approved' }), 'Reason contains invisible or control characters'],
    ['a reason with NUL', () => ({ reason: 'Typo\u0000 when marking' }), 'Reason contains invisible or control characters'],
    ['a reason with ESC', () => ({ reason: 'Typo \u001b[31mred' }), 'Reason contains invisible or control characters'],
    ['a reason with U+202E', () => ({ reason: 'Typo \u202Egnikram' }), 'Reason contains invisible or control characters'],
    ['no version', () => ({ version: undefined }), 'Send the version of the attendance you read'],
    ['a version as text', () => ({ version: '1' }), 'Send the version of the attendance you read'],
    ['version 0', () => ({ version: 0 }), 'Send the version of the attendance you read'],
  ])('answers 400 for %s and writes nothing', async (_case, override, message) => {
    const date = daysAgo(3);
    const id = (await api.view(t.faculty.cookie, slot(date)))?.sessions[0]!._id ?? (await marked(date));
    const result = await api.correct(t.faculty.cookie, id, {
      statuses: lateSixth(),
      reason: 'Typo when marking',
      version: 1,
      ...override(),
    });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message);
    expect(await api.classSession(t.faculty.cookie, slot(date))).toMatchObject({ version: 1, corrections: 0 });
    expect(await api.history(t.faculty.cookie, id)).toHaveLength(1);
  });

  it('keeps a reason as one line: spaces collapsed, Indian-script joiners after a virama kept', async () => {
    const date = daysAgo(4);
    const id = await marked(date);
    const reason = '  Medical   note: क्\u200Dष  ';
    const result = await api.correct(t.faculty.cookie, id, { statuses: lateSixth(), reason, version: 1 });
    expect(result.status, result.body.message).toBe(200);
    expect((await api.history(t.faculty.cookie, id))[1]!.reason).toBe('Medical note: क्\u200Dष');
  });

  it('answers 404 for an id that names no session', async () => {
    const nowhere = classSessionId({ courseid: 'c', classKind: 'lecture', date: '2020-01-01', slotid: 's', groupid: 'g' });
    for (const id of ['not-an-id', nowhere]) {
      const body = { statuses: { [students()[0]!]: 'late' }, reason: 'Typo', version: 1 };
      const patched = await api.correct(t.admin.cookie, id, body);
      expect([patched.status, patched.body.message]).toEqual([404, 'Attendance session not found']);
      const history = await t.stack.call('GET', `/api/v1/attendance/${id}/history`, { cookie: t.admin.cookie });
      expect([history.status, history.body.message]).toEqual([404, 'Attendance session not found']);
    }
  });
});
