import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '@shared/schemas/auth';
import type { Semester, Term } from '@shared/schemas/structure';
import { addedBody, columnNames, loadAdminScreens, main, openAdmin, rowTexts, typeInto } from './support/admin';
import { ADMIN, EVEN, ODD, SEMESTER_3 } from './support/fixtures';

loadAdminScreens();

describe('admin: the structure screens', () => {
  it('Term: adds a term (name, boolean status), then lists every term with True/False', async () => {
    const terms = [EVEN, ODD];
    const { api, app } = await openAdmin('/dashboard/term', 'Term', {
      'GET /term': () => ({ data: [...terms] }),
      'POST /term': (body) => {
        const term: Term = { _id: 't3', ...body };
        terms.push(term);
        return { status: 201, data: term, message: 'Term added successfully' };
      },
    });
    expect(main().getByLabelText('Name')).toHaveAttribute('name', 'name');
    expect(main().getByLabelText('Status')).toHaveAttribute('name', 'status');
    expect(
      within(main().getByLabelText('Status'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select status', 'inactive', 'active']);
    await app.user.type(main().getByLabelText('Name'), '2027-28 Odd Term');
    await app.user.selectOptions(main().getByLabelText('Status'), 'inactive');
    expect(await addedBody({ api, app }, 'Add Term', 'Term added successfully', '/term')).toEqual({
      name: '2027-28 Odd Term',
      status: false,
    });
    const table = await screen.findByRole('table', { name: 'Terms' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(rowTexts(table)).toEqual([
      ['2025-26 Even Term', 'False', 'Not set', 'RenameEdit datesHolidaysMake active…'],
      ['2026-27 Odd Term', 'True', 'Not set', 'RenameEdit datesHolidays'],
      ['2027-28 Odd Term', 'False', 'Not set', 'RenameEdit datesHolidaysMake active…'],
    ]);
    expect(main().getByLabelText('Name')).toHaveValue('');
  });

  it('Semester: the term select lists every term with the active one chosen; Get lists its semesters, Add refreshes them', async () => {
    let semesters: Semester[] = [SEMESTER_3];
    const { api, app } = await openAdmin('/dashboard/semester', 'Semester', {
      'GET /semester/t1': () => ({ data: [...semesters] }),
      'POST /semester': (body) => {
        const semester = { _id: 's7', ...body };
        semesters = [...semesters, semester];
        return { status: 201, data: semester, message: 'Semester added successfully' };
      },
    });
    const term = main().getByLabelText('Term');
    await waitFor(() => expect(term).toHaveValue('t1'));
    expect(
      within(term)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2025-26 Even Term', '2026-27 Odd Term']);

    await app.user.click(main().getByRole('button', { name: 'Get Semesters' }));
    const list = await screen.findByRole('table', { name: 'Semesters of 2026-27 Odd Term' });
    expect(await within(list).findByText('Semester 3')).toBeInTheDocument();
    // Get moves focus to the list's heading (which scrolls the list into view on a phone).
    expect(screen.getByRole('heading', { level: 2, name: 'Semesters of 2026-27 Odd Term' })).toHaveFocus();

    await app.user.type(main().getByLabelText('Name'), 'Semester 7');
    expect(await addedBody({ api, app }, 'Add Semester', 'Semester added successfully', '/semester')).toEqual({
      name: 'Semester 7',
      termid: 't1',
    });
    expect(await within(list).findByText('Semester 7')).toBeInTheDocument();
  });

  it('Semester: a duplicate (409) shows the server message', async () => {
    const { app } = await openAdmin('/dashboard/semester', 'Semester', {
      'POST /semester': { status: 409, message: 'A semester with this name already exists in this term' },
    });
    await waitFor(() => expect(main().getByLabelText('Term')).toHaveValue('t1'));
    await app.user.type(main().getByLabelText('Name'), 'Semester 3');
    await app.user.click(main().getByRole('button', { name: 'Add Semester' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A semester with this name already exists in this term');
  });

  it('Batch: semester → division (first preselected) → the division’s batches; the fixed delete message', async () => {
    const none = { divisions: 0, batches: 0, students: 0, courses: 0, attendance: 0 };
    const { api, app } = await openAdmin('/dashboard/batch', 'Batch', {
      'GET /batch/b1/dependents': { data: { ...none, students: 15 } },
      'DELETE /batch/b1': { data: { _id: 'b1', deleted: { ...none, students: 15 } }, message: 'whatever the server says' },
    });
    await waitFor(() => expect(main().getByLabelText('Division')).toHaveValue('d1'));
    expect(main().getByLabelText('Semester')).toHaveValue('s3');
    expect(main().getByLabelText('Semester')).toHaveAccessibleDescription('Semesters of the active term, 2026-27 Odd Term');
    await app.user.click(main().getByRole('button', { name: 'Get Batch' }));
    await app.user.click(await screen.findByRole('button', { name: 'Delete Batch 1A' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure ?' });
    expect(await within(dialog).findByText('15 students')).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Batch deleted successfully');
    expect(api.callsTo('DELETE', '/batch/b1')).toHaveLength(1);
  });

  it('Course: adds to the chosen semester; Slot: lists the slots of a term', async () => {
    const compilers = { _id: 'c9', name: 'Compilers', semid: 's5' };
    const { api, app } = await openAdmin('/dashboard/course', 'Course', {
      'POST /course': { status: 201, data: compilers, message: 'Course added successfully' },
      'GET /course/s5': { data: [compilers] },
    });
    await waitFor(() => expect(main().getByLabelText('Semester')).toHaveValue('s3'));
    await app.user.selectOptions(main().getByLabelText('Semester'), 's5');
    await app.user.type(main().getByLabelText('Name'), 'Compilers');
    expect(await addedBody({ api, app }, 'Add Course', 'Course added successfully', '/course')).toEqual({ name: 'Compilers', semid: 's5' });
    expect(await screen.findByRole('table', { name: 'Courses of Semester 5' })).toHaveTextContent('Compilers');
  });

  it('Slot: the empty list message', async () => {
    const { app } = await openAdmin('/dashboard/slot', 'Slot', { 'GET /slot/t2': { data: [], message: 'No slots found' } });
    await waitFor(() => expect(main().getByLabelText('Term')).toHaveValue('t1'));
    await app.user.selectOptions(main().getByLabelText('Term'), 't2');
    await app.user.click(main().getByRole('button', { name: 'Get Slots' }));
    expect(await screen.findByText('No slots found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Slots of 2025-26 Even Term' })).toBeInTheDocument();
  });
});

describe('admin: users', () => {
  const users: PublicUser[] = [
    ADMIN,
    { _id: 'u-f', username: 'Demo Faculty', email: 'faculty@sams.local', role: 'faculty' },
    { _id: 'u-2', username: 'Second Admin', email: 'second@sams.local', role: 'admin' },
  ];

  it('lists Name, Email, Role and Sign-in with Delete, without the signed-in admin', async () => {
    const { app } = await openAdmin('/dashboard/adduser', 'Add User', { 'GET /user': { data: users } });
    await app.user.click(main().getByRole('button', { name: 'Get Users' }));
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(columnNames(table)).toEqual(['Name', 'Email', 'Role', 'Sign-in', 'Actions']);
    expect(rowTexts(table).map((cells) => cells.slice(0, 3))).toEqual([
      ['Demo Faculty', 'faculty@sams.local', 'faculty'],
      ['Second Admin', 'second@sams.local', 'admin'],
    ]);
    expect(table).not.toHaveTextContent(ADMIN.email);
    expect(within(table).getAllByRole('button', { name: /^Delete / })).toHaveLength(2);
  });

  it('adds a user, then deletes one through the dialog: User Deleted Successfully', async () => {
    let list = [...users];
    const { api, app } = await openAdmin('/dashboard/adduser', 'Add User', {
      'GET /user': () => ({ data: list }),
      'POST /auth/register': ({ username, email, role }) => {
        const user = { _id: 'u-3', username, email, role };
        list = [...list, user];
        return { status: 201, data: user, message: 'User created successfully' };
      },
      'DELETE /user/u-f': () => {
        list = list.filter((user) => user._id !== 'u-f');
        return { data: users[1], message: 'User Deleted Successfully' };
      },
    });
    await typeInto(app, { Username: 'New Faculty', Email: 'new@sams.local', Password: 'Secret-123' });
    await app.user.selectOptions(main().getByLabelText('User type'), 'faculty');
    const sent = await addedBody({ api, app }, 'Add User', 'User created successfully', '/auth/register');
    expect(sent).toEqual({ username: 'New Faculty', email: 'new@sams.local', password: 'Secret-123', role: 'faculty' });
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(await within(table).findByText('new@sams.local')).toBeInTheDocument();

    await app.user.click(within(table).getByRole('button', { name: 'Delete faculty@sams.local' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure ?' });
    expect(dialog).toHaveTextContent('Delete Demo Faculty (faculty@sams.local)?');
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('User Deleted Successfully×'));
    await waitFor(() => expect(within(table).queryByText('faculty@sams.local')).not.toBeInTheDocument());
    // No dependents are asked for a user.
    expect(api.calls.filter((call) => call.path.endsWith('/dependents'))).toHaveLength(0);
  });
});
