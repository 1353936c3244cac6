import { describe, expect, it } from 'vitest';
import { buildCollege, create, useCollege } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';

const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'ST', divisions: 2, perBatch: 2 });

const batch = (d: number, b: number) => college.divisions[d]!.batches[b]!;
const studentsOf = async (batchid: string) =>
  (await t.stack.api('GET /student/{batchid}', { params: { batchid }, cookie: t.faculty.cookie })).body.data;
/** A new student of the first batch: its id. */
const created = (student: { enrollment: string; name: string; email: string }) =>
  create(t.stack, t.admin.cookie, 'student', { ...student, batchid: batch(0, 0).id });
const addStudent = (body: Record<string, unknown>, cookie = t.admin.cookie) => t.stack.call('POST', '/api/v1/student', { cookie, body });

describe('student: least data for faculty', () => {
  it('gives faculty what marking and viewing need, without contact details; admins the whole record', async () => {
    const target = batch(1, 1);
    const id = target.students[0]!;
    const asFaculty = await t.stack.api('GET /student/{batchid}', { params: { batchid: target.id }, cookie: t.faculty.cookie });
    expect(asFaculty.body.data[0]).toEqual({
      _id: id,
      enrollment: expect.any(String),
      name: expect.any(String),
      batchid: target.id,
    });
    const one = await t.stack.call('GET', `/api/v1/student/student/${id}`, { cookie: t.faculty.cookie });
    expect(one.body.data).not.toHaveProperty('email');
    const division = await t.stack.call('GET', `/api/v1/student/division/${college.divisions[1]!.id}`, { cookie: t.faculty.cookie });
    expect(JSON.stringify(division.body.data)).not.toContain('@');

    const asAdmin = await t.stack.api('GET /student/{batchid}', { params: { batchid: target.id }, cookie: t.admin.cookie });
    expect(asAdmin.body.data[0]!.email).toMatch(/@college\.test$/);
    expect((await t.stack.call('GET', `/api/v1/student/student/${id}`, { cookie: t.admin.cookie })).body.data).toHaveProperty('email');
  });
});

