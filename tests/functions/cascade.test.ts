import { describe, expect, it } from 'vitest';
import type { MarkInput } from '@shared/schemas/attendance';
import { buildCollege, create, subtreeIds, type SmallCollege } from '@tests/support/college';
import { collegeToday } from '@tests/support/college-time';
import { withDatabaseError } from '@tests/support/faults';
import { useTestStack } from '@tests/support/stack';
import { countByEntity, itemsMentioning } from '@tests/support/table';

const t = useTestStack('admin');

/** Marks the first division's lecture and corrects it once: a session with two history entries. */
async function markLecture(college: SmallCollege, courseid = college.courseid) {
  const division = college.divisions[0]!;
  // lectureMark, typed.
  const mark: MarkInput = {
    presentStudentIds: division.batches[0]!.students,
    date: collegeToday(),
    slotid: college.slotids[0]!,
    classKind: 'lecture',
    courseid,
    groupid: division.id,
  };
  const result = await t.stack.api('POST /attendance', { cookie: t.admin.cookie, body: mark });
  expect(result.status).toBe(201);
  const { _id } = result.body.data;
  const body = { statuses: { [college.divisions[0]!.batches[0]!.students[0]!]: 'late' }, reason: 'Arrived late', version: 1 };
  expect((await t.stack.call('PATCH', `/api/v1/attendance/${_id}`, { cookie: t.admin.cookie, body })).status).toBe(200);
  return _id;
}

describe('cascade: delete semester', () => {
  it('removes divisions, batches, students, courses and their attendance, and nothing else', async () => {
    const doomed = await buildCollege(t.stack, t.admin.cookie, { prefix: 'CA', divisions: 2, perBatch: 3 });
    const kept = await buildCollege(t.stack, t.admin.cookie, { prefix: 'KE', divisions: 1, perBatch: 2 });
    await markLecture(doomed);
    await markLecture(kept);
    const keptBefore = (await itemsMentioning(subtreeIds(kept))).length;
    const before = await countByEntity();

    const preview = await t.stack.call('GET', `/api/v1/semester/${doomed.semid}/dependents`, { cookie: t.admin.cookie });
    expect(preview.body.data).toEqual({ divisions: 2, batches: 4, students: 12, courses: 1, attendance: 1 });
    expect(await countByEntity()).toEqual(before);

    const result = await t.stack.call('DELETE', `/api/v1/semester/${doomed.semid}`, { cookie: t.admin.cookie });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ _id: doomed.semid, deleted: { divisions: 2, batches: 4, students: 12, courses: 1, attendance: 1 } });
    expect((await t.stack.call('GET', `/api/v1/semester/${doomed.semid}/dependents`, { cookie: t.admin.cookie })).status).toBe(404);

    expect(await itemsMentioning(subtreeIds(doomed))).toEqual([]);
    expect((await itemsMentioning(subtreeIds(kept))).length).toBe(keptBefore);
    const after = await countByEntity();
    expect(before.enrollment! - (after.enrollment ?? 0)).toBe(12);
    expect(before.student! - (after.student ?? 0)).toBe(12);
    const semesters = await t.stack.call('GET', `/api/v1/semester/${doomed.termid}`, { cookie: t.admin.cookie });
    expect(semesters.body.data).toEqual([]);
    // Enrollments are free again.
    await create(t.stack, t.admin.cookie, 'student', {
      enrollment: 'CA001',
      name: 'Back',
      email: 'back@college.test',
      batchid: kept.divisions[0]!.batches[0]!.id,
    });
  });

  it.each([
    ['a crash', 'InjectedInterruption', 500],
    ['throttling', 'ThrottlingException', 503],
  ])('finishes a delete stopped midway by %s (%s: %i) when run again, leaving no orphans', async (_why, error, status) => {
    const college = await buildCollege(t.stack, t.admin.cookie, { prefix: `IN${status}-`, divisions: 2, perBatch: 3 });
    // Let the delete get part of the way, then fail every BatchWriteItem.
    let batchWrites = 0;
    const failed = await withDatabaseError(
      error,
      (command) => command.startsWith('BatchWrite') && ++batchWrites > 3,
      () => t.stack.call('DELETE', `/api/v1/semester/${college.semid}`, { cookie: t.admin.cookie }),
    );
    expect(failed.status).toBe(status);
    const left = await itemsMentioning(subtreeIds(college));
    expect(left.length).toBeGreaterThan(0);

    // While marked for deletion nothing new can be created under it.
    const blocked = await t.stack.call('POST', '/api/v1/division', {
      cookie: t.admin.cookie,
      body: { name: 'Late', semid: college.semid },
    });
    expect(blocked.status).toBe(400);

    const again = await t.stack.call('DELETE', `/api/v1/semester/${college.semid}`, { cookie: t.admin.cookie });
    expect(again.status).toBe(200);
    expect(await itemsMentioning(subtreeIds(college))).toEqual([]);
  });
});

