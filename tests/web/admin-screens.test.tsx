import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, mockApi, renderApp, signedInAs, type ApiHandler } from './support/render-app';

const ODD = { _id: 't1', name: '2026-27 Odd Term', status: true };
const EVEN = { _id: 't2', name: '2025-26 Even Term', status: false };
const base: Record<string, ApiHandler> = {
  ...signedInAs(ADMIN),
  'GET /term': { data: [EVEN, ODD] },
  'GET /term/active': { data: [ODD] },
  'GET /semester/t1': {
    data: [
      { _id: 's3', name: 'Semester 3', termid: 't1' },
      { _id: 's5', name: 'Semester 5', termid: 't1' },
    ],
  },
  'GET /semester/t2': { data: [{ _id: 's2', name: 'Semester 2', termid: 't2' }] },
  'GET /division/s3': {
    data: [
      { _id: 'd1', name: 'Division 1', semid: 's3' },
      { _id: 'd2', name: 'Division 2', semid: 's3' },
    ],
  },
  'GET /division/s5': { data: [], message: 'No division found' },
  'GET /batch/d1': { data: [{ _id: 'b1', name: 'Batch 1A', divisionid: 'd1' }] },
  'GET /batch/d2': { data: [], message: 'No batches found' },
};

beforeAll(() => import('@web/features/admin/components/admin-pages'));

async function open(path: string, title: string) {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: title });
  return app;
}

const main = () => within(screen.getByRole('main'));

