import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, deferred, mockApi, renderApp, signedInAs, type ApiHandler, type ApiReply } from './support/render-app';

const ODD = { _id: 't1', name: '2026-27 Odd Term', status: true };
const EVEN = { _id: 't2', name: '2025-26 Even Term', status: false };
const OLD = { _id: 't0', name: '2024-25 Odd Term', status: true };
const AARAV = { _id: 'st1', enrollment: '25CE001', name: 'Aarav Patel', email: 'aarav@college.test', batchid: 'b1' };
const DIYA = { _id: 'st2', enrollment: '25CE002', name: 'Diya Shah', email: 'diya@college.test', batchid: 'b1' };

const structure: Record<string, ApiHandler> = {
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
  'GET /division/s2': { data: [{ _id: 'd9', name: 'Division 1', semid: 's2' }] },
  'GET /division/s3': {
    data: [
      { _id: 'd1', name: 'Division 1', semid: 's3' },
      { _id: 'd2', name: 'Division 2', semid: 's3' },
    ],
  },
  'GET /division/s5': { data: [], message: 'No division found' },
  'GET /batch/d1': {
    data: [
      { _id: 'b1', name: 'Batch 1A', divisionid: 'd1' },
      { _id: 'b2', name: 'Batch 1B', divisionid: 'd1' },
    ],
  },
  'GET /batch/d2': { data: [], message: 'No batches found' },
  'GET /batch/d9': { data: [{ _id: 'b9', name: 'Batch 1A', divisionid: 'd9' }] },
};

beforeAll(() => import('@web/features/admin/components/admin-pages'));

const main = () => within(screen.getByRole('main'));
const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

async function openStudents(handlers: Record<string, ApiHandler> = {}) {
  const api = mockApi({ ...structure, ...handlers });
  const app = renderApp('/dashboard/student');
  await screen.findByRole('heading', { level: 1, name: 'Student' });
  await waitFor(() => expect(main().getByLabelText('Batch')).toHaveValue('b1'));
  return { api, app };
}

describe('student screen: dependent dropdowns (docs/product.md §4)', () => {
  it('preselects the first semester, division and batch; an empty list clears its level and the ones below', async () => {
    const { app } = await openStudents();
    const semester = main().getByLabelText('Semester');
    const division = main().getByLabelText('Division');
    const batch = main().getByLabelText('Batch');
    expect(semester).toHaveAttribute('name', 'semester_id');
    expect(division).toHaveAttribute('name', 'division_id');
    expect(batch).toHaveAttribute('name', 'batch_id');
    expect([semester, division, batch].map((select) => (select as HTMLSelectElement).value)).toEqual(['s3', 'd1', 'b1']);
    expect(optionNames(semester)).toEqual(['Semester 3', 'Semester 5']);

    // A division without batches: the batch list is emptied and its selection cleared.
    await app.user.selectOptions(division, 'd2');
    await waitFor(() => expect(batch).toHaveValue(''));
    expect(optionNames(batch)).toEqual(['No batches found']);

    // A semester without divisions: division and batch are cleared.
    await app.user.selectOptions(semester, 's5');
    await waitFor(() => expect(division).toHaveValue(''));
    expect(optionNames(division)).toEqual(['No division found']);
    expect(batch).toHaveValue('');

    // Back: each level preselects its first item again.
    await app.user.selectOptions(semester, 's3');
    await waitFor(() => expect(batch).toHaveValue('b1'));
    expect(division).toHaveValue('d1');
  });

  it('Get Student without a batch says which field is missing and sends nothing', async () => {
    const { app, api } = await openStudents();
    await app.user.selectOptions(main().getByLabelText('Semester'), 's5');
    await waitFor(() => expect(main().getByLabelText('Batch')).toHaveValue(''));
    await app.user.click(main().getByRole('button', { name: 'Get Student' }));
    expect(main().getByLabelText('Batch')).toHaveAccessibleDescription('Please select a batch');
    expect(api.calls.filter((call) => call.path.startsWith('/student'))).toHaveLength(0);
  });
});

