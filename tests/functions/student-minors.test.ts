import { describe, expect, it } from 'vitest';
import type { ApiBody } from '@shared/api-contract';
import { DEFAULT_TIME_ZONE, todayIn } from '@shared/dates';
import { ageOn } from '@shared/minors';
import { DOB_MESSAGES } from '@shared/schemas/date-of-birth';
import type { ImportRow } from '@shared/schemas/student-import';
import type { Student } from '@shared/schemas/structure';
import { mailerFromEnvironment } from '@functions/lib/alerts/mailer';
import { drainInvitations } from '@functions/lib/invitations/drain';
import { noteGuardianInformed } from '@functions/lib/repositories/accounts';
import { getStudent } from '@functions/lib/repositories/students';
import { recipientsOf, useMailCatcher } from '@tests/support/alerts';
import { create, useCollege } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';

/**
 * Guardians of minors (docs/product.md §2.6): a student's optional date of birth through the Student form's routes
 * and the CSV import, answered to admins only; for a minor, the guardian's invitation email recorded on the student
 * (one key at a time: sends at once all kept; never on a student deleted meanwhile), and kept by every edit.
 */
const t = useTestStack('admin', 'faculty');
const inbox = useMailCatcher();
// Semester 1 › Division 1 › Batch 1A: MN001, MN002; Batch 1B: MN003, MN004.
const college = useCollege(t, { prefix: 'MN', divisions: 1, perBatch: 2 });
const batchid = () => college.divisions[0]!.batches[0]!.id;

const today = todayIn(DEFAULT_TIME_ZONE);
/** A date of birth `years` years before today (in college time): that age today. */
const bornYearsAgo = (years: number) => `${Number(today.slice(0, 4)) - years}${today.slice(4)}`.replace(/-02-29$/, '-02-28');
const MINOR_DOB = bornYearsAgo(16);
const ADULT_DOB = bornYearsAgo(30);

const newStudent = (enrollment: string, extra: Record<string, unknown> = {}) =>
  create(t.stack, t.admin.cookie, 'student', {
    enrollment,
    name: `Student ${enrollment}`,
    email: `${enrollment.toLowerCase()}@college.test`,
    batchid: batchid(),
    ...extra,
  });
const add = (body: Record<string, unknown>) =>
  t.stack.api('POST /student', { cookie: t.admin.cookie, body: { batchid: batchid(), ...body } as ApiBody<'POST /student'> });
const patch = (id: string, body: Record<string, unknown>) =>
  t.stack.api('PATCH /student/{id}', { params: { id }, cookie: t.admin.cookie, body: body as ApiBody<'PATCH /student/{id}'> });
const readOne = async (id: string, cookie = t.admin.cookie): Promise<Student> =>
  (await t.stack.api('GET /student/student/{id}', { params: { id }, cookie })).body.data;
const listed = async (id: string, cookie = t.admin.cookie) =>
  (await t.stack.api('GET /student/{batchid}', { params: { batchid: batchid() }, cookie })).body.data.find((s) => s._id === id);
const drain = () => drainInvitations({ mailer: mailerFromEnvironment()!, deadline: Date.now() + 60_000 });
const inviteGuardians = (id: string) =>
  t.stack.api('POST /invitation', { body: { scope: 'batch', id, who: 'guardians' }, cookie: t.admin.cookie });