describe('student: add and list', () => {
  it('adds a student to a batch and lists the batch in roll order', async () => {
    const target = batch(0, 0).id;
    const result = await addStudent({ enrollment: 'ST010', name: ' Neha Kapoor ', email: 'neha@college.test', batchid: target });
    expect(result.status).toBe(201);
    expect(result.body.data).toEqual({
      _id: expect.any(String),
      enrollment: 'ST010',
      name: 'Neha Kapoor',
      email: 'neha@college.test',
      batchid: target,
    });
    expect((await studentsOf(target)).map((s) => s.enrollment)).toEqual(['ST001', 'ST002', 'ST010']);
  });

  it('lists a division’s students across its batches as batchStudents entries', async () => {
    const result = await t.stack.api('GET /student/division/{divisionid}', {
      params: { divisionid: college.divisions[1]!.id },
      cookie: t.faculty.cookie,
    });
    expect(result.status).toBe(200);
    const entries = result.body.data;
    expect(entries.map((e) => e.batchStudents.enrollment)).toEqual(['ST005', 'ST006', 'ST007', 'ST008']);
    expect(Object.keys(entries[0]!.batchStudents).sort()).toEqual(['_id', 'enrollment', 'name']);
  });

  it('finds one student by id', async () => {
    const id = batch(1, 1).students[0]!;
    const result = await t.stack.call('GET', `/api/v1/student/student/${id}`, { cookie: t.faculty.cookie });
    expect(result.body.data).toMatchObject({ _id: id, enrollment: 'ST007', batchid: batch(1, 1).id });
    expect((await t.stack.call('GET', '/api/v1/student/student/nobody', { cookie: t.faculty.cookie })).status).toBe(404);
  });

  it('answers empty lists with "No students found"', async () => {
    const empty = await create(t.stack, t.admin.cookie, 'batch', { name: 'Empty batch', divisionid: college.divisions[0]!.id });
    expect((await t.stack.call('GET', `/api/v1/student/${empty}`, { cookie: t.faculty.cookie })).body).toEqual({
      data: [],
      message: 'No students found',
    });
  });

  it.each([
    [{ name: 'A', email: 'a@college.test' }, 'Please enter enrollment'],
    [{ enrollment: 'X1', email: 'a@college.test' }, 'Please enter name'],
    [{ enrollment: 'X1', name: 'A' }, 'Please enter email'],
    [{ enrollment: 'X1', name: 'A', email: 'not-an-email' }, 'Email address must be a valid address'],
    [{ enrollment: 'X1', name: 'A', email: 'a@college.test', batchid: 'no-such-batch' }, 'Batch not found'],
  ])('refuses %j with 400 and writes nothing', async (body, message) => {
    const result = await addStudent({ batchid: batch(0, 1).id, ...body });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message);
    expect((await studentsOf(batch(0, 1).id)).map((s) => s.enrollment)).toEqual(['ST003', 'ST004']);
  });

  it('keeps enrollments unique across the college, in any case (409)', async () => {
    const result = await addStudent({ enrollment: 'st001', name: 'Copy', email: 'copy@college.test', batchid: batch(1, 0).id });
    expect(result.status).toBe(409);
    expect(result.body.message).toBe('A student with enrollment st001 already exists');
    expect(await studentsOf(batch(1, 0).id)).toHaveLength(2);
  });

  it('lets 20 simultaneous adds of one enrollment store exactly one student', async () => {
    const body = { enrollment: 'RACE1', name: 'Racer', email: 'race@college.test', batchid: batch(1, 0).id };
    const results = await Promise.all(Array.from({ length: 20 }, () => addStudent(body)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect((await studentsOf(batch(1, 0).id)).filter((s) => s.enrollment === 'RACE1')).toHaveLength(1);
  });

  it('is written by admins only', async () => {
    expect(
      (await addStudent({ enrollment: 'F1', name: 'F', email: 'f@college.test', batchid: batch(0, 0).id }, t.faculty.cookie)).status,
    ).toBe(403);
  });
});

describe('student: update and delete', () => {
  it('updates enrollment, name, email and batch, freeing the old enrollment', async () => {
    const id = await created({ enrollment: 'UP1', name: 'Old Name', email: 'old@college.test' });
    const result = await t.stack.call('PATCH', `/api/v1/student/${id}`, {
      cookie: t.admin.cookie,
      body: { enrollment: 'UP2', name: 'New Name', email: 'new@college.test', batchid: batch(1, 1).id },
    });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ _id: id, enrollment: 'UP2', name: 'New Name', email: 'new@college.test', batchid: batch(1, 1).id });
    expect((await studentsOf(batch(0, 0).id)).some((s) => s._id === id)).toBe(false);
    expect((await studentsOf(batch(1, 1).id)).find((s) => s._id === id)?.name).toBe('New Name');
    const division = await t.stack.call('GET', `/api/v1/student/division/${college.divisions[1]!.id}`, { cookie: t.admin.cookie });
    expect(JSON.stringify(division.body.data)).toContain('UP2');
    // UP1 is free again, UP2 is taken.
    expect((await addStudent({ enrollment: 'UP1', name: 'Reuse', email: 'r@college.test', batchid: batch(0, 0).id })).status).toBe(201);
    expect((await addStudent({ enrollment: 'up2', name: 'Clash', email: 'c@college.test', batchid: batch(0, 0).id })).status).toBe(409);
  });

  it('keeps what the update form leaves empty, and refuses a taken enrollment or a missing batch', async () => {
    const id = batch(0, 1).students[0]!;
    const same = await t.stack.call('PATCH', `/api/v1/student/${id}`, {
      cookie: t.admin.cookie,
      body: { enrollment: '', name: 'Only Name', email: '' },
    });
    expect(same.body.data).toMatchObject({ enrollment: 'ST003', name: 'Only Name' });
    const taken = await t.stack.call('PATCH', `/api/v1/student/${id}`, { cookie: t.admin.cookie, body: { enrollment: 'ST001' } });
    expect(taken.status).toBe(409);
    const noBatch = await t.stack.call('PATCH', `/api/v1/student/${id}`, { cookie: t.admin.cookie, body: { batchid: 'gone' } });
    expect(noBatch.status).toBe(400);
    expect((await t.stack.call('GET', `/api/v1/student/student/${id}`, { cookie: t.admin.cookie })).body.data).toMatchObject({
      enrollment: 'ST003',
      batchid: batch(0, 1).id,
    });
    expect((await t.stack.call('PATCH', '/api/v1/student/nobody', { cookie: t.admin.cookie, body: { name: 'X' } })).status).toBe(404);
  });

  it('deletes a student (404 for an unknown id) and frees the enrollment', async () => {
    const id = await created({ enrollment: 'DEL1', name: 'Gone', email: 'gone@college.test' });
    const result = await t.stack.call('DELETE', `/api/v1/student/${id}`, { cookie: t.admin.cookie });
    expect(result.status).toBe(200);
    expect(result.body.message).toBe('Student deleted successfully');
    expect((await t.stack.call('DELETE', `/api/v1/student/${id}`, { cookie: t.admin.cookie })).status).toBe(404);
    expect((await addStudent({ enrollment: 'DEL1', name: 'Again', email: 'again@college.test', batchid: batch(0, 0).id })).status).toBe(
      201,
    );
  });
});

describe('student: change of term', () => {
  it('moves every student of the old batch into the new one, leaving the old batch empty', async () => {
    const next = await buildCollege(t.stack, t.admin.cookie, { prefix: 'NX', divisions: 1, perBatch: 1 });
    const from = batch(1, 0);
    const before = await studentsOf(from.id);
    const to = next.divisions[0]!.batches[0]!.id;
    const result = await t.stack.call('PATCH', '/api/v1/student/updateterm', {
      cookie: t.admin.cookie,
      body: { oldbatchid: from.id, newbatchid: to },
    });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ moved: before.length });
    expect(await studentsOf(from.id)).toEqual([]);
    const after = await studentsOf(to);
    expect(after.map((s) => s._id).sort()).toEqual([...before.map((s) => s._id), next.divisions[0]!.batches[0]!.students[0]].sort());
    expect(after.every((s) => s.batchid === to)).toBe(true);
    const division = await t.stack.api('GET /student/division/{divisionid}', {
      params: { divisionid: next.divisions[0]!.id },
      cookie: t.admin.cookie,
    });
    expect(division.body.data.length).toBe(before.length + 2);
  });

  it('validates the two batches', async () => {
    const same = await t.stack.call('PATCH', '/api/v1/student/updateterm', {
      cookie: t.admin.cookie,
      body: { oldbatchid: batch(0, 0).id, newbatchid: batch(0, 0).id },
    });
    expect(same.status).toBe(400);
    const missing = await t.stack.call('PATCH', '/api/v1/student/updateterm', {
      cookie: t.admin.cookie,
      body: { oldbatchid: batch(0, 0).id, newbatchid: 'nope' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Batch not found');
    expect(
      (await t.stack.call('PATCH', '/api/v1/student/updateterm', { cookie: t.faculty.cookie, body: { oldbatchid: 'a', newbatchid: 'b' } }))
        .status,
    ).toBe(403);
  });
});
