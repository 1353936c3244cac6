import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GUARDIAN_MESSAGES } from '@shared/schemas/guardians';
import type { Student } from '@shared/schemas/structure';
import type { Routes } from './support/fake-api';
import { addedBody, loadAdminScreens, main, openAdmin, rowTexts, typeInto } from './support/admin';
import { AARAV, DIYA } from './support/fixtures';

/** The Student screen's optional guardian contacts: Add guardian and Remove, their checks, the update dialog and the list. */
loadAdminScreens();

const mother = { name: 'Asha Patel', relation: 'Mother' as const, email: 'asha@example.com' };
const father = { name: 'Ravi Patel', relation: 'Father' as const, phone: '+91 98200 12345' };
const WITH_GUARDIANS: Student = { ...AARAV, guardians: [mother, father] };

async function openStudents<T>(extra?: Routes<T>) {
  const opened = await openAdmin('/dashboard/student', 'Student', { 'GET /student/b1': { data: [AARAV, DIYA] }, ...extra });
  await waitFor(() => expect(main().getByLabelText('Batch')).toHaveValue('b1'));
  return opened;
}
const guardiansBox = () => within(main().getByRole('group', { name: 'Guardians (optional)' }));

describe('student screen: guardian contacts', () => {
  it('adds up to two guardians, moves the second up when the first is removed, and sends them with the student', async () => {
    const opened = await openStudents({
      'POST /student': (body) => ({ status: 201, data: { _id: 'st9', ...body } as Student, message: 'Student added successfully' }),
    });
    const { app } = opened;
    expect(guardiansBox().getByText(/No guardian contacts/)).toBeInTheDocument();
    await app.user.click(guardiansBox().getByRole('button', { name: 'Add guardian' }));
    expect(main().getByLabelText('Guardian 1 name')).toHaveFocus();
    await typeInto(app, { 'Guardian 1 name': 'Someone Else', 'Guardian 1 phone': '9820000000' });
    await app.user.click(guardiansBox().getByRole('button', { name: 'Add guardian' }));
    expect(main().getByLabelText('Guardian 2 name')).toHaveFocus();
    // Two is the most: no third.
    expect(guardiansBox().queryByRole('button', { name: 'Add guardian' })).not.toBeInTheDocument();
    await typeInto(app, { 'Guardian 2 name': 'Asha Patel', 'Guardian 2 email': 'Asha@Example.com' });
    await app.user.selectOptions(main().getByLabelText('Guardian 2 relation'), 'Mother');

    await app.user.click(guardiansBox().getByRole('button', { name: 'Remove guardian 1' }));
    expect(main().getByLabelText('Guardian 1 name')).toHaveValue('Asha Patel');
    expect(main().getByLabelText('Guardian 1 relation')).toHaveValue('Mother');
    expect(main().queryByLabelText('Guardian 2 name')).not.toBeInTheDocument();
    expect(guardiansBox().getByRole('button', { name: 'Add guardian' })).toHaveFocus();

    await typeInto(app, { Enrollment: '25CE031', Name: 'Kabir Mehta', Email: 'kabir@college.test' });
    const sent = await addedBody(opened, 'Add Student', 'Student added successfully', '/student');
    expect(sent).toEqual({ enrollment: '25CE031', name: 'Kabir Mehta', email: 'kabir@college.test', batchid: 'b1', guardians: [mother] });
    // The form is empty again, guardians included.
    expect(main().queryByLabelText('Guardian 1 name')).not.toBeInTheDocument();
  });

  it('shows each guardian’s problem under its field, focuses the first, and sends nothing', async () => {
    const { app, api } = await openStudents();
    await typeInto(app, { Enrollment: '25CE031', Name: 'Kabir Mehta', Email: 'kabir@college.test' });
    await app.user.click(guardiansBox().getByRole('button', { name: 'Add guardian' }));
    await app.user.click(guardiansBox().getByRole('button', { name: 'Add guardian' }));
    await typeInto(app, { 'Guardian 1 name': 'Asha Patel', 'Guardian 2 name': 'Ravi Patel', 'Guardian 2 phone': '12-34' });
    await app.user.selectOptions(main().getByLabelText('Guardian 2 relation'), 'Father');
    await app.user.click(main().getByRole('button', { name: 'Add Student' }));

    expect(main().getByLabelText('Guardian 1 relation')).toHaveAccessibleDescription(GUARDIAN_MESSAGES.relation);
    expect(main().getByLabelText('Guardian 1 email')).toHaveAccessibleDescription(GUARDIAN_MESSAGES.reach);
    expect(main().getByLabelText('Guardian 2 phone')).toHaveAccessibleDescription(GUARDIAN_MESSAGES.phone);
    expect(main().getByLabelText('Guardian 1 relation')).toHaveFocus();
    expect(api.callsTo('POST', '/student')).toHaveLength(0);

    // Typing clears that field's message.
    await app.user.type(main().getByLabelText('Guardian 1 email'), 'asha@example.com');
    expect(main().getByLabelText('Guardian 1 email')).not.toHaveAccessibleDescription(GUARDIAN_MESSAGES.reach);
  });

  it('lists a student’s guardians beside the student', async () => {
    await openStudents({ 'GET /student/b1': { data: [WITH_GUARDIANS, DIYA] } });
    const table = await screen.findByRole('table', { name: 'Students of Batch 1A (Semester 3)' });
    expect(rowTexts(table)[0]![3]).toBe('Asha Patel (Mother), asha@example.com' + 'Ravi Patel (Father), +91 98200 12345');
    expect(
      within(table)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Asha Patel (Mother), asha@example.com', 'Ravi Patel (Father), +91 98200 12345']);
  });

  it('Update: prefills the guardians, and removing both sends an empty list that clears them', async () => {
    const { app, api } = await openStudents({
      'GET /student/b1': { data: [WITH_GUARDIANS, DIYA] },
      'GET /student/student/st1': { data: WITH_GUARDIANS },
      'PATCH /student/st1': { data: AARAV, message: 'Student updated successfully' },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Update 25CE001' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Update details' }));
    await waitFor(() => expect(dialog.getByLabelText('Batch')).toHaveValue('b1'));
    expect(dialog.getByLabelText('Guardian 1 name')).toHaveValue('Asha Patel');
    expect(dialog.getByLabelText('Guardian 1 relation')).toHaveValue('Mother');
    expect(dialog.getByLabelText('Guardian 2 phone')).toHaveValue('+91 98200 12345');

    await app.user.click(dialog.getByRole('button', { name: 'Remove guardian 2' }));
    await app.user.click(dialog.getByRole('button', { name: 'Remove guardian 1' }));
    await app.user.click(dialog.getByRole('button', { name: 'Update Student' }));
    await screen.findByText('Student updated successfully');
    expect(api.callsTo('PATCH', '/student/st1')[0]!.body).toEqual({
      enrollment: '25CE001',
      name: 'Aarav Patel',
      email: 'aarav@college.test',
      batchid: 'b1',
      guardians: [],
    });
  });

  it('Update: a changed guardian is sent with the whole list', async () => {
    const { app, api } = await openStudents({
      'GET /student/b1': { data: [WITH_GUARDIANS] },
      'GET /student/student/st1': { data: WITH_GUARDIANS },
      'PATCH /student/st1': { data: WITH_GUARDIANS, message: 'Student updated successfully' },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Update 25CE001' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Update details' }));
    await waitFor(() => expect(dialog.getByLabelText('Batch')).toHaveValue('b1'));
    await app.user.type(dialog.getByLabelText('Guardian 2 email'), 'ravi@example.com');
    await app.user.click(dialog.getByRole('button', { name: 'Update Student' }));
    await screen.findByText('Student updated successfully');
    expect(api.callsTo('PATCH', '/student/st1')[0]!.body).toMatchObject({
      guardians: [mother, { ...father, email: 'ravi@example.com' }],
    });
  });
});
