import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { collegeToday } from '@tests/support/college-time';
import type { MarkedClassSession } from '@shared/schemas/attendance';
import type { ClassKind } from '@shared/schemas/wire-names';
import { mockApi, type Reply } from './support/fake-api';
import { FACULTY, ODD, SEMESTER_3, signedInAs } from './support/fixtures';
import { renderApp } from './support/render-app';

/*
 * The marking form and approved leave (docs/product.md §2.17): a student on leave covering the class starts
 * with the leave's status (excused, or present when on duty) and says 'On leave (<kind>)'; a leave of other
 * classes of the day does not; the teacher can still change it; with no answer (offline, no copy) no one is.
 */

const STUDENTS = [
  { batchStudents: { _id: 'st1', name: 'Aarav Patel', enrollment: '25CE001' } },
  { batchStudents: { _id: 'st2', name: 'Diya Shah', enrollment: '25CE002' } },
  { batchStudents: { _id: 'st3', name: 'Ishaan Mehta', enrollment: '25CE003' } },
];
const MARKED: MarkedClassSession = { _id: 'sess1', version: 1, date: collegeToday(), groupid: 'd1', present: 2, expected: 3 };
const LECTURE_URL = '/students/d1?extraData=Semester+3+%2F+Physics+%2F+Lecture&termid=t1&semid=s3&courseid=c1&kind=1&slot=slot9';

type OnLeave = {
  studentid: string;
  leaveid: string;
  kind: string;
  status: 'excused' | 'present';
  classes?: { slotid: string; courseid: string; classKind: ClassKind }[];
};
const ON_LEAVE: OnLeave[] = [
  // A whole day of medical leave: every class of the day.
  { studentid: 'st2', leaveid: 'l1', kind: 'Medical', status: 'excused' },
  // On duty for this very class: present.
  {
    studentid: 'st3',
    leaveid: 'l2',
    kind: 'On duty',
    status: 'present',
    classes: [{ slotid: 'slot9', courseid: 'c1', classKind: 'lecture' }],
  },
  // Leave for another class of the day only.
  {
    studentid: 'st1',
    leaveid: 'l3',
    kind: 'Personal',
    status: 'excused',
    classes: [{ slotid: 'slot10', courseid: 'c1', classKind: 'lecture' }],
  },
];

function setup(onLeave: Reply<OnLeave[]>) {
  const api = mockApi({
    ...signedInAs(FACULTY),
    'GET /term/active': { data: [ODD] },
    'GET /semester/t1': { data: [SEMESTER_3] },
    'GET /student/division/d1': { data: STUDENTS },
    [`GET /leave/group/d1?date=${collegeToday()}`]: onLeave,
    'POST /attendance': { status: 201, data: MARKED, message: 'Attendance marked successfully' },
  });
  return { api, app: renderApp(LECTURE_URL) };
}

const row = (name: RegExp) => screen.getByRole('checkbox', { name }).closest('li')!;

describe('the marking form with students on leave', () => {
  it('starts a covered student with the leave’s status and an On leave badge, in words; others as usual', async () => {
    const { api } = setup({ data: ON_LEAVE });
    const diya = await screen.findByRole('checkbox', { name: /25CE002/ });
    expect(api.callsTo('GET', `/leave/group/d1?date=${collegeToday()}`)).toHaveLength(1);
    // Excused: out of the room, described by its status and its leave.
    expect(diya).not.toBeChecked();
    expect(diya).toHaveAccessibleDescription('Excused On leave (Medical)');
    expect(within(row(/25CE002/)).getByText('On leave (Medical)')).toBeInTheDocument();
    // On duty: present, and said so.
    const ishaan = screen.getByRole('checkbox', { name: /25CE003/ });
    expect(ishaan).toBeChecked();
    expect(ishaan).toHaveAccessibleDescription('On leave (On duty)');
    // A leave of another class of the day: nothing here.
    const aarav = screen.getByRole('checkbox', { name: /25CE001/ });
    expect(aarav).toBeChecked();
    expect(within(row(/25CE001/)).queryByText(/On leave/)).not.toBeInTheDocument();
    expect(screen.getByText('2 of 3 present')).toBeInTheDocument();
    expect(screen.getByText('1 excused')).toBeInTheDocument();
    // The leave's start is no change of the teacher's: nothing to discard.
    expect(screen.queryByRole('button', { name: 'Discard changes' })).not.toBeInTheDocument();
  });

  it('sends the leave’s status when the teacher leaves it as it started', async () => {
    const { api, app } = setup({ data: ON_LEAVE });
    await screen.findByRole('checkbox', { name: /25CE002/ });
    await app.user.click(screen.getByRole('button', { name: 'Mark' }));
    await waitFor(() => expect(api.callsTo('POST', '/attendance')).toHaveLength(1));
    expect(api.callsTo('POST', '/attendance')[0]!.body).toMatchObject({ presentStudentIds: ['st1', 'st3'], statuses: { st2: 'excused' } });
  });

  it('lets the teacher change a student on leave (the badge stays, the status is theirs)', async () => {
    const { api, app } = setup({ data: ON_LEAVE });
    const diya = await screen.findByRole('checkbox', { name: /25CE002/ });
    await app.user.click(diya);
    expect(diya).toBeChecked();
    expect(within(row(/25CE002/)).getByText('On leave (Medical)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Discard changes' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Mark' }));
    await waitFor(() => expect(api.callsTo('POST', '/attendance')).toHaveLength(1));
    expect(api.callsTo('POST', '/attendance')[0]!.body).toMatchObject({ presentStudentIds: ['st1', 'st2', 'st3'] });
    expect(api.callsTo('POST', '/attendance')[0]!.body).not.toHaveProperty('statuses');
  });

  it('shows no badges and everyone present when who is on leave cannot be read (offline with no copy)', async () => {
    setup({ status: 503, message: 'Could not reach the server' });
    const diya = await screen.findByRole('checkbox', { name: /25CE002/ });
    expect(diya).toBeChecked();
    expect(screen.queryByText(/On leave/)).not.toBeInTheDocument();
    expect(screen.getByText('3 of 3 present')).toBeInTheDocument();
  });
});