describe('student date of birth', () => {
  it('stores an optional date of birth, answers it to admins only, keeps it on other changes and clears it with null', async () => {
    expect(ageOn(MINOR_DOB, today)).toBe(16);
    const id = await newStudent('MN101', { dob: MINOR_DOB });
    expect((await readOne(id)).dob).toBe(MINOR_DOB);
    expect((await listed(id))?.dob).toBe(MINOR_DOB);
    // Faculty never see it.
    expect(await readOne(id, t.faculty.cookie)).not.toHaveProperty('dob');
    expect(await listed(id, t.faculty.cookie)).not.toHaveProperty('dob');

    // A change of something else, or an empty field (the update form's "as it is"), keeps it.
    expect((await patch(id, { name: 'Renamed Student', dob: '' })).body.data).toMatchObject({ name: 'Renamed Student', dob: MINOR_DOB });
    expect((await patch(id, { dob: ADULT_DOB })).body.data.dob).toBe(ADULT_DOB);
    const cleared = await patch(id, { dob: null });
    expect(cleared.status, cleared.body.message).toBe(200);
    expect(cleared.body.data).not.toHaveProperty('dob');
    expect(await readOne(id)).not.toHaveProperty('dob');
    expect(await listed(id)).not.toHaveProperty('dob');
    // An empty field in the add form is no date.
    const blank = await add({ enrollment: 'MN102', name: 'Blank Dob', email: 'mn102@college.test', dob: '' });
    expect(blank.status, blank.body.message).toBe(201);
    expect(blank.body.data).not.toHaveProperty('dob');
  });

  it.each([
    ['2999-01-01', DOB_MESSAGES.future],
    [todayIn('Pacific/Kiritimati').replace(/^\d{4}/, (year) => String(Number(year) + 1)), DOB_MESSAGES.future],
    ['2010-02-30', DOB_MESSAGES.invalid],
    ['12/05/2010', DOB_MESSAGES.invalid],
    ['yesterday', DOB_MESSAGES.invalid],
    ['1899-12-31', DOB_MESSAGES.tooEarly],
  ])('refuses the date of birth %s with its message, on add and on update, changing nothing', async (dob, message) => {
    const added = await add({ enrollment: 'MN190', name: 'Bad Dob', email: 'mn190@college.test', dob });
    expect([added.status, added.body.message]).toEqual([400, message]);
    const id = college.divisions[0]!.batches[0]!.students[0]!;
    const updated = await patch(id, { dob });
    expect([updated.status, updated.body.message]).toEqual([400, message]);
    expect(await readOne(id)).not.toHaveProperty('dob');
  });

  it('accepts 1900-01-01 and today', async () => {
    expect((await add({ enrollment: 'MN103', name: 'Old Student', email: 'mn103@college.test', dob: '1900-01-01' })).status).toBe(201);
    expect((await add({ enrollment: 'MN104', name: 'New Born', email: 'mn104@college.test', dob: today })).status).toBe(201);
  });
});

describe('student import: the dob column', () => {
  const row = (enrollment: string, extra: Partial<ImportRow> = {}): ImportRow => ({
    enrollment,
    name: `Student ${enrollment}`,
    email: `${enrollment.toLowerCase()}@college.test`,
    semester: 'Semester 1',
    division: 'Division 1',
    batch: 'Batch 1A',
    ...extra,
  });
  const importRows = async (rows: ImportRow[]) => {
    const result = await t.stack.api('POST /student/import', { body: { rows }, cookie: t.admin.cookie });
    expect(result.status, result.body.message).toBe(200);
    return result.body.data;
  };

  it('reads YYYY-MM-DD, DD-MM-YYYY and DD/MM/YYYY; an empty cell is none; a bad date is its row’s error', async () => {
    const first = await importRows([
      row('IMP01', { dob: '2008-12-31' }),
      row('IMP02', { dob: '31-12-2008' }),
      row('IMP03', { dob: '5/6/2009' }),
      row('IMP04', { dob: '' }),
      row('IMP05', { dob: '31/02/2009' }),
      row('IMP06', { dob: '01-01-1899' }),
    ]);
    expect(first.counts).toEqual({ create: 4, update: 0, unchanged: 0, error: 2 });
    const [a, b, c, d] = first.results;
    expect((await readOne(a!.studentId!)).dob).toBe('2008-12-31');
    expect((await readOne(b!.studentId!)).dob).toBe('2008-12-31');
    expect((await readOne(c!.studentId!)).dob).toBe('2009-06-05');
    expect(await readOne(d!.studentId!)).not.toHaveProperty('dob');
    expect(first.results[4]).toMatchObject({ outcome: 'error', message: DOB_MESSAGES.invalid });
    expect(first.results[5]).toMatchObject({ outcome: 'error', message: DOB_MESSAGES.tooEarly });

    // The same dates again change nothing; a file without the column leaves them; an empty cell clears one.
    const again = await importRows([row('IMP01', { dob: '31/12/2008' }), row('IMP02'), row('IMP03', { dob: '' })]);
    expect(again.results.map((one) => [one.outcome, one.message])).toEqual([
      ['unchanged', 'Already up to date'],
      ['unchanged', 'Already up to date'],
      ['update', 'Changed date of birth'],
    ]);
    expect((await readOne(b!.studentId!)).dob).toBe('2008-12-31');
    expect(await readOne(c!.studentId!)).not.toHaveProperty('dob');
  });
});

