import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { collegeToday } from '@tests/support/college-time';
import type { MarkedClassSession } from '@shared/schemas/attendance';
import { mockApi, type Reply, type Routes } from './support/fake-api';
import { FACULTY, ODD, SEMESTER_3, signedInAs } from './support/fixtures';
import { renderApp } from './support/render-app';

const DIVISION_STUDENTS = [
  { batchStudents: { _id: 'st1', name: 'Aarav Patel', enrollment: '25CE001' } },
  { batchStudents: { _id: 'st2', name: 'Diya Shah', enrollment: '25CE002' } },
  { batchStudents: { _id: 'st3', name: 'Ishaan Mehta', enrollment: '25CE003' } },
];
const BATCH_STUDENTS = [
  { _id: 'st1', name: 'Aarav Patel', enrollment: '25CE001', email: 'a@x.test', batchid: 'b1' },
  { _id: 'st2', name: 'Diya Shah', enrollment: '25CE002', email: 'd@x.test', batchid: 'b1' },
];
const home = { 'GET /term/active': { data: [ODD] }, 'GET /semester/t1': { data: [SEMESTER_3] } };
const MARKED: MarkedClassSession = { _id: 'sess1', version: 1, date: collegeToday(), groupid: 'd1', present: 1, expected: 3 };

const LECTURE_URL =
  '/students/d1?extraData=Semester+3+%2F+Data+Structures+%2F+Lecture+%2F+09%3A00+-+10%3A00+%2F+Division+1&termid=t1&semid=s3&courseid=c1&kind=1&slot=slot9';
const LAB_URL =
  '/students/b1?extraData=Semester+3+%2F+Data+Structures+%2F+Lab+%2F+09%3A00+-+10%3A00+%2F+Division+1+%2F+Batch+1A&courseid=c1&kind=2&slot=slot9';

function setup<T>(url: string, extra?: Routes<T>) {
  const api = mockApi({
    ...signedInAs(FACULTY),
    ...home,
    'GET /student/division/d1': { data: DIVISION_STUDENTS },
    'GET /student/b1': { data: BATCH_STUDENTS },
    'POST /attendance': { status: 201, data: MARKED, message: 'Attendance marked successfully' },
    ...extra,
  });
  const app = renderApp(url);
  return { api, app };
}

const studentToggle = (name: RegExp | string) => screen.getByRole('checkbox', { name });
const checkedIds = () =>
  within(screen.getByRole('group', { name: 'Students present' }))
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => (box as HTMLInputElement).value);

describe('marking form: toggles', () => {
  it('shows one labelled toggle per student with enrollment and name, everyone present to start with, and the display path', async () => {
    const { api } = setup(LECTURE_URL);
    expect(await screen.findByRole('checkbox', { name: '25CE001 Aarav Patel' })).toBeChecked();
    expect(studentToggle('25CE002 Diya Shah')).toBeChecked();
    expect(studentToggle('25CE003 Ishaan Mehta')).toBeChecked();
    expect(screen.getByText('3 of 3 present')).toBeInTheDocument();
    expect(screen.getByText('Semester 3 / Data Structures / Lecture / 09:00 - 10:00 / Division 1')).toBeInTheDocument();
    // A lecture loads the division's students.
    expect(api.callsTo('GET', '/student/division/d1')).toHaveLength(1);
    expect(api.callsTo('GET', '/student/d1')).toHaveLength(0);
  });

  it('select-all turns every student off, then on', async () => {
    const { app } = setup(LECTURE_URL);
    const all = await screen.findByRole('checkbox', { name: 'Select all' });
    expect(all).toBeChecked();
    expect(screen.getByText('3 of 3 present')).toBeInTheDocument();

    await app.user.click(all);
    expect(all).not.toBeChecked();
    expect(checkedIds()).toEqual([]);
    expect(screen.getByText('0 of 3 present')).toBeInTheDocument();

    await app.user.click(all);
    expect(all).toBeChecked();
    expect(checkedIds()).toEqual(['st1', 'st2', 'st3']);
    expect(screen.getByText('3 of 3 present')).toBeInTheDocument();
  });

  it('toggles students one by one, and select-all follows (mixed while some are on)', async () => {
    const { app } = setup(LECTURE_URL);
    const all = (await screen.findByRole('checkbox', { name: 'Select all' })) as HTMLInputElement;

    await app.user.click(studentToggle(/25CE002/));
    expect(checkedIds()).toEqual(['st1', 'st3']);
    expect(all).not.toBeChecked();
    expect(all.indeterminate).toBe(true);

    await app.user.click(studentToggle(/25CE001/));
    await app.user.click(studentToggle(/25CE003/));
    expect(checkedIds()).toEqual([]);
    expect(all).not.toBeChecked();
    expect(all.indeterminate).toBe(false);

    await app.user.click(studentToggle(/25CE002/));
    await app.user.click(studentToggle(/25CE003/));
    expect(checkedIds()).toEqual(['st2', 'st3']);
    expect(all).not.toBeChecked();
    expect(screen.getByText('2 of 3 present')).toBeInTheDocument();

    await app.user.click(studentToggle(/25CE001/));
    expect(all).toBeChecked();
    expect(all.indeterminate).toBe(false);
  });

  it('is operable with the keyboard: Tab to a toggle, Space flips it, Enter on Mark submits', async () => {
    const { api, app } = setup(LECTURE_URL);
    await screen.findByRole('checkbox', { name: 'Select all' });
    studentToggle(/25CE001/).focus();
    await app.user.tab();
    expect(studentToggle(/25CE002/)).toHaveFocus();
    await app.user.keyboard(' ');
    expect(checkedIds()).toEqual(['st1', 'st3']);
    await app.user.tab();
    await app.user.tab();
    // With a change, Discard changes comes before Mark.
    expect(screen.getByRole('button', { name: 'Discard changes' })).toHaveFocus();
    await app.user.tab();
    expect(screen.getByRole('button', { name: 'Mark' })).toHaveFocus();
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('POST', '/attendance')).toHaveLength(1));
    expect((api.callsTo('POST', '/attendance')[0]!.body as { presentStudentIds: string[] }).presentStudentIds).toEqual(['st1', 'st3']);
  });
});