describe('admin: validation messages (shared schemas) next to their fields, and nothing sent', () => {
  it.each([
    ['/dashboard/semester', 'Semester', 'Add Semester', 'Enter Semester'],
    ['/dashboard/division', 'Division', 'Add Division', 'Please enter division'],
    ['/dashboard/batch', 'Batch', 'Add Batch', 'Please enter batch'],
    ['/dashboard/course', 'Course', 'Add Course', 'Please enter course'],
    ['/dashboard/slot', 'Slot', 'Add Slot', 'Please enter slot'],
  ])('%s: an empty name shows %s → %s', async (path, title, add, message) => {
    const api = mockApi(base);
    const app = await open(path, title);
    await app.user.click(main().getByRole('button', { name: add }));
    const name = main().getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(message);
    expect(name).toHaveFocus();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('Term: name and status are required', async () => {
    const api = mockApi(base);
    const app = await open('/dashboard/term', 'Term');
    await app.user.click(main().getByRole('button', { name: 'Add Term' }));
    expect(main().getByLabelText('Name')).toHaveAccessibleDescription('Please enter term');
    expect(main().getByLabelText('Status')).toHaveAccessibleDescription('Please choose a status (active or inactive)');
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('Add user: username, a valid email, a password of 8+ and the user type are required', async () => {
    const api = mockApi(base);
    const app = await open('/dashboard/adduser', 'Add User');
    await app.user.type(main().getByLabelText('Email'), 'not-an-email');
    await app.user.type(main().getByLabelText('Password'), 'short');
    await app.user.click(main().getByRole('button', { name: 'Add User' }));
    expect(main().getByLabelText('Username')).toHaveAccessibleDescription('Please enter username');
    expect(main().getByLabelText('Email')).toHaveAccessibleDescription('Email address must be a valid address');
    expect(main().getByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters Password must be at least 8 characters');
    expect(main().getByLabelText('User type')).toHaveAccessibleDescription('User type must be admin or faculty');
    expect(main().getByLabelText('Username')).toHaveFocus();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('a parent select that has nothing to choose says so and is required', async () => {
    mockApi({ ...base, 'GET /division/s3': { data: [] } });
    const app = await open('/dashboard/batch', 'Batch');
    await app.user.type(main().getByLabelText('Name'), 'Batch 9Z');
    await waitFor(() => expect(main().getByLabelText('Division')).toHaveDisplayValue('No division found'));
    await app.user.click(main().getByRole('button', { name: 'Add Batch' }));
    expect(main().getByLabelText('Division')).toHaveAccessibleDescription('Please select a division');
  });
});

describe('admin: the structure screens', () => {
  it('Term: adds a term (name, boolean status), then lists every term with True/False', async () => {
    const terms = [EVEN, ODD];
    const api = mockApi({
      ...base,
      'GET /term': () => ({ data: [...terms] }),
      'POST /term': (body) => {
        const term = { _id: 't3', ...(body as { name: string; status: boolean }) };
        terms.push(term);
        return { status: 201, data: term, message: 'Term added successfully' };
      },
    });
    const app = await open('/dashboard/term', 'Term');
    expect(main().getByLabelText('Name')).toHaveAttribute('name', 'name');
    expect(main().getByLabelText('Status')).toHaveAttribute('name', 'status');
    expect(
      within(main().getByLabelText('Status'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select status', 'inactive', 'active']);
    await app.user.type(main().getByLabelText('Name'), '2027-28 Odd Term');
    await app.user.selectOptions(main().getByLabelText('Status'), 'inactive');
    await app.user.click(main().getByRole('button', { name: 'Add Term' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Term added successfully');
    expect(api.callsTo('POST', '/term')[0]!.body).toEqual({ name: '2027-28 Odd Term', status: false });
    const table = await screen.findByRole('table', { name: 'Terms' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['2025-26 Even Term', 'False'],
      ['2026-27 Odd Term', 'True'],
      ['2027-28 Odd Term', 'False'],
    ]);
    expect(main().getByLabelText('Name')).toHaveValue('');
  });

  it('Semester: the term select lists every term with the active one chosen; Get lists its semesters, Add refreshes them', async () => {
    let semesters = [{ _id: 's3', name: 'Semester 3', termid: 't1' }];
    const api = mockApi({
      ...base,
      'GET /semester/t1': () => ({ data: [...semesters] }),
      'POST /semester': (body) => {
        const semester = { _id: 's7', ...(body as { name: string; termid: string }) };
        semesters = [...semesters, semester];
        return { status: 201, data: semester, message: 'Semester added successfully' };
      },
    });
    const app = await open('/dashboard/semester', 'Semester');
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
    await app.user.click(main().getByRole('button', { name: 'Add Semester' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Semester added successfully');
    expect(api.callsTo('POST', '/semester')[0]!.body).toEqual({ name: 'Semester 7', termid: 't1' });
    expect(await within(list).findByText('Semester 7')).toBeInTheDocument();
  });

  it('Semester: a duplicate (409) shows the server message', async () => {
    mockApi({ ...base, 'POST /semester': { status: 409, message: 'A semester with this name already exists in this term' } });
    const app = await open('/dashboard/semester', 'Semester');
    await waitFor(() => expect(main().getByLabelText('Term')).toHaveValue('t1'));
    await app.user.type(main().getByLabelText('Name'), 'Semester 3');
    await app.user.click(main().getByRole('button', { name: 'Add Semester' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A semester with this name already exists in this term');
  });

  it('Batch: semester → division (first preselected) → the division’s batches; the fixed delete message', async () => {
    const api = mockApi({
      ...base,
      'GET /batch/b1/dependents': { data: { divisions: 0, batches: 0, students: 15, courses: 0, attendance: 0 } },
      'DELETE /batch/b1': { data: { _id: 'b1', deleted: { students: 15 } }, message: 'whatever the server says' },
    });
    const app = await open('/dashboard/batch', 'Batch');
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
    const api = mockApi({
      ...base,
      'POST /course': { status: 201, data: { _id: 'c9', name: 'Compilers', semid: 's5' }, message: 'Course added successfully' },
      'GET /course/s5': { data: [{ _id: 'c9', name: 'Compilers', semid: 's5' }] },
    });
    const app = await open('/dashboard/course', 'Course');
    await waitFor(() => expect(main().getByLabelText('Semester')).toHaveValue('s3'));
    await app.user.selectOptions(main().getByLabelText('Semester'), 's5');
    await app.user.type(main().getByLabelText('Name'), 'Compilers');
    await app.user.click(main().getByRole('button', { name: 'Add Course' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Course added successfully');
    expect(api.callsTo('POST', '/course')[0]!.body).toEqual({ name: 'Compilers', semid: 's5' });
    expect(await screen.findByRole('table', { name: 'Courses of Semester 5' })).toHaveTextContent('Compilers');
  });

  it('Slot: the empty list message', async () => {
    mockApi({ ...base, 'GET /slot/t2': { data: [], message: 'No slots found' } });
    const app = await open('/dashboard/slot', 'Slot');
    await waitFor(() => expect(main().getByLabelText('Term')).toHaveValue('t1'));
    await app.user.selectOptions(main().getByLabelText('Term'), 't2');
    await app.user.click(main().getByRole('button', { name: 'Get Slots' }));
    expect(await screen.findByText('No slots found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Slots of 2025-26 Even Term' })).toBeInTheDocument();
  });
});

describe('admin: users', () => {
  const users = [
    { _id: ADMIN._id, username: ADMIN.username, email: ADMIN.email, role: 'admin' },
    { _id: 'u-f', username: 'Demo Faculty', email: 'faculty@sams.local', role: 'faculty' },
    { _id: 'u-2', username: 'Second Admin', email: 'second@sams.local', role: 'admin' },
  ];

  it('lists Name, Email and Role with Delete, without the signed-in admin', async () => {
    mockApi({ ...base, 'GET /user': { data: users } });
    const app = await open('/dashboard/adduser', 'Add User');
    await app.user.click(main().getByRole('button', { name: 'Get Users' }));
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Email', 'Role', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Demo Faculty', 'faculty@sams.local', 'faculty'],
      ['Second Admin', 'second@sams.local', 'admin'],
    ]);
    expect(table).not.toHaveTextContent(ADMIN.email);
    expect(within(table).getAllByRole('button', { name: /^Delete / })).toHaveLength(2);
  });

  it('adds a user, then deletes one through the dialog: User Deleted Successfully', async () => {
    let list = [...users];
    const api = mockApi({
      ...base,
      'GET /user': () => ({ data: list }),
      'POST /auth/register': (body) => {
        const user = { _id: 'u-3', ...(body as object), role: 'faculty' } as (typeof users)[number];
        list = [...list, user];
        return { status: 201, data: user, message: 'User created successfully' };
      },
      'DELETE /user/u-f': () => {
        list = list.filter((user) => user._id !== 'u-f');
        return { data: users[1], message: 'User Deleted Successfully' };
      },
    });
    const app = await open('/dashboard/adduser', 'Add User');
    await app.user.type(main().getByLabelText('Username'), 'New Faculty');
    await app.user.type(main().getByLabelText('Email'), 'new@sams.local');
    await app.user.type(main().getByLabelText('Password'), 'Secret-123');
    await app.user.selectOptions(main().getByLabelText('User type'), 'faculty');
    await app.user.click(main().getByRole('button', { name: 'Add User' }));
    expect(await screen.findByRole('status')).toHaveTextContent('User created successfully');
    expect(api.callsTo('POST', '/auth/register')[0]!.body).toEqual({
      username: 'New Faculty',
      email: 'new@sams.local',
      password: 'Secret-123',
      role: 'faculty',
    });
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
