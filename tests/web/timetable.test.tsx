import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TIMETABLE_MESSAGES, type TimetableEntryChange, type TimetableEntryInput } from '@shared/schemas/timetable';
import { loadAdminScreens, main, openAdmin, optionNames } from './support/admin';
import type { Routes } from './support/fake-api';
import { ADMIN, FACULTY } from './support/fixtures';
import { entry, LAB, LECTURE, SECOND_FACULTY, TIMETABLE_LISTS } from './support/timetable';

loadAdminScreens();

/*
 * Timetable (docs/product.md §3), admins: the week of a division (its lectures and its batches' labs) or of a
 * faculty member; Add from a free cell (a dialog), Delete from a filled one (the confirmation); the
 * server's refusals shown in the dialog.
 */

const DIVISION_PATH = '/timetable?termid=t1&groupid=d1';
const FACULTY_PATH = '/timetable?termid=t1&facultyid=u-faculty';

function open<T>(extra?: Routes<T>) {
  return openAdmin('/dashboard/timetable', 'Timetable', {
    ...TIMETABLE_LISTS,
    'GET /user': { data: [FACULTY, SECOND_FACULTY, ADMIN] },
    [`GET ${DIVISION_PATH}`]: { data: [LECTURE, LAB] },
    'GET /timetable?termid=t1&groupid=d2': { data: [] },
    [`GET ${FACULTY_PATH}`]: { data: [LECTURE, entry({ _id: 'e9', weekday: 3, groupid: 'b2', classKind: 'lab' })] },
    'POST /timetable': (body: TimetableEntryInput) => ({
      status: 201,
      data: { ...entry({ _id: 'new', ...body }) },
      message: TIMETABLE_MESSAGES.created,
    }),
    'DELETE /timetable/e1': { data: LECTURE, message: TIMETABLE_MESSAGES.deleted },
    ...extra,
  });
}

const day = (name: string) => within(screen.getByRole('region', { name }));
const addButton = (weekday: string, slot: string) => screen.queryByRole('button', { name: `Add a class on ${weekday} at ${slot}` });
const dialog = () => within(screen.getByRole('dialog'));
const select = (label: string) => dialog().getByLabelText(label) as HTMLSelectElement;
const toast = () => within(screen.getByRole('region', { name: 'Notifications' }));