describe('student screen: add, list, update, delete', () => {
  it('validates enrollment, name and email (in that order) next to each field', async () => {
    const { app, api } = await openStudents();
    await app.user.click(main().getByRole('button', { name: 'Add Student' }));
    expect(main().getByLabelText('Enrollment')).toHaveAccessibleDescription('Please enter enrollment');
    expect(main().getByLabelText('Name')).toHaveAccessibleDescription('Please enter name');
    expect(main().getByLabelText('Email')).toHaveAccessibleDescription('Please enter email');
    expect(main().getByLabelText('Enrollment')).toHaveFocus();
    expect(api.callsTo('POST', '/student')).toHaveLength(0);
  });

  it('adds a student to the selected batch, then lists that batch (banner with the server message)', async () => {
    let students = [AARAV];
    const { app, api } = await openStudents({
      'GET /student/b2': () => ({ data: students.filter((student) => student.batchid === 'b2') }),
      'POST /student': (body) => {
        const student = { _id: 'st9', ...(body as Omit<typeof AARAV, '_id'>) };
        students = [...students, student];
        return { status: 201, data: student, message: 'Student added successfully' };
      },
    });
    await app.user.selectOptions(main().getByLabelText('Batch'), 'b2');
    await app.user.type(main().getByLabelText('Enrollment'), '25CE031');
    await app.user.type(main().getByLabelText('Name'), 'Kabir Mehta');
    await app.user.type(main().getByLabelText('Email'), 'kabir@college.test');
    await app.user.click(main().getByRole('button', { name: 'Add Student' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Student added successfully');
    expect(api.callsTo('POST', '/student')[0]!.body).toEqual({
      enrollment: '25CE031',
      name: 'Kabir Mehta',
      email: 'kabir@college.test',
      batchid: 'b2',
    });
    const table = await screen.findByRole('table', { name: 'Students of Batch 1B (Semester 3)' });
    expect(await within(table).findByText('Kabir Mehta')).toBeInTheDocument();
    expect(main().getByLabelText('Enrollment')).toHaveValue('');
  });

  it('shows a taken enrollment (409) in the banner', async () => {
    const { app } = await openStudents({ 'POST /student': { status: 409, message: 'A student with this enrollment already exists' } });
    await app.user.type(main().getByLabelText('Enrollment'), '25CE001');
    await app.user.type(main().getByLabelText('Name'), 'Someone');
    await app.user.type(main().getByLabelText('Email'), 'someone@college.test');
    await app.user.click(main().getByRole('button', { name: 'Add Student' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A student with this enrollment already exists');
  });

  it('Get Student lists enrollment, name and email with Update and Delete; an empty batch says No students found', async () => {
    const list = deferred<ApiReply>();
    const { app } = await openStudents({
      'GET /student/b1': () => list.promise,
      'GET /student/b2': { data: [], message: 'No students found' },
    });
    await app.user.click(main().getByRole('button', { name: 'Get Student' }));
    // The loading indicator while the list loads.
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    list.resolve({ data: [AARAV, DIYA] });
    const table = await screen.findByRole('table', { name: 'Students of Batch 1A (Semester 3)' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Enrollment', 'Name', 'Email', 'Actions']);
    expect(
      within(within(table).getAllByRole('row')[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['25CE001', 'Aarav Patel', 'aarav@college.test', 'UpdateDelete']);
    expect(within(table).getByRole('button', { name: 'Update 25CE002' })).toBeInTheDocument();

    await app.user.selectOptions(main().getByLabelText('Batch'), 'b2');
    await app.user.click(main().getByRole('button', { name: 'Get Student' }));
    expect(await screen.findByText('No students found')).toBeInTheDocument();
  });

  it("Update: fetches the student, opens 'Update details' prefilled, sends the changes and reloads the list", async () => {
    let aarav = { ...AARAV };
    const { app, api } = await openStudents({
      'GET /student/b1': () => ({ data: aarav.batchid === 'b1' ? [aarav, DIYA] : [DIYA] }),
      'GET /student/b2': () => ({ data: aarav.batchid === 'b2' ? [aarav] : [] }),
      'GET /student/student/st1': () => ({ data: aarav }),
      'PATCH /student/st1': (body) => {
        aarav = { ...aarav, ...(body as Partial<typeof AARAV>) };
        return { data: aarav, message: 'Student updated successfully' };
      },
    });
    await app.user.click(main().getByRole('button', { name: 'Get Student' }));
    const opener = await screen.findByRole('button', { name: 'Update 25CE001' });
    await app.user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Update details' });
    expect(api.callsTo('GET', '/student/student/st1')).toHaveLength(1);
    const inDialog = within(dialog);
    expect(inDialog.getByLabelText('Enrollment')).toHaveValue('25CE001');
    expect(inDialog.getByLabelText('Name')).toHaveValue('Aarav Patel');
    expect(inDialog.getByLabelText('Email')).toHaveValue('aarav@college.test');
    expect(inDialog.getByText('Semester', { selector: 'p' })).toHaveTextContent('Semester Semester 3');
    await waitFor(() => expect(inDialog.getByLabelText('Batch')).toHaveValue('b1'));
    expect(inDialog.getByLabelText('Semester')).toHaveValue('s3');
    expect(inDialog.getByLabelText('Division')).toHaveValue('d1');
    expect(inDialog.getByLabelText('Enrollment')).toHaveFocus();

    await app.user.clear(inDialog.getByLabelText('Name'));
    await app.user.type(inDialog.getByLabelText('Name'), 'Aarav P. Patel');
    await app.user.selectOptions(inDialog.getByLabelText('Batch'), 'b2');
    await app.user.click(inDialog.getByRole('button', { name: 'Update Student' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Student updated successfully');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('PATCH', '/student/st1')[0]!.body).toEqual({
      enrollment: '25CE001',
      name: 'Aarav P. Patel',
      email: 'aarav@college.test',
      batchid: 'b2',
    });
    // The listed batch reloads: Aarav moved out of it.
    const table = screen.getByRole('table', { name: 'Students of Batch 1A (Semester 3)' });
    await waitFor(() => expect(within(table).queryByText('25CE001')).not.toBeInTheDocument());
  });

  it('Update: empty fields are left out (they stay as they are); Escape closes and focus returns to Update', async () => {
    const { app, api } = await openStudents({
      'GET /student/b1': { data: [AARAV] },
      'GET /student/student/st1': { data: AARAV },
      'PATCH /student/st1': { data: AARAV, message: 'Student updated successfully' },
    });
    await app.user.click(main().getByRole('button', { name: 'Get Student' }));
    const opener = await screen.findByRole('button', { name: 'Update 25CE001' });
    await app.user.click(opener);
    let dialog = await screen.findByRole('dialog', { name: 'Update details' });
    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await app.user.click(opener);
    dialog = await screen.findByRole('dialog', { name: 'Update details' });
    await waitFor(() => expect(within(dialog).getByLabelText('Batch')).toHaveValue('b1'));
    await app.user.clear(within(dialog).getByLabelText('Email'));
    await app.user.click(within(dialog).getByRole('button', { name: 'Update Student' }));
    await screen.findByText('Student updated successfully');
    expect(api.callsTo('PATCH', '/student/st1')[0]!.body).toEqual({ enrollment: '25CE001', name: 'Aarav Patel', batchid: 'b1' });
  });

  it('Delete: asks, deletes, shows Student deleted successfully and reloads the list', async () => {
    let students = [AARAV, DIYA];
    const { app, api } = await openStudents({
      'GET /student/b1': () => ({ data: students }),
      'DELETE /student/st2': () => {
        students = [AARAV];
        return { data: DIYA, message: 'Student deleted successfully' };
      },
    });
    await app.user.click(main().getByRole('button', { name: 'Get Student' }));
    await app.user.click(await screen.findByRole('button', { name: 'Delete 25CE002' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure ?' });
    expect(dialog).toHaveTextContent('Delete 25CE002 Diya Shah?');
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Student deleted successfully');
    await waitFor(() => expect(screen.queryByText('Diya Shah')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/student/st2')).toHaveLength(1);
  });
});

describe('change term screen (docs/product.md §2.8)', () => {
  const handlers = { 'GET /term/active': { data: [OLD, ODD] } };

  async function openChangeTerm(extra: Record<string, ApiHandler> = {}) {
    const api = mockApi({
      ...structure,
      'GET /semester/t0': { data: [{ _id: 's1', name: 'Semester 1', termid: 't0' }] },
      'GET /division/s1': { data: [{ _id: 'd0', name: 'Division 1', semid: 's1' }] },
      'GET /batch/d0': { data: [{ _id: 'b0', name: 'Batch 1A', divisionid: 'd0' }] },
      ...handlers,
      ...extra,
    });
    const app = renderApp('/dashboard/changestu');
    await screen.findByRole('heading', { level: 1, name: 'Change Term' });
    const from = within(screen.getByRole('group', { name: 'From' }));
    const to = within(screen.getByRole('group', { name: 'To' }));
    await waitFor(() => expect(from.getByLabelText('Batch')).toHaveValue('b0'));
    await waitFor(() => expect(to.getByLabelText('Batch')).toHaveValue('b9'));
    return { api, app, from, to };
  }

  it('From offers the active terms only, To every term; each level preselects its first item; field names as docs/product.md §3', async () => {
    const { from, to, app } = await openChangeTerm();
    expect(optionNames(from.getByLabelText('Term'))).toEqual(['2024-25 Odd Term', '2026-27 Odd Term']);
    expect(optionNames(to.getByLabelText('Term'))).toEqual(['2025-26 Even Term', '2026-27 Odd Term']);
    expect(['Term', 'Semester', 'Division', 'Batch'].map((label) => from.getByLabelText(label).getAttribute('name'))).toEqual([
      'term_id',
      'semester_id',
      'division_id',
      'batch_id',
    ]);
    expect(['Term', 'Semester', 'Division', 'Batch'].map((label) => to.getByLabelText(label).getAttribute('name'))).toEqual([
      'update_term_id',
      'update_semester_id',
      'update_division_id',
      'update_batch_id',
    ]);
    expect(['Term', 'Semester', 'Division', 'Batch'].map((label) => (to.getByLabelText(label) as HTMLSelectElement).value)).toEqual([
      't2',
      's2',
      'd9',
      'b9',
    ]);

    // Choosing a term loads its semesters, then divisions, then batches, each with the first chosen.
    await app.user.selectOptions(to.getByLabelText('Term'), 't1');
    await waitFor(() => expect(to.getByLabelText('Batch')).toHaveValue('b1'));
    expect(to.getByLabelText('Semester')).toHaveValue('s3');
    expect(to.getByLabelText('Division')).toHaveValue('d1');
    // An empty list clears the levels below.
    await app.user.selectOptions(to.getByLabelText('Semester'), 's5');
    await waitFor(() => expect(to.getByLabelText('Division')).toHaveValue(''));
    expect(to.getByLabelText('Batch')).toHaveValue('');
  });

  it("Change Term sends the two batches and shows 'N students moved'", async () => {
    const { api, app } = await openChangeTerm({
      'PATCH /student/updateterm': { data: { moved: 15 }, message: '15 students moved to the new batch' },
    });
    await app.user.click(screen.getByRole('button', { name: 'Change Term' }));
    expect(await screen.findByRole('status')).toHaveTextContent('15 students moved');
    expect(api.callsTo('PATCH', '/student/updateterm')[0]!.body).toEqual({ oldbatchid: 'b0', newbatchid: 'b9' });
  });

  it('needs a To batch different from the From batch, and a To batch at all', async () => {
    const { api, app, from, to } = await openChangeTerm();
    await app.user.selectOptions(from.getByLabelText('Term'), 't1');
    await waitFor(() => expect(from.getByLabelText('Batch')).toHaveValue('b1'));
    await app.user.selectOptions(to.getByLabelText('Term'), 't1');
    await waitFor(() => expect(to.getByLabelText('Batch')).toHaveValue('b1'));
    await app.user.click(screen.getByRole('button', { name: 'Change Term' }));
    expect(to.getByLabelText('Batch')).toHaveAccessibleDescription('Choose a different batch to move to');

    await app.user.selectOptions(to.getByLabelText('Division'), 'd2');
    await waitFor(() => expect(to.getByLabelText('Batch')).toHaveValue(''));
    await app.user.click(screen.getByRole('button', { name: 'Change Term' }));
    expect(to.getByLabelText('Batch')).toHaveAccessibleDescription('Please select the batch to move to');
    expect(to.getByLabelText('Batch')).toHaveFocus();
    expect(api.callsTo('PATCH', '/student/updateterm')).toHaveLength(0);
  });
});
