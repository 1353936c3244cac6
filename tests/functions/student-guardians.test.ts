import { describe, expect, it } from 'vitest';
import type { ApiBody } from '@shared/api-contract';
import { GUARDIAN_MESSAGES } from '@shared/schemas/guardians';
import type { Student } from '@shared/schemas/structure';
import { create, useCollege } from '@tests/support/college';
import { withDatabaseError, withWriteHeld } from '@tests/support/faults';
import { useTestStack } from '@tests/support/stack';

/**
 * A student's guardian contacts through POST student and PATCH student/{id}: stored, answered to
 * admins only, replaced whole or cleared, refused with a 400 that changes nothing, and two
 * changes at once ending with one whole list.
 */
const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'GD', divisions: 1, perBatch: 1 });
const batchid = () => college.divisions[0]!.batches[0]!.id;

const mother = { name: 'Asha Rao', relation: 'Mother', email: 'asha.rao@example.com' };
const father = { name: 'Ravi Rao', relation: 'Father', phone: '+91 98200 12345' };

/** Sent as on the wire (the bad-input tests send what the contract does not allow); the answer's student typed. */
const withStudent = <R extends { body: { data: Student } }>(result: R) => ({ ...result, student: result.body.data });
const addStudent = async (body: Record<string, unknown>) =>
  withStudent(await t.stack.api('POST /student', { cookie: t.admin.cookie, body: body as ApiBody<'POST /student'> }));
const newStudent = (enrollment: string, extra: Record<string, unknown> = {}) =>
  create(t.stack, t.admin.cookie, 'student', {
    enrollment,
    name: `Student ${enrollment}`,
    email: `${enrollment.toLowerCase()}@college.test`,
    batchid: batchid(),
    ...extra,
  });
const patch = async (id: string, body: Record<string, unknown>) =>
  withStudent(
    await t.stack.api('PATCH /student/{id}', { params: { id }, cookie: t.admin.cookie, body: body as ApiBody<'PATCH /student/{id}'> }),
  );
const readOne = async (id: string, cookie = t.admin.cookie) =>
  (await t.stack.api('GET /student/student/{id}', { params: { id }, cookie })).body.data;
/** The student as the batch's list has it (a separate item, written in the same transaction). */
const listed = async (id: string, cookie = t.admin.cookie) =>
  (await t.stack.api('GET /student/{batchid}', { params: { batchid: batchid() }, cookie })).body.data.find((s) => s._id === id);

describe('student guardians: create, update, clear', () => {
  it('adds a student with guardians, normalised, and answers them to admins only', async () => {
    const result = await addStudent({
      enrollment: 'GD101',
      name: 'Kiran Rao',
      email: 'kiran@college.test',
      batchid: batchid(),
      guardians: [{ ...mother, email: ' Asha.Rao@Example.COM ', relation: 'mother' }, father],
    });
    expect(result.status, result.body.message).toBe(201);
    expect(result.student.guardians).toEqual([mother, father]);
    const id = result.student._id;
    expect((await readOne(id)).guardians).toEqual([mother, father]);
    expect((await listed(id))?.guardians).toEqual([mother, father]);

    // Contact details stay out of what faculty read.
    expect(await readOne(id, t.faculty.cookie)).not.toHaveProperty('guardians');
    expect(await listed(id, t.faculty.cookie)).not.toHaveProperty('guardians');
  });

  it('adds a student without guardians as before', async () => {
    const id = await newStudent('GD102');
    expect(await readOne(id)).not.toHaveProperty('guardians');
  });

  it('replaces the list with the one sent, keeps it when none is sent, and clears it with []', async () => {
    const id = await newStudent('GD103', { guardians: [mother] });
    const replaced = await patch(id, { guardians: [father] });
    expect(replaced.status, replaced.body.message).toBe(200);
    expect(replaced.student.guardians).toEqual([father]);

    const renamed = await patch(id, { name: 'Renamed Student' });
    expect(renamed.student).toMatchObject({ name: 'Renamed Student', guardians: [father] });
    expect((await listed(id))?.guardians).toEqual([father]);

    const cleared = await patch(id, { guardians: [] });
    expect(cleared.status).toBe(200);
    expect(cleared.student.guardians).toEqual([]);
    expect((await readOne(id)).guardians ?? []).toEqual([]);
    expect((await listed(id))?.guardians ?? []).toEqual([]);
  });

  it('stores the largest list allowed in a bounded item', async () => {
    const longest = (relation: string) => ({
      name: 'क'.repeat(200),
      relation,
      email: `${'a'.repeat(240)}@example.com`,
      phone: '+91 98200-12345 6789'.slice(0, 19),
    });
    const id = await newStudent('GD104', { guardians: [longest('Mother'), longest('Father')] });
    const student = await readOne(id);
    expect(student.guardians).toHaveLength(2);
    // Two contacts add at most about 2 KB to the student and to its list entry: far below DynamoDB's 400 KB.
    expect(new TextEncoder().encode(JSON.stringify(student.guardians)).length).toBeLessThan(2_200);
  });
});

