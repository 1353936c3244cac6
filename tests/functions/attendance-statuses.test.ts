import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { StudentTotals } from '@shared/schemas/attendance';
import { db, tableName } from '@functions/lib/db';
import { classSessionKey as classSession } from '@functions/lib/entities/class-session';
import { attendanceApi, daysAgo, letFacultyMarkBack } from '@tests/support/attendance';
import { create, lectureMark, useCollege } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';
import { classSessionId } from '@functions/lib/entities/class-session';
import { toWire } from '@shared/schemas/wire-names';

const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'ST', divisions: 2, perBatch: 3 });
letFacultyMarkBack(t, 30);
const api = attendanceApi(t);

/** The six students of division `d`, in roll order. */
const students = (d = 0) => college.divisions[d]!.batches.flatMap((batch) => batch.students);
const slot = (date: string, courseid = college.courseid) => ({ date, slotid: college.slotids[0], classKind: 'lecture' as const, courseid });
const row = (rows: StudentTotals[], id: string) => rows.find((one) => one._id === id)!;

describe('attendance: statuses', () => {
  it('marks with statuses that win over presentStudentIds; the view lists each session with them', async () => {
    const [s0, s1, s2, s3, s4] = students();
    const marked = await api.mark(
      t.faculty.cookie,
      lectureMark(college, {
        ...slot(daysAgo(1)),
        presentStudentIds: [s0, s1, s2],
        statuses: { [s1!]: 'late', [s3!]: 'excused', [s4!]: 'absent' },
      }),
    );
    expect(marked).toEqual({
      _id: expect.any(String),
      version: 1,
      date: daysAgo(1),
      groupid: college.divisions[0]!.id,
      present: 3,
      expected: 6,
    });

    const record = (await api.view(t.faculty.cookie, slot(daysAgo(1))))!;
    expect(record.presentStudentsName.map((student) => student.enrollment)).toEqual(['ST001', 'ST002', 'ST003']);
    expect(record.sessions).toHaveLength(1);
    const session = record.sessions[0]!;
    expect(session).toMatchObject({
      _id: marked._id,
      groupid: college.divisions[0]!.id,
      version: 1,
      corrections: 0,
      markedBy: { _id: t.faculty.user._id, username: t.faculty.user.username },
    });
    expect(Date.parse(session.editableUntil) - Date.parse(session.markedAt)).toBe(48 * 3_600_000);
    expect(session.students.map((student) => [student.enrollment, student.status])).toEqual([
      ['ST001', 'present'],
      ['ST002', 'late'],
      ['ST003', 'present'],
      ['ST004', 'excused'],
      ['ST005', 'absent'],
      ['ST006', 'absent'],
    ]);
    expect(session.students[0]).toEqual({ _id: s0, name: 'Student ST001', enrollment: 'ST001', status: 'present' });
  });

  it('takes the group from statuses when presentStudentIds is empty and there is no groupid', async () => {
    const marked = await api.mark(
      t.faculty.cookie,
      lectureMark(college, { ...slot(daysAgo(2)), groupid: undefined, presentStudentIds: [], statuses: { [students(1)[0]!]: 'late' } }),
    );
    expect(marked).toMatchObject({ groupid: college.divisions[1]!.id, present: 1, expected: 6 });
  });

  it.each([
    [() => ({ statuses: { [students(1)[0]!]: 'late' } }), 'Some students in statuses are not in this division'],
    [() => ({ statuses: { [students()[0]!]: 'sick' } }), 'A status must be present, late, absent or excused'],
    [() => ({ statuses: ['late'] }), 'statuses must map student ids to present, late, absent or excused'],
  ])('answers 400 for bad statuses (%#) and stores nothing', async (override, message) => {
    const result = await t.stack.call('POST', '/api/v1/attendance', {
      cookie: t.faculty.cookie,
      body: toWire(lectureMark(college, { ...slot(daysAgo(3)), ...override() })),
    });
    expect([result.status, result.body.message]).toEqual([400, message]);
    expect(await api.view(t.faculty.cookie, slot(daysAgo(3)))).toBeUndefined();
  });
});

