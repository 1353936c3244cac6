import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { collegeToday } from '@tests/support/college-time';
import type { MarkInput } from '@shared/schemas/attendance';
import { mockApi } from './support/fake-api';
import { FACULTY, ODD, SEMESTER_3, signedInAs } from './support/fixtures';
import { renderApp } from './support/render-app';

/*
 * The marking form's statuses (docs/product.md §2.4): everyone starts present, one tap is present ⇄ absent,
 * and late or excused take at most two taps (what a tap marks, then the student), no dropdown per row.
 */

const LECTURE_URL = '/students/d1?extraData=Semester+3&termid=t1&semid=s3&courseid=c1&kind=1&slot=slot9';

function setup() {
  const api = mockApi({
    ...signedInAs(FACULTY),
    'GET /term/active': { data: [ODD] },
    'GET /semester/t1': { data: [SEMESTER_3] },
    'GET /student/division/d1': {
      data: [
        { batchStudents: { _id: 'st1', name: 'Aarav Patel', enrollment: '25CE001' } },
        { batchStudents: { _id: 'st2', name: 'Diya Shah', enrollment: '25CE002' } },
        { batchStudents: { _id: 'st3', name: 'Ishaan Mehta', enrollment: '25CE003' } },
        { batchStudents: { _id: 'st4', name: 'Ananya Desai', enrollment: '25CE004' } },
      ],
    },
    'POST /attendance': {
      status: 201,
      data: { _id: 'sess1', version: 1, date: collegeToday(), groupid: 'd1', present: 3, expected: 4 },
      message: 'Attendance marked successfully',
    },
  });
  return { api, app: renderApp(LECTURE_URL) };
}

const toggle = (enrollment: string) => screen.getByRole('checkbox', { name: new RegExp(`^${enrollment} `) });
const tapMode = (name: 'Absent' | 'Late' | 'Excused') => screen.getByRole('radio', { name });
const sent = (api: ReturnType<typeof setup>['api']) => api.callsTo('POST', '/attendance')[0]!.body as MarkInput;