describe('guardians of minors: informed by the invitation email', () => {
  const mother = { name: 'Asha Rao', relation: 'Mother', email: 'Asha.Rao@Family.test' };
  const father = { name: 'Ravi Rao', relation: 'Father', email: 'ravi@family.test' };

  it('records, for a minor only, when each guardian was sent the invitation, and every edit keeps it', async () => {
    const batch = college.divisions[0]!.batches[1]!;
    const [minor, adult] = batch.students;
    expect((await patch(minor!, { dob: MINOR_DOB, guardians: [mother, father] })).status).toBe(200);
    expect((await patch(adult!, { dob: ADULT_DOB, guardians: [{ ...father, email: 'other@family.test' }] })).status).toBe(200);
    expect((await readOne(minor!)).guardiansInformed).toBeUndefined();

    const before = new Date().toISOString();
    expect((await inviteGuardians(batch.id)).status).toBe(202);
    expect(await drain()).toMatchObject({ sent: 3 });
    expect(recipientsOf(await inbox.mails(3))).toEqual(['asha.rao@family.test', 'other@family.test', 'ravi@family.test']);

    const informed = (await readOne(minor!)).guardiansInformed!;
    expect(Object.keys(informed).sort()).toEqual(['asha.rao@family.test', 'ravi@family.test']);
    for (const record of Object.values(informed)) {
      expect(record.how).toBe('invitation email');
      expect(record.at >= before && record.at <= new Date().toISOString()).toBe(true);
    }
    // An adult's guardians are not recorded; faculty see none of it.
    expect((await readOne(adult!)).guardiansInformed).toBeUndefined();
    expect(await readOne(minor!, t.faculty.cookie)).not.toHaveProperty('guardiansInformed');
    // The list entries do not carry it (it would go stale there).
    const entries = (await t.stack.api('GET /student/{batchid}', { params: { batchid: batch.id }, cookie: t.admin.cookie })).body.data;
    expect(entries.find((s) => s._id === minor)).not.toHaveProperty('guardiansInformed');

    // An edit, a move to another batch and back (read from the list entries) keep it, and the date of birth.
    expect((await patch(minor!, { name: 'Renamed Minor' })).body.data.guardiansInformed).toEqual(informed);
    const moved = await t.stack.api('PATCH /student/updateterm', {
      body: { oldbatchid: batch.id, newbatchid: batchid() },
      cookie: t.admin.cookie,
    });
    expect(moved.status, moved.body.message).toBe(200);
    expect(await readOne(minor!)).toMatchObject({ batchid: batchid(), dob: MINOR_DOB, guardiansInformed: informed });
    expect((await patch(minor!, { batchid: batch.id })).status).toBe(200);
    expect(await readOne(minor!)).toMatchObject({ batchid: batch.id, dob: MINOR_DOB, guardiansInformed: informed });
  });

  it('keeps every one of many recordings made at once, the first ones creating the map together', async () => {
    const ids = await Promise.all(['MNC01', 'MNC02', 'MNC03'].map((enrollment) => newStudent(enrollment, { dob: MINOR_DOB })));
    const emails = ['a@family.test', 'B@Family.test', 'c@family.test', 'd@family.test', 'e@family.test'];
    const at = new Date('2026-07-01T04:30:00.000Z');
    const written = await Promise.all(ids.flatMap((id) => emails.map((email) => noteGuardianInformed(id, email, at))));
    expect(written.every(Boolean)).toBe(true);
    for (const id of ids) {
      const informed = (await getStudent(id))!.guardiansInformed!;
      expect(Object.keys(informed).sort()).toEqual(emails.map((email) => email.toLowerCase()).sort());
      expect(informed['b@family.test']).toEqual({ at: at.toISOString(), how: 'invitation email' });
    }
  });

  it('never brings back a student deleted meanwhile', async () => {
    const id = await newStudent('MND01', { dob: MINOR_DOB, guardians: [mother] });
    const deleted = await t.stack.api('DELETE /student/{id}', { params: { id }, cookie: t.admin.cookie });
    expect(deleted.status).toBe(200);
    expect(await noteGuardianInformed(id, mother.email, new Date())).toBe(false);
    expect(await getStudent(id)).toBeNull();
    // Nor one deleted between its first recording and the next.
    const other = await newStudent('MND02', { dob: MINOR_DOB, guardians: [mother] });
    expect(await noteGuardianInformed(other, mother.email, new Date())).toBe(true);
    await t.stack.api('DELETE /student/{id}', { params: { id: other }, cookie: t.admin.cookie });
    expect(await noteGuardianInformed(other, 'second@family.test', new Date())).toBe(false);
    expect(await getStudent(other)).toBeNull();
  });
});