describe('attendance: percentages under the college rules', () => {
  it('counts each status and computes the unrounded percentage, null when no session counts', async () => {
    const course = await create(t.stack, t.admin.cookie, 'course', { name: 'Rules', semid: college.semid });
    const [s0, s1, s2, s3, s4] = students();
    const marks = [
      { presentStudentIds: [s0, s4], statuses: { [s1!]: 'late', [s2!]: 'excused' } },
      { presentStudentIds: [s3], statuses: { [s0!]: 'late', [s1!]: 'late', [s2!]: 'excused' } },
      { presentStudentIds: [s0, s3], statuses: { [s2!]: 'excused' } },
    ];
    for (const [at, body] of marks.entries())
      await api.mark(t.faculty.cookie, lectureMark(college, { ...slot(daysAgo(10 - at), course), ...body }));
    const range = { startdate: daysAgo(10), enddate: daysAgo(8), classKind: 'lecture', courseid: course };

    const report = await api.percentages(t.faculty.cookie, range);
    expect(report.totalLecture).toBe(3);
    expect(row(report.studentData, s0!)).toEqual({
      _id: s0,
      name: 'Student ST001',
      enrollment: 'ST001',
      totalPresent: 3,
      totalLecture: 3,
      totalLate: 1,
      totalAbsent: 0,
      totalExcused: 0,
      percentage: 100,
    });
    const summary = (rows: StudentTotals[]) =>
      rows.map((r) => [r.enrollment, r.totalPresent, r.totalLate, r.totalAbsent, r.totalExcused, r.percentage]);
    expect(summary(report.studentData)).toEqual([
      ['ST001', 3, 1, 0, 0, 100],
      ['ST002', 2, 2, 1, 0, 200 / 3],
      ['ST003', 0, 0, 0, 3, null],
      ['ST004', 2, 0, 1, 0, 200 / 3],
      ['ST005', 1, 0, 2, 0, 100 / 3],
      ['ST006', 0, 0, 3, 0, 0],
    ]);

    try {
      await api.settings(t.admin.cookie, { lateCounts: 0.5, excusedCounts: 'absent' });
      const strict = await api.percentages(t.faculty.cookie, range);
      expect(strict.studentData.map((r) => [r.enrollment, r.totalPresent, r.percentage])).toEqual([
        ['ST001', 3, 250 / 3],
        ['ST002', 2, 100 / 3],
        ['ST003', 0, 0],
        ['ST004', 2, 200 / 3],
        ['ST005', 1, 100 / 3],
        ['ST006', 0, 0],
      ]);
    } finally {
      await api.settings(t.admin.cookie, { lateCounts: 1, excusedCounts: 'excluded' });
    }
  });
});

describe('attendance: sessions stored before statuses', () => {
  it('read back with statuses, an _id and version 1, and can be corrected with their original mark kept', async () => {
    const place = { ...slot(daysAgo(20)), slotid: college.slotids[0]!, groupid: college.divisions[0]!.id };
    const roster = students().map((_id, at) => ({ _id, name: `Student ST00${at + 1}`, enrollment: `ST00${at + 1}` }));
    const markedAt = new Date(Date.now() - 3_600_000).toISOString();
    // Exactly what the code before statuses stored (the kind by its code).
    const { date, slotid, courseid, groupid } = place;
    const legacy = { date, slotid, slotcount: 1, courseid, groupid, expected: roster, present: [roster[0]!._id, roster[2]!._id] };
    const markedBy = { _id: t.faculty.user._id, username: t.faculty.user.username };
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...classSession(place), entity: 'attendance', ...legacy, markedBy, markedAt },
      }),
    );
    const id = classSessionId(place);

    const record = (await api.view(t.faculty.cookie, slot(daysAgo(20))))!;
    expect(record.presentStudentsName.map((student) => student.enrollment)).toEqual(['ST001', 'ST003']);
    expect(record.sessions[0]).toMatchObject({ _id: id, version: 1, corrections: 0, markedAt, markedBy });
    expect(record.sessions[0]!.students.map((student) => student.status)).toEqual([
      'present',
      'absent',
      'present',
      'absent',
      'absent',
      'absent',
    ]);
    const totals = await api.percentages(t.faculty.cookie, { startdate: daysAgo(20), classKind: 'lecture', courseid: college.courseid });
    expect(row(totals.studentData, roster[0]!._id)).toMatchObject({ totalPresent: 1, totalAbsent: 0, totalLecture: 1, percentage: 100 });
    expect(await api.history(t.faculty.cookie, id)).toEqual([
      {
        version: 1,
        by: markedBy,
        at: markedAt,
        reason: null,
        changes: roster.map((s, at) => ({ ...s, from: null, to: at === 0 || at === 2 ? 'present' : 'absent' })),
      },
    ]);

    const corrected = await api.correct(t.faculty.cookie, id, {
      statuses: { [roster[1]!._id]: 'late' },
      reason: 'Arrived at 9:10',
      version: 1,
    });
    expect(corrected.status).toBe(200);
    const history = await api.history(t.faculty.cookie, id);
    expect(history.map((entry) => entry.version)).toEqual([1, 2]);
    expect(history[0]!.changes.filter((change) => change.to === 'present').map((change) => change.enrollment)).toEqual(['ST001', 'ST003']);
    expect(history[1]!.changes).toEqual([{ ...roster[1], from: 'absent', to: 'late' }]);
    const stored = await db.send(new GetCommand({ TableName: tableName(), Key: classSession(place) }));
    expect(stored.Item).toMatchObject({ _id: id, version: 2, statuses: { [roster[1]!._id]: 'late', [roster[0]!._id]: 'present' } });
  });
});