describe('marking form: Mark', () => {
  it('sends the lecture payload with the division as groupid (no statuses when nobody is late or excused), then shows the success screen', async () => {
    const { api, app } = setup(LECTURE_URL);
    await screen.findByRole('checkbox', { name: 'Select all' });
    await app.user.click(studentToggle(/25CE002/));
    await app.user.click(screen.getByRole('button', { name: 'Mark' }));

    expect(await screen.findByRole('heading', { name: 'Attendance Marked Successfully' })).toBeInTheDocument();
    expect(screen.getByText('You will be redirected shortly...')).toBeInTheDocument();
    expect(app.location().pathname).toBe('/success');
    const [mark] = api.callsTo('POST', '/attendance');
    expect(mark!.body).toEqual({
      presentStudentIds: ['st1', 'st3'],
      date: collegeToday(),
      slotid: 'slot9',
      classKind: 'lecture',
      courseid: 'c1',
      groupid: 'd1',
      // Made once per form: the same mark sent again is stored once.
      clientMarkId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(mark!.credentials).toBe('include');
  });

  it('sends the lab payload with the batch as groupid (students loaded by batch), everyone present as it started', async () => {
    const { api, app } = setup(LAB_URL);
    await screen.findByRole('checkbox', { name: 'Select all' });
    expect(api.callsTo('GET', '/student/b1')).toHaveLength(1);
    expect(api.callsTo('GET', '/student/division/b1')).toHaveLength(0);
    await app.user.click(screen.getByRole('button', { name: 'Mark' }));

    expect(await screen.findByRole('heading', { name: 'Attendance Marked Successfully' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/attendance')[0]!.body).toEqual({
      presentStudentIds: ['st1', 'st2'],
      date: collegeToday(),
      slotid: 'slot9',
      classKind: 'lab',
      courseid: 'c1',
      groupid: 'b1',
      // Made once per form: the same mark sent again is stored once.
      clientMarkId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('shows the loading overlay while marking', async () => {
    let release!: () => void;
    const { app } = setup(LECTURE_URL, {
      'POST /attendance': () =>
        new Promise<Reply<MarkedClassSession>>((resolve) => (release = () => resolve({ status: 201, data: MARKED }))),
    });
    await screen.findByRole('checkbox', { name: 'Select all' });
    await app.user.click(screen.getByRole('button', { name: 'Mark' }));
    expect(await screen.findByTestId('loading-overlay')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark' })).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { name: 'Attendance Marked Successfully' })).toBeInTheDocument();
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
  });

  it('shows a refused mark as an error toast and returns home after 1 s', async () => {
    const refused = 'You may mark only the classes the timetable gives you';
    const { app } = setup(LECTURE_URL, { 'POST /attendance': { status: 403, message: refused } });
    await screen.findByRole('checkbox', { name: 'Select all' });
    await app.user.click(screen.getByRole('button', { name: 'Mark' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(refused);
    const failedAt = Date.now();
    expect(app.location().pathname).toBe('/students/d1');
    await waitFor(() => expect(app.location().pathname).toBe('/'), { timeout: 3000 });
    expect(Date.now() - failedAt).toBeGreaterThanOrEqual(800);
    expect(await screen.findByRole('heading', { name: 'Mark Attendance' })).toBeInTheDocument();
  });

  it('returns home from the success screen after 3 s', async () => {
    const { app } = setup(LECTURE_URL);
    await screen.findByRole('checkbox', { name: 'Select all' });
    await app.user.click(screen.getByRole('button', { name: 'Mark' }));
    await screen.findByRole('heading', { name: 'Attendance Marked Successfully' });
    const shownAt = Date.now();
    await waitFor(() => expect(app.location().pathname).toBe('/'), { timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2800);
  });

  it("shows 'No students found' for an empty group, and no Mark button", async () => {
    setup(LECTURE_URL, { 'GET /student/division/d1': { data: [], message: 'No students found' } });
    expect(await screen.findByText('No students found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark' })).not.toBeInTheDocument();
  });

  it('refuses to show the form when the URL lacks the earlier choices', async () => {
    const { api } = setup('/students/d1?kind=1');
    expect(await screen.findByText('This page is missing the choices of the earlier steps.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start again from Home' })).toHaveAttribute('href', '/');
    expect(api.callsTo('GET', '/student/division/d1')).toHaveLength(0);
  });
});
