import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Student } from '@shared/schemas/structure';
import type { Reply, Routes } from './support/fake-api';
import { addedBody, columnNames, loadAdminScreens, main, openAdmin, optionNames, rowTexts, typeInto } from './support/admin';
import { AARAV, DIYA } from './support/fixtures';
import { deferred } from './support/render-app';

loadAdminScreens();

async function openStudents<T>(extra?: Routes<T>) {
  // The preselected batch is listed on arrival.
  const opened = await openAdmin('/dashboard/student', 'Student', { 'GET /student/b1': { data: [AARAV, DIYA] }, ...extra });
  await waitFor(() => expect(main().getByLabelText('Batch')).toHaveValue('b1'));
  return opened;
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
    // On arrival the preselected batch was listed; the Get below sends nothing more.
    const before = api.calls.filter((call) => call.path.startsWith('/student')).length;
    await app.user.click(main().getByRole('button', { name: 'Get Student' }));
    expect(main().getByLabelText('Batch')).toHaveAccessibleDescription('Please select a batch');
    expect(api.calls.filter((call) => call.path.startsWith('/student'))).toHaveLength(before);
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
        const student = { _id: 'st9', ...body };
        students = [...students, student];
        return { status: 201, data: student, message: 'Student added successfully' };
      },
    });
    await app.user.selectOptions(main().getByLabelText('Batch'), 'b2');
    await typeInto(app, { Enrollment: '25CE031', Name: 'Kabir Mehta', Email: 'kabir@college.test' });
    const sent = await addedBody({ api, app }, 'Add Student', 'Student added successfully', '/student');
    expect(sent).toEqual({ enrollment: '25CE031', name: 'Kabir Mehta', email: 'kabir@college.test', batchid: 'b2' });
    const table = await screen.findByRole('table', { name: 'Students of Batch 1B (Semester 3)' });
    expect(await within(table).findByText('Kabir Mehta')).toBeInTheDocument();
    expect(main().getByLabelText('Enrollment')).toHaveValue('');
  });

  it('shows a taken enrollment (409) in the banner', async () => {
    const { app } = await openStudents({ 'POST /student': { status: 409, message: 'A student with this enrollment already exists' } });
    await typeInto(app, { Enrollment: '25CE001', Name: 'Someone', Email: 'someone@college.test' });
    await app.user.click(main().getByRole('button', { name: 'Add Student' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A student with this enrollment already exists');
  });

  it('Get Student lists enrollment, name and email with Update and Delete; an empty batch says No students found', async () => {
    const list = deferred<Reply<Student[]>>();
    const { app } = await openStudents({
      'GET /student/b1': () => list.promise,
      'GET /student/b2': { data: [], message: 'No students found' },
    });
    await app.user.click(main().getByRole('button', { name: 'Get Student' }));
    // The loading indicator while the list loads.
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    list.resolve({ data: [AARAV, DIYA] });
    const table = await screen.findByRole('table', { name: 'Students of Batch 1A (Semester 3)' });
    expect(columnNames(table)).toEqual(['Enrollment', 'Name', 'Email', 'Guardians', 'Actions']);
    expect(rowTexts(table)[0]).toEqual(['25CE001', 'Aarav Patel', 'aarav@college.test', '', 'UpdateDelete']);
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
        aarav = { ...aarav, ...body, dob: body.dob ?? aarav.dob };
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