describe('admin: Timetable, a division', () => {
  it("shows the first division's week: each weekday's slots, the classes in their cells, Add where one fits, Delete on each", async () => {
    const { api } = await open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Timetable of Division 1' })).toBeInTheDocument();
    expect(api.callsTo('GET', DIVISION_PATH)).toHaveLength(1);
    const days = within(screen.getByRole('region', { name: 'Timetable of Division 1, by weekday' }));
    expect(days.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    await waitFor(() => expect(day('Monday').getByText('Data Structures')).toBeInTheDocument());
    const [nine, ten] = day('Monday').getAllByRole('listitem');
    expect(nine).toHaveTextContent('09:00 - 10:00Data Structures LectureDivision 1 · Demo FacultyEditDelete');
    expect(ten).toHaveTextContent('10:00 - 11:00Digital Electronics LabDivision 1 / Batch 1A · Demo FacultyEditDelete');
    expect(screen.getByRole('button', { name: 'Delete Data Structures Lecture, Division 1, Monday 09:00 - 10:00' })).toBeInTheDocument();
    // A lecture fills its cell; beside a lab, another batch's lab still fits.
    expect(addButton('Monday', '09:00 - 10:00')).not.toBeInTheDocument();
    expect(addButton('Monday', '10:00 - 11:00')).toBeInTheDocument();
    expect(addButton('Tuesday', '09:00 - 10:00')).toBeInTheDocument();
    expect(day('Tuesday').queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('adds a lecture from a free cell: course, kind, faculty member; the week is read again', async () => {
    const { api, app } = await open();
    await screen.findByRole('heading', { level: 2, name: 'Timetable of Division 1' });
    await app.user.click(addButton('Tuesday', '09:00 - 10:00')!);
    expect(screen.getByRole('dialog', { name: 'Add a class: Tuesday, 09:00 - 10:00' })).toBeInTheDocument();
    expect(dialog().queryByLabelText('Semester')).not.toBeInTheDocument();
    expect(dialog().queryByLabelText('Batch')).not.toBeInTheDocument();
    await waitFor(() => expect(optionNames(select('Faculty member'))).toContain('Demo Faculty (faculty@sams.local)'));
    await app.user.selectOptions(select('Course'), 'Data Structures');
    await app.user.selectOptions(select('Lecture or Lab'), 'Lecture');
    await app.user.selectOptions(select('Faculty member'), 'Second Faculty (faculty2@sams.local)');
    const reads = api.callsTo('GET', DIVISION_PATH).length;
    await app.user.click(dialog().getByRole('button', { name: 'Add class' }));

    expect(await toast().findByRole('status')).toHaveTextContent(TIMETABLE_MESSAGES.created);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/timetable').map((call) => call.body)).toEqual([
      { termid: 't1', weekday: 2, slotid: 'slot9', courseid: 'c1', classKind: 'lecture', groupid: 'd1', facultyid: 'u-faculty2' },
    ]);
    await waitFor(() => expect(api.callsTo('GET', DIVISION_PATH).length).toBeGreaterThan(reads));
  });

  it('adds a lab for one of the division’s batches', async () => {
    const { api, app } = await open();
    await screen.findByRole('heading', { level: 2, name: 'Timetable of Division 1' });
    await app.user.click(addButton('Monday', '10:00 - 11:00')!);
    await app.user.selectOptions(select('Lecture or Lab'), 'Lab');
    await waitFor(() => expect(optionNames(select('Batch'))).toEqual(['Batch 1A', 'Batch 1B']));
    await app.user.selectOptions(select('Batch'), 'Batch 1B');
    await app.user.selectOptions(select('Course'), 'Digital Electronics');
    await waitFor(() => expect(optionNames(select('Faculty member'))).toHaveLength(4));
    await app.user.selectOptions(select('Faculty member'), 'Demo Faculty (faculty@sams.local)');
    await app.user.click(dialog().getByRole('button', { name: 'Add class' }));
    expect(await toast().findByRole('status')).toHaveTextContent(TIMETABLE_MESSAGES.created);
    expect(api.callsTo('POST', '/timetable')[0]!.body).toEqual({
      termid: 't1',
      weekday: 1,
      slotid: 'slot10',
      courseid: 'c2',
      classKind: 'lab',
      groupid: 'b2',
      facultyid: 'u-faculty',
    });
  });

  it("shows the server's clash in the dialog, which stays open", async () => {
    const { app } = await open({ 'POST /timetable': { status: 409, message: TIMETABLE_MESSAGES.facultyClash } });
    await screen.findByRole('heading', { level: 2, name: 'Timetable of Division 1' });
    await app.user.click(addButton('Tuesday', '09:00 - 10:00')!);
    await waitFor(() => expect(optionNames(select('Faculty member'))).toHaveLength(4));
    await app.user.selectOptions(select('Course'), 'Data Structures');
    await app.user.selectOptions(select('Lecture or Lab'), 'Lecture');
    await app.user.selectOptions(select('Faculty member'), 'Demo Faculty (faculty@sams.local)');
    await app.user.click(dialog().getByRole('button', { name: 'Add class' }));
    expect(await dialog().findByRole('alert')).toHaveTextContent(TIMETABLE_MESSAGES.facultyClash);
    expect(screen.getByRole('dialog', { name: 'Add a class: Tuesday, 09:00 - 10:00' })).toBeInTheDocument();
  });

  it('checks the choices before sending: each missing one has its message, and nothing is sent', async () => {
    const { api, app } = await open();
    await screen.findByRole('heading', { level: 2, name: 'Timetable of Division 1' });
    await app.user.click(addButton('Tuesday', '09:00 - 10:00')!);
    await app.user.click(dialog().getByRole('button', { name: 'Add class' }));
    expect(select('Course')).toHaveAccessibleDescription(TIMETABLE_MESSAGES.courseid);
    expect(select('Lecture or Lab')).toHaveAccessibleDescription(TIMETABLE_MESSAGES.classKind);
    expect(select('Faculty member')).toHaveAccessibleDescription(TIMETABLE_MESSAGES.facultyid);
    expect(select('Course')).toHaveFocus();
    expect(api.callsTo('POST', '/timetable')).toHaveLength(0);
  });

  it('deletes a class after the confirmation', async () => {
    const { api, app } = await open();
    await app.user.click(await screen.findByRole('button', { name: 'Delete Data Structures Lecture, Division 1, Monday 09:00 - 10:00' }));
    const question = await screen.findByRole('dialog', { name: 'Are you sure ?' });
    expect(question).toHaveAccessibleDescription(
      expect.stringContaining('Delete Data Structures (Lecture, Division 1) on Monday at 09:00 - 10:00'),
    );
    await app.user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await toast().findByRole('status')).toHaveTextContent(TIMETABLE_MESSAGES.deleted);
    expect(api.callsTo('DELETE', '/timetable/e1')).toHaveLength(1);
  });

  it('changes a class with Edit: the add dialog opens with its choices, and may move it; PATCH sends the change', async () => {
    const { api, app } = await open({
      'PATCH /timetable/e1': (body: TimetableEntryChange) => ({
        data: entry({ _id: 'e1-moved', ...body, weeks: body.weeks ?? undefined }),
        message: TIMETABLE_MESSAGES.updated,
      }),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Edit Data Structures Lecture, Division 1, Monday 09:00 - 10:00' }));
    expect(screen.getByRole('dialog', { name: 'Change a class: Monday, 09:00 - 10:00' })).toBeInTheDocument();
    await waitFor(() => expect(select('Course').value).toBe('c1'));
    expect(select('Lecture or Lab').value).toBe('lecture');
    await waitFor(() => expect(select('Faculty member').value).toBe('u-faculty'));
    await app.user.selectOptions(select('Faculty member'), 'Second Faculty (faculty2@sams.local)');
    await app.user.selectOptions(select('Weekday'), 'Tuesday');
    await app.user.selectOptions(select('Slot'), '10:00 - 11:00');
    await app.user.click(dialog().getByRole('button', { name: 'Save changes' }));
    expect(await toast().findByRole('status')).toHaveTextContent(TIMETABLE_MESSAGES.updated);
    expect(api.callsTo('PATCH', '/timetable/e1').map((call) => call.body)).toEqual([
      { weekday: 2, slotid: 'slot10', courseid: 'c1', classKind: 'lecture', groupid: 'd1', facultyid: 'u-faculty2' },
    ]);
    expect(api.callsTo('POST', '/timetable')).toHaveLength(0);
  });

  it('shows a clash naming the other class when a change is refused', async () => {
    const clash = 'Division 1 already has Digital Electronics (Lab) with Demo Faculty on Monday 10:00 - 11:00';
    const { app } = await open({ 'PATCH /timetable/e1': { status: 409, message: clash } });
    await app.user.click(await screen.findByRole('button', { name: 'Edit Data Structures Lecture, Division 1, Monday 09:00 - 10:00' }));
    await waitFor(() => expect(select('Faculty member').value).toBe('u-faculty'));
    await app.user.selectOptions(select('Slot'), '10:00 - 11:00');
    await app.user.click(dialog().getByRole('button', { name: 'Save changes' }));
    expect(await dialog().findByRole('alert')).toHaveTextContent(clash);
  });

  it('offers the last class’s course, kind and faculty member in the next Add: two clicks to add another', async () => {
    const { api, app } = await open();
    await screen.findByRole('heading', { level: 2, name: 'Timetable of Division 1' });
    await app.user.click(addButton('Tuesday', '09:00 - 10:00')!);
    await waitFor(() => expect(optionNames(select('Faculty member'))).toHaveLength(4));
    await app.user.selectOptions(select('Course'), 'Digital Electronics');
    await app.user.selectOptions(select('Lecture or Lab'), 'Lecture');
    await app.user.selectOptions(select('Faculty member'), 'Second Faculty (faculty2@sams.local)');
    await app.user.click(dialog().getByRole('button', { name: 'Add class' }));
    await toast().findByRole('status');
    await app.user.click(addButton('Wednesday', '09:00 - 10:00')!);
    await waitFor(() => expect(select('Faculty member').value).toBe('u-faculty2'));
    await waitFor(() => expect(select('Course').value).toBe('c2'));
    await app.user.click(dialog().getByRole('button', { name: 'Add class' }));
    await waitFor(() => expect(api.callsTo('POST', '/timetable')).toHaveLength(2));
    expect(api.callsTo('POST', '/timetable')[1]!.body).toEqual({
      termid: 't1',
      weekday: 3,
      slotid: 'slot9',
      courseid: 'c2',
      classKind: 'lecture',
      groupid: 'd1',
      facultyid: 'u-faculty2',
    });
  });

  it('shows Sunday when a class uses it', async () => {
    await open({ [`GET ${DIVISION_PATH}`]: { data: [LECTURE, entry({ _id: 'e7', weekday: 7 })] } });
    const days = within(await screen.findByRole('region', { name: 'Timetable of Division 1, by weekday' }));
    await waitFor(() => expect(days.getAllByRole('heading', { level: 3 }).at(-1)).toHaveTextContent('Sunday'));
    expect(days.getAllByRole('heading', { level: 3 })).toHaveLength(7);
  });

  it('shows another division’s week when it is chosen', async () => {
    const { api, app } = await open();
    await screen.findByRole('heading', { level: 2, name: 'Timetable of Division 1' });
    await app.user.selectOptions(main().getByLabelText('Division'), 'Division 2');
    expect(await screen.findByRole('heading', { level: 2, name: 'Timetable of Division 2' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/timetable?termid=t1&groupid=d2')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });
});

describe('admin: Timetable, a faculty member', () => {
  async function openFaculty() {
    const opened = await open();
    await opened.app.user.selectOptions(main().getByLabelText('Timetable of'), 'A faculty member');
    const faculty = main().getByLabelText('Faculty member');
    await within(faculty).findByRole('option', { name: 'Demo Faculty (faculty@sams.local)' });
    await opened.app.user.selectOptions(faculty, 'Demo Faculty (faculty@sams.local)');
    await screen.findByRole('heading', { level: 2, name: 'Timetable of Demo Faculty' });
    return opened;
  }

  it("shows their week: each class with its group (not the faculty member's name)", async () => {
    const { api } = await openFaculty();
    expect(api.callsTo('GET', FACULTY_PATH).length).toBeGreaterThan(0);
    await waitFor(() => expect(day('Wednesday').getByText('Data Structures')).toBeInTheDocument());
    expect(day('Wednesday').getAllByRole('listitem')[0]).toHaveTextContent('Data Structures LabDivision 1 / Batch 1BEditDelete');
    expect(day('Monday').getAllByRole('listitem')[0]).toHaveTextContent('Data Structures LectureDivision 1EditDelete');
    // A faculty member's filled cell takes no other class.
    expect(addButton('Monday', '09:00 - 10:00')).not.toBeInTheDocument();
    expect(addButton('Monday', '10:00 - 11:00')).toBeInTheDocument();
  });

  it('adds a class for them: semester, course, kind, division and batch; they teach it', async () => {
    const { api, app } = await openFaculty();
    await app.user.click(addButton('Monday', '10:00 - 11:00')!);
    expect(dialog().queryByLabelText('Faculty member')).not.toBeInTheDocument();
    expect(dialog().getByText('Demo Faculty')).toBeInTheDocument();
    await waitFor(() => expect(select('Semester').value).toBe('s3'));
    await waitFor(() => expect(optionNames(select('Course'))).toContain('Data Structures'));
    await app.user.selectOptions(select('Course'), 'Data Structures');
    await app.user.selectOptions(select('Lecture or Lab'), 'Lab');
    await waitFor(() => expect(select('Division').value).toBe('d1'));
    await waitFor(() => expect(select('Batch').value).toBe('b1'));
    await app.user.click(dialog().getByRole('button', { name: 'Add class' }));
    expect(await toast().findByRole('status')).toHaveTextContent(TIMETABLE_MESSAGES.created);
    expect(api.callsTo('POST', '/timetable')[0]!.body).toEqual({
      termid: 't1',
      weekday: 1,
      slotid: 'slot10',
      courseid: 'c1',
      classKind: 'lab',
      groupid: 'b1',
      facultyid: 'u-faculty',
    });
  });
});