describe('marking form: late and excused', () => {
  it('offers what a tap marks as three radio buttons, Absent chosen, with no control per row besides the switch', async () => {
    setup();
    await screen.findByRole('checkbox', { name: 'Select all' });
    const modes = screen.getByRole('group', { name: 'A tap marks' });
    expect(
      within(modes)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['absent', 'late', 'excused']);
    expect(tapMode('Absent')).toBeChecked();
    expect(modes).toHaveAccessibleDescription('Tap a student to switch between present and absent.');
    const rows = within(screen.getByRole('group', { name: 'Students present' }));
    expect(rows.queryAllByRole('combobox')).toHaveLength(0);
    expect(rows.queryAllByRole('button')).toHaveLength(0);
    expect(rows.getAllByRole('checkbox')).toHaveLength(4);
  });

  it('marks a student late in two taps (Late, then the student), and the next late student in one; a second tap is present again', async () => {
    const { app } = setup();
    await screen.findByRole('checkbox', { name: 'Select all' });
    await app.user.click(tapMode('Late'));
    expect(screen.getByRole('group', { name: 'A tap marks' })).toHaveAccessibleDescription(
      'Tap a student to mark them late; tap again for present.',
    );
    await app.user.click(toggle('25CE002'));
    await app.user.click(toggle('25CE004'));
    // Late students are in the room: their switch stays on, their name stays theirs, the status is their description.
    expect(toggle('25CE002')).toBeChecked();
    expect(toggle('25CE002')).toHaveAccessibleName('25CE002 Diya Shah');
    expect(toggle('25CE002')).toHaveAccessibleDescription('Late');
    expect(screen.getByText('4 of 4 present')).toBeInTheDocument();
    expect(screen.getByText('2 late')).toBeInTheDocument();

    await app.user.click(toggle('25CE004'));
    expect(toggle('25CE004')).not.toHaveAccessibleDescription('Late');
    expect(screen.getByText('1 late')).toBeInTheDocument();
  });

  it('marks a student excused in two taps; an excused student is not present', async () => {
    const { app } = setup();
    await screen.findByRole('checkbox', { name: 'Select all' });
    await app.user.click(tapMode('Excused'));
    await app.user.click(toggle('25CE003'));
    expect(toggle('25CE003')).not.toBeChecked();
    expect(toggle('25CE003')).toHaveAccessibleDescription('Excused');
    expect(screen.getByText('3 of 4 present')).toBeInTheDocument();
    expect(screen.getByText('1 excused')).toBeInTheDocument();
  });

  it('in Absent mode a tap is the plain switch: a late student goes absent, an excused one present', async () => {
    const { app } = setup();
    await screen.findByRole('checkbox', { name: 'Select all' });
    await app.user.click(tapMode('Late'));
    await app.user.click(toggle('25CE001'));
    await app.user.click(tapMode('Excused'));
    await app.user.click(toggle('25CE002'));
    await app.user.click(tapMode('Absent'));
    await app.user.click(toggle('25CE001'));
    await app.user.click(toggle('25CE002'));
    expect(toggle('25CE001')).not.toBeChecked();
    expect(toggle('25CE001')).toHaveAccessibleDescription('Absent');
    expect(toggle('25CE002')).toBeChecked();
    expect(screen.getByText('3 of 4 present')).toBeInTheDocument();
  });

  it('select-all on makes everyone present and keeps the late; off then makes everyone absent', async () => {
    const { app } = setup();
    const all = await screen.findByRole('checkbox', { name: 'Select all' });
    await app.user.click(tapMode('Late'));
    await app.user.click(toggle('25CE001'));
    await app.user.click(tapMode('Excused'));
    await app.user.click(toggle('25CE002'));
    await app.user.click(toggle('25CE003'));
    expect(all).not.toBeChecked();
    expect((all as HTMLInputElement).indeterminate).toBe(true);

    await app.user.click(all);
    expect(toggle('25CE001')).toHaveAccessibleDescription('Late');
    expect(toggle('25CE002')).toBeChecked();
    expect(toggle('25CE002')).not.toHaveAccessibleDescription('Excused');
    expect(screen.getByText('4 of 4 present')).toBeInTheDocument();
    expect(screen.getByText('1 late')).toBeInTheDocument();

    await app.user.click(all);
    for (const enrollment of ['25CE001', '25CE002', '25CE003', '25CE004']) expect(toggle(enrollment)).toHaveAccessibleDescription('Absent');
    expect(screen.getByText('0 of 4 present')).toBeInTheDocument();
  });

  it('sends the students in the room as presentStudentIds and the late and excused ones as statuses', async () => {
    const { api, app } = setup();
    await screen.findByRole('checkbox', { name: 'Select all' });
    await app.user.click(toggle('25CE004')); // absent
    await app.user.click(tapMode('Late'));
    await app.user.click(toggle('25CE001'));
    await app.user.click(tapMode('Excused'));
    await app.user.click(toggle('25CE003'));
    await app.user.click(screen.getByRole('button', { name: 'Mark' }));

    expect(await screen.findByRole('heading', { name: 'Attendance Marked Successfully' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/attendance')).toHaveLength(1));
    expect(sent(api)).toEqual({
      clientMarkId: expect.any(String),
      presentStudentIds: ['st1', 'st2'],
      statuses: { st1: 'late', st3: 'excused' },
      date: collegeToday(),
      slotid: 'slot9',
      classKind: 'lecture',
      courseid: 'c1',
      groupid: 'd1',
    });
  });

  it('is operable with the keyboard: the arrow keys choose what a tap marks, Space on a student marks it', async () => {
    const { api, app } = setup();
    await screen.findByRole('checkbox', { name: 'Select all' });
    tapMode('Absent').focus();
    await app.user.keyboard('{ArrowRight}');
    expect(tapMode('Late')).toBeChecked();
    await app.user.tab(); // Select all
    await app.user.tab(); // the first student
    expect(toggle('25CE001')).toHaveFocus();
    await app.user.keyboard(' ');
    expect(toggle('25CE001')).toHaveAccessibleDescription('Late');
    await app.user.click(screen.getByRole('button', { name: 'Mark' }));
    await waitFor(() => expect(api.callsTo('POST', '/attendance')).toHaveLength(1));
    expect(sent(api).statuses).toEqual({ st1: 'late' });
  });
});
