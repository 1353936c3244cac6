import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayIn } from '@shared/dates';
import { DOB_MESSAGES } from '@shared/schemas/date-of-birth';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import type { Student } from '@shared/schemas/structure';
import type { Routes } from './support/fake-api';
import { addedBody, loadAdminScreens, main, openAdmin, rowTexts, typeInto } from './support/admin';
import { AARAV, DIYA } from './support/fixtures';

/** The Student screen's date of birth, and for a minor their age and whether each guardian was informed (docs/product.md §2.6). */
loadAdminScreens();

const TIME_ZONE = 'Asia/Kolkata';
const today = todayIn(TIME_ZONE);
const bornYearsAgo = (years: number) => `${Number(today.slice(0, 4)) - years}${today.slice(4)}`.replace(/-02-29$/, '-02-28');
const mother = { name: 'Asha Patel', relation: 'Mother' as const, email: 'Asha@Example.com' };
const father = { name: 'Ravi Patel', relation: 'Father' as const, email: 'ravi@example.com' };
const MINOR: Student = {
  ...AARAV,
  dob: bornYearsAgo(16),
  guardians: [mother, father],
  // 04:30 UTC is 10:00 in Kolkata.
  guardiansInformed: { 'asha@example.com': { at: '2026-07-01T04:30:00.000Z', how: 'invitation email' } },
};
const ADULT: Student = { ...DIYA, dob: bornYearsAgo(30), guardians: [father] };

async function openStudents<T>(extra?: Routes<T>) {
  const opened = await openAdmin('/dashboard/student', 'Student', {
    'GET /settings': { data: { ...DEFAULT_SETTINGS, timeZone: TIME_ZONE } },
    'GET /student/b1': { data: [MINOR, ADULT] },
    ...extra,
  });
  await waitFor(() => expect(main().getByLabelText('Batch')).toHaveValue('b1'));
  return opened;
}
const setDate = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe('student screen: date of birth and minors', () => {
  it('adds a student with the optional date of birth, a date field', async () => {
    const opened = await openStudents({
      'POST /student': (body) => ({ status: 201, data: { _id: 'st9', ...body } as Student, message: 'Student added successfully' }),
    });
    const dob = main().getByLabelText('Date of birth (optional)');
    expect(dob).toHaveAttribute('type', 'date');
    await typeInto(opened.app, { Enrollment: '25CE031', Name: 'Kabir Mehta', Email: 'kabir@college.test' });
    setDate(dob, '2010-05-04');
    const sent = await addedBody(opened, 'Add Student', 'Student added successfully', '/student');
    expect(sent).toEqual({ enrollment: '25CE031', name: 'Kabir Mehta', email: 'kabir@college.test', batchid: 'b1', dob: '2010-05-04' });
  });

  it('refuses a date of birth in the future under its field, and sends nothing', async () => {
    const { app, api } = await openStudents();
    await typeInto(app, { Enrollment: '25CE031', Name: 'Kabir Mehta', Email: 'kabir@college.test' });
    setDate(main().getByLabelText('Date of birth (optional)'), '2999-01-01');
    await app.user.click(main().getByRole('button', { name: 'Add Student' }));
    expect(main().getByLabelText('Date of birth (optional)')).toHaveAccessibleDescription(DOB_MESSAGES.future);
    expect(api.callsTo('POST', '/student')).toHaveLength(0);
  });

  it('says in the list which students are minors, with their age', async () => {
    await openStudents();
    const table = await screen.findByRole('table', { name: 'Students of Batch 1A (Semester 3)' });
    const [minor, adult] = rowTexts(table);
    expect(minor![3]).toBe('Minor (age 16)' + 'Asha Patel (Mother), Asha@Example.com' + 'Ravi Patel (Father), ravi@example.com');
    expect(adult![3]).toBe('Ravi Patel (Father), ravi@example.com');
  });

  it('shows a minor’s guardians informed or not in Update details, and an emptied date of birth is cleared', async () => {
    const { app, api } = await openStudents({
      'GET /student/student/st1': { data: MINOR },
      'PATCH /student/st1': { data: AARAV, message: 'Student updated successfully' },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Update 25CE001' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Update details' }));
    await waitFor(() => expect(dialog.getByLabelText('Batch')).toHaveValue('b1'));
    const informed = within(dialog.getByRole('region', { name: 'Guardians informed' }));
    expect(informed.getByText('Minor (age 16)')).toBeInTheDocument();
    expect(informed.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Asha Patel (Mother): Informed by invitation email on 1 Jul 2026, 10:00',
      'Ravi Patel (Father): Not informed yet',
    ]);

    const dob = dialog.getByLabelText('Date of birth (optional)');
    expect(dob).toHaveValue(MINOR.dob);
    setDate(dob, '');
    await app.user.click(dialog.getByRole('button', { name: 'Update Student' }));
    await screen.findByText('Student updated successfully');
    expect(api.callsTo('PATCH', '/student/st1')[0]!.body).toMatchObject({ dob: null });
  });

  it('shows nothing of the kind for an adult, and sends no date of birth for one who has none', async () => {
    const { app, api } = await openStudents({
      'GET /student/b1': { data: [AARAV, ADULT] },
      'GET /student/student/st2': { data: ADULT },
      'GET /student/student/st1': { data: AARAV },
      'PATCH /student/st1': { data: AARAV, message: 'Student updated successfully' },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Update 25CE002' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Update details' }));
    expect(dialog.getByLabelText('Date of birth (optional)')).toHaveValue(ADULT.dob);
    expect(dialog.queryByRole('region', { name: 'Guardians informed' })).not.toBeInTheDocument();
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await app.user.click(await screen.findByRole('button', { name: 'Update 25CE001' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Update details' }));
    await waitFor(() => expect(dialog.getByLabelText('Batch')).toHaveValue('b1'));
    await app.user.click(dialog.getByRole('button', { name: 'Update Student' }));
    await screen.findByText('Student updated successfully');
    expect(api.callsTo('PATCH', '/student/st1')[0]!.body).not.toHaveProperty('dob');
  });
});
