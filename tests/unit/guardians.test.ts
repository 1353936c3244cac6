import { describe, expect, it } from 'vitest';
import {
  GUARDIAN_COLUMNS,
  GUARDIAN_MESSAGES,
  guardianCells,
  guardianListSchema,
  guardianSchema,
  isPhone,
  MAX_GUARDIANS,
  sameGuardians,
} from '@shared/schemas/guardians';
import { rowProblems } from '@shared/schemas/student-import';
import { studentSchema, studentUpdateSchema } from '@shared/schemas/structure';
import { cellPath, withGuardianCells } from '@web/features/admin/guardian-form';

/** A student's guardian contacts (shared/schemas/guardians.ts): what is kept, how it is normalised, and each refusal's message. */
const messages = (value: unknown) => {
  const parsed = guardianSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};
const mother = { name: 'Asha Rao', relation: 'Mother', email: 'asha@example.com' };

describe('a guardian contact', () => {
  it('keeps a name, a relation and an email or a phone, normalised as stored', () => {
    expect(guardianSchema.parse({ name: '  Asha   Rao ', relation: ' mother ', email: ' Asha.Rao@Example.COM ' })).toEqual({
      name: 'Asha Rao',
      relation: 'Mother',
      email: 'asha.rao@example.com',
    });
    expect(guardianSchema.parse({ name: 'Ravi Rao', relation: 'Father', phone: ' +91  98200-12345 ' })).toEqual({
      name: 'Ravi Rao',
      relation: 'Father',
      phone: '+91 98200-12345',
    });
    // A spreadsheet's text mark before a + (as SAMS's CSV export writes it) is not part of the number.
    expect(guardianSchema.parse({ ...mother, phone: "'+91 98200 12345" }).phone).toBe('+91 98200 12345');
    expect(messages({ ...mother, phone: "'98200 12345" })).toEqual([GUARDIAN_MESSAGES.phone]);
    // An empty email or phone is none, as an absent one is.
    expect(guardianSchema.parse({ ...mother, phone: '  ' })).toEqual(mother);
  });

  it.each([
    [{ ...mother, name: '' }, GUARDIAN_MESSAGES.name],
    [{ ...mother, name: undefined }, GUARDIAN_MESSAGES.name],
    [{ ...mother, relation: 'Uncle' }, GUARDIAN_MESSAGES.relation],
    [{ ...mother, relation: undefined }, GUARDIAN_MESSAGES.relation],
    [{ ...mother, email: 'asha@' }, GUARDIAN_MESSAGES.email],
    [{ ...mother, email: 42 }, GUARDIAN_MESSAGES.email],
    [{ ...mother, phone: '12345' }, GUARDIAN_MESSAGES.phone],
    [{ name: 'A', relation: 'Other' }, GUARDIAN_MESSAGES.reach],
    [{ name: 'A', relation: 'Other', email: '', phone: '' }, GUARDIAN_MESSAGES.reach],
    ['Asha', GUARDIAN_MESSAGES.contact],
  ])('refuses %j: %s', (value, message) => {
    expect(messages(value)).toEqual([message]);
  });

  it('says which guardian names the relations allowed, in plain words', () => {
    expect(GUARDIAN_MESSAGES.relation).toBe('Choose the guardian’s relation: Mother, Father, Guardian, Other');
  });

  it.each([
    ['9820012345', true],
    ['+91 98200 12345', true],
    ['022-2654-1103', true],
    ['1234567', true],
    ['123456', false],
    ['1234567890123456', false],
    ['98200 12345 ext 2', false],
    ['+91 +98200', false],
    ['-98200 12345', false],
    ['(022) 26541103', false],
  ])('a phone %j is %s', (phone, ok) => {
    expect(isPhone(phone)).toBe(ok);
  });
});