describe('student guardians: bad input is a 400 and changes nothing', () => {
  const bad: [unknown, string][] = [
    [[mother, father, { ...mother, name: 'Third' }], GUARDIAN_MESSAGES.tooMany],
    [[{ ...mother, email: 'asha@' }], GUARDIAN_MESSAGES.email],
    [[{ ...father, phone: '12-34' }], GUARDIAN_MESSAGES.phone],
    [[{ name: 'Asha Rao', relation: 'Mother' }], GUARDIAN_MESSAGES.reach],
    [[{ ...mother, relation: 'Aunt' }], GUARDIAN_MESSAGES.relation],
    [[{ ...mother, name: ' ' }], GUARDIAN_MESSAGES.name],
    [['Asha Rao'], GUARDIAN_MESSAGES.contact],
    ['Asha Rao', GUARDIAN_MESSAGES.list],
  ];

  it.each(bad)('refuses guardians %j on create: %s', async (guardians, message) => {
    const result = await addStudent({ enrollment: 'GDBAD', name: 'Bad', email: 'bad@college.test', batchid: batchid(), guardians });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message);
    const list = (await t.stack.api('GET /student/{batchid}', { params: { batchid: batchid() }, cookie: t.admin.cookie })).body.data;
    expect(list.some((s) => s.enrollment === 'GDBAD')).toBe(false);
  });

  it.each(bad)('refuses guardians %j on update: %s', async (guardians, message) => {
    const id = college.divisions[0]!.batches[1]!.students[0]!;
    await patch(id, { guardians: [mother] });
    const result = await patch(id, { name: 'Changed Too', guardians });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message);
    expect(await readOne(id)).toMatchObject({ name: 'Student GD002', guardians: [mother] });
  });
});

describe('student guardians: races and faults', () => {
  const lists = Array.from({ length: 6 }, (_, at) => [
    { name: `Mother ${at}`, relation: 'Mother', email: `mother${at}@example.com` },
    { name: `Father ${at}`, relation: 'Father', phone: `98200 1234${at}` },
  ]);

  it('ends six simultaneous changes of the guardians with one whole list, the same in the student and its list entry', async () => {
    const id = await newStudent('GD201', { guardians: [mother] });
    const results = await Promise.all(lists.map((guardians) => patch(id, { guardians })));
    for (const result of results) expect([200, 409], result.body.message).toContain(result.status);
    expect(results.some((result) => result.status === 200)).toBe(true);
    const stored = (await readOne(id)).guardians;
    expect(lists).toContainEqual(stored);
    expect((await listed(id))?.guardians).toEqual(stored);
  });

  it('lets a change held mid-write land whole over one made meanwhile, never mixing the two', async () => {
    const id = await newStudent('GD202', { guardians: [mother] });
    const [held, meanwhile] = await withWriteHeld(
      (input) => JSON.stringify(input).includes('Mother 0'),
      () => patch(id, { guardians: lists[0] }),
      () => patch(id, { guardians: lists[1] }),
    );
    expect(meanwhile.status).toBe(200);
    expect(held.status).toBe(200);
    expect((await readOne(id)).guardians).toEqual(lists[0]);
    expect((await listed(id))?.guardians).toEqual(lists[0]);
  });

  it('keeps the guardians as they were when the database fails the write', async () => {
    const id = await newStudent('GD203', { guardians: [mother] });
    const result = await withDatabaseError(
      'InternalServerError',
      (command) => command === 'TransactWriteItemsCommand',
      () => patch(id, { guardians: [father] }),
    );
    expect(result.status).toBe(503);
    expect((await readOne(id)).guardians).toEqual([mother]);
    expect((await listed(id))?.guardians).toEqual([mother]);
    const added = await withDatabaseError(
      'InternalServerError',
      (command) => command === 'TransactWriteItemsCommand',
      () => addStudent({ enrollment: 'GD204', name: 'Not Saved', email: 'ns@college.test', batchid: batchid(), guardians: [mother] }),
    );
    expect(added.status).toBe(503);
    expect(
      (await t.stack.api('GET /student/{batchid}', { params: { batchid: batchid() }, cookie: t.admin.cookie })).body.data,
    ).not.toContainEqual(expect.objectContaining({ enrollment: 'GD204' }));
  });
});