describe('cascade: course', () => {
  it('deleting a course removes its sessions and their history, and leaves other courses’ alone', async () => {
    const college = await buildCollege(t.stack, t.admin.cookie, { prefix: 'CH', divisions: 1, perBatch: 2 });
    const other = await create(t.stack, t.admin.cookie, 'course', { name: 'Kept', semid: college.semid });
    await markLecture(college);
    const kept = await markLecture(college, other);
    const items = await countByEntity();

    const preview = await t.stack.call('GET', `/api/v1/course/${college.courseid}/dependents`, { cookie: t.admin.cookie });
    expect(preview.body.data).toEqual({ divisions: 0, batches: 0, students: 0, courses: 0, attendance: 1 });
    const result = await t.stack.call('DELETE', `/api/v1/course/${college.courseid}`, { cookie: t.admin.cookie });
    expect(result.body.data).toEqual({
      _id: college.courseid,
      deleted: { divisions: 0, batches: 0, students: 0, courses: 0, attendance: 1 },
    });
    expect(await itemsMentioning([college.courseid])).toEqual([]);
    const after = await countByEntity();
    expect([items.attendance! - after.attendance!, items.attendanceHistory! - after.attendanceHistory!]).toEqual([1, 2]);
    const history = await t.stack.api('GET /attendance/{id}/history', { params: { id: kept }, cookie: t.admin.cookie });
    expect(history.body.data.length).toBe(2);
  });
});

describe('cascade: division and batch', () => {
  it('deleting a division removes its batches and their students', async () => {
    const college = await buildCollege(t.stack, t.admin.cookie, { prefix: 'DV', divisions: 2, perBatch: 2 });
    const [first, second] = college.divisions;
    const preview = await t.stack.call('GET', `/api/v1/division/${first!.id}/dependents`, { cookie: t.admin.cookie });
    expect(preview.body.data).toEqual({ divisions: 0, batches: 2, students: 4, courses: 0, attendance: 0 });
    const batchPreview = await t.stack.call('GET', `/api/v1/batch/${first!.batches[0]!.id}/dependents`, { cookie: t.admin.cookie });
    expect(batchPreview.body.data).toMatchObject({ students: 2 });
    const result = await t.stack.call('DELETE', `/api/v1/division/${first!.id}`, { cookie: t.admin.cookie });
    expect(result.body.data).toMatchObject({ deleted: { batches: 2, students: 4 } });
    expect(await itemsMentioning([first!.id, ...first!.batches.flatMap((b) => [b.id, ...b.students])])).toEqual([]);
    expect((await t.stack.call('GET', `/api/v1/student/division/${second!.id}`, { cookie: t.admin.cookie })).body.data).toHaveLength(4);
  });

  it('deleting a batch removes its students', async () => {
    const college = await buildCollege(t.stack, t.admin.cookie, { prefix: 'BA', divisions: 1, perBatch: 2 });
    const [first, second] = college.divisions[0]!.batches;
    const result = await t.stack.call('DELETE', `/api/v1/batch/${first!.id}`, { cookie: t.admin.cookie });
    expect(result.body).toMatchObject({ message: 'Batch deleted successfully', data: { deleted: { students: 2 } } });
    expect(await itemsMentioning([first!.id, ...first!.students])).toEqual([]);
    expect((await t.stack.call('GET', `/api/v1/student/${second!.id}`, { cookie: t.admin.cookie })).body.data).toHaveLength(2);
  });
});

describe('cascade: the original client’s step-by-step routes', () => {
  it('DELETE division/delete/{semid}, POST batch/delete and POST student/delete each finish their level', async () => {
    const college = await buildCollege(t.stack, t.admin.cookie, { prefix: 'OC', divisions: 2, perBatch: 1 });
    const divIds = college.divisions.map((d) => d.id);
    const batchIds = college.divisions.flatMap((d) => d.batches.map((b) => b.id));

    const students = await t.stack.call('POST', '/api/v1/student/delete', { cookie: t.admin.cookie, body: { batches_id: batchIds } });
    expect(students.body.data).toEqual({ deleted: 4 });
    const batches = await t.stack.api('POST /batch/delete', { cookie: t.admin.cookie, body: { divIds } });
    expect(batches.body.data.sort()).toEqual([...batchIds].sort());
    const divisions = await t.stack.api('DELETE /division/delete/{semid}', { params: { semid: college.semid }, cookie: t.admin.cookie });
    expect(divisions.body.data.sort()).toEqual([...divIds].sort());
    expect(
      await itemsMentioning([...divIds, ...batchIds, ...college.divisions.flatMap((d) => d.batches.flatMap((b) => b.students))]),
    ).toEqual([]);

    expect((await t.stack.call('POST', '/api/v1/batch/delete', { cookie: t.admin.cookie, body: { divIds: [] } })).status).toBe(400);
    expect((await t.stack.call('POST', '/api/v1/student/delete', { cookie: t.admin.cookie, body: {} })).body.message).toBe(
      'Some error occur',
    );
  });
});