describe('a student’s list of guardians', () => {
  it(`holds at most ${MAX_GUARDIANS} contacts, and [] clears the list`, () => {
    expect(guardianListSchema.parse([])).toEqual([]);
    expect(guardianListSchema.parse([mother, { name: 'Ravi Rao', relation: 'Father', phone: '9820012345' }])).toHaveLength(2);
    const three = guardianListSchema.safeParse([mother, mother, mother]);
    expect(three.success ? [] : three.error.issues.map((issue) => issue.message)).toEqual([GUARDIAN_MESSAGES.tooMany]);
    expect(guardianListSchema.safeParse('Asha').error?.issues[0]?.message).toBe(GUARDIAN_MESSAGES.list);
  });

  it('is optional on create and update, and checked on both', () => {
    const student = { enrollment: 'G1', name: 'Kiran', email: 'kiran@college.test', batchid: 'b1' };
    expect(studentSchema.parse(student)).not.toHaveProperty('guardians');
    expect(studentSchema.parse({ ...student, guardians: [mother] }).guardians).toEqual([mother]);
    expect(studentSchema.safeParse({ ...student, guardians: [{ ...mother, email: 'x' }] }).error?.issues[0]?.message).toBe(
      GUARDIAN_MESSAGES.email,
    );
    expect(studentUpdateSchema.parse({ guardians: [] })).toEqual({ guardians: [] });
    expect(studentUpdateSchema.parse({ name: 'Kiran' })).not.toHaveProperty('guardians');
  });

  it('compares lists by their contacts in order', () => {
    expect(sameGuardians([mother], [{ ...mother }])).toBe(true);
    expect(sameGuardians(undefined, [])).toBe(true);
    expect(sameGuardians([mother], [])).toBe(false);
    expect(sameGuardians([mother], [{ ...mother, phone: '9820012345' }])).toBe(false);
  });
});

describe('guardian cells (CSV columns, Student form fields)', () => {
  it('names guardian 1 then guardian 2, four cells each', () => {
    expect(GUARDIAN_COLUMNS).toEqual([
      'guardian1_name',
      'guardian1_relation',
      'guardian1_email',
      'guardian1_phone',
      'guardian2_name',
      'guardian2_relation',
      'guardian2_email',
      'guardian2_phone',
    ]);
    expect(guardianCells([mother])).toMatchObject({ guardian1_name: 'Asha Rao', guardian1_phone: '', guardian2_name: '' });
  });

  const row = { enrollment: 'G1', name: 'Kiran', email: 'kiran@college.test', semester: 'S', division: 'D', batch: 'B' };
  it('leaves guardians out of a row without guardian columns, and reads an empty guardian as none', () => {
    expect(rowProblems(row)).toEqual({ value: row });
    expect(rowProblems({ ...row, guardian1_name: '', guardian2_name: '' })).toEqual({ value: { ...row, guardians: [] } });
    expect(rowProblems({ ...row, guardian2_name: 'Ravi', guardian2_relation: 'father', guardian2_phone: '9820012345' })).toEqual({
      value: { ...row, guardians: [{ name: 'Ravi', relation: 'Father', phone: '9820012345' }] },
    });
  });

  it('says which guardian of a row is wrong, with the row’s other errors', () => {
    expect(rowProblems({ ...row, email: 'x', guardian2_name: 'Ravi', guardian2_relation: 'Uncle' })).toEqual({
      error: `Email address must be a valid address; Guardian 2: ${GUARDIAN_MESSAGES.relation}; Guardian 2: ${GUARDIAN_MESSAGES.reach}`,
    });
  });

  it('shows the form’s guardian issues under their cells', () => {
    expect(cellPath(['guardians', 1, 'email'])).toEqual(['guardian2_email']);
    expect(cellPath(['guardians'])).toEqual(['guardians']);
    expect(cellPath(['name'])).toEqual(['name']);
    const form = withGuardianCells(studentUpdateSchema);
    const parsed = form.safeParse({ guardians: [mother, { name: '', relation: 'Father', phone: '1' }] });
    expect(parsed.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['guardian2_name'], GUARDIAN_MESSAGES.name],
      [['guardian2_phone'], GUARDIAN_MESSAGES.phone],
    ]);
    expect(form.parse({ guardians: [mother] })).toEqual({ guardians: [mother] });
  });
});
