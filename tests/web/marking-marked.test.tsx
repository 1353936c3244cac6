import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { collegeToday } from '@tests/support/college-time';
import type { MarkConflict, MarkedClassSession } from '@shared/schemas/attendance';
import { viewLink } from '@web/lib/view-link';
import { mockApi, routes, type Routes } from './support/fake-api';
import { ACTIVE_TERMS, ADMIN, BATCH_1A, DIVISION_1, FACULTY, signedInAs } from './support/fixtures';
import { MARKED_AT, MARKED_AT_SHOWN, markedCheckKey, markedRecord } from './support/marking-marked';
import { renderApp } from './support/render-app';

/*
 * A class already marked (issue 33, point 2) and the confirmation (point 10a): the steps flag a marked
 * group, its form shows who marked it and when with the way to see or correct it, a 409 on Mark says
 * the same and stays; the confirmation names the class, its date and the counts.
 */

const PATH = 'Semester 3 / Data Structures / Lecture / 09:00 - 10:00 / Division 1';
const LECTURE_URL = `/students/d1?${new URLSearchParams({ extraData: PATH, termid: 't1', semid: 's3', courseid: 'c1', kind: '1', slot: 'slot9' })}`;
const DIVISION_STUDENTS = [
  { batchStudents: { _id: 'st1', name: 'Aarav Patel', enrollment: '25CE001' } },
  { batchStudents: { _id: 'st2', name: 'Diya Shah', enrollment: '25CE002' } },
  { batchStudents: { _id: 'st3', name: 'Ishaan Mehta', enrollment: '25CE003' } },
];
const VIEW_D1 = viewLink({ date: collegeToday(), semid: 's3', courseid: 'c1', slotid: 'slot9', classKind: 'lecture', groupid: 'd1' });

const base = routes({
  ...signedInAs(FACULTY),
  ...ACTIVE_TERMS,
  'GET /division/s3': { data: [DIVISION_1, { _id: 'd2', name: 'Division 2', semid: 's3' }] },
  'GET /batch/d1': { data: [BATCH_1A, { _id: 'b2', name: 'Batch 1B', divisionid: 'd1' }] },
  'GET /student/division/d1': { data: DIVISION_STUDENTS },
});

const open = <T,>(url: string, extra?: Routes<T>) => {
  const api = mockApi({ ...base, ...extra });
  return { api, app: renderApp(url) };
};

const alreadyMarked = `This class is already marked. Marked by ${ADMIN.username} at ${MARKED_AT_SHOWN}.`;

describe('a class already marked', () => {
  it('shows who marked it and when, with a link to view or correct it, instead of an editable form', async () => {
    const { api } = open(LECTURE_URL, { [markedCheckKey('lecture')]: markedRecord('lecture', 'd1') });
    expect(await screen.findByText(/This class is already marked/)).toHaveTextContent(alreadyMarked);
    expect(screen.getByRole('link', { name: 'View or correct it' })).toHaveAttribute('href', VIEW_D1);
    expect(screen.queryByRole('form', { name: 'Attendance' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', markedCheckKey('lecture').slice(4))).toHaveLength(1);
  });

  it('shows the form when another group of the class is marked, not this one', async () => {
    open(LECTURE_URL, { [markedCheckKey('lecture')]: markedRecord('lecture', 'd2') });
    expect(await screen.findByRole('button', { name: 'Mark' })).toBeInTheDocument();
    expect(screen.queryByText(/already marked/)).not.toBeInTheDocument();
  });

  it('shows the form when the check fails (the server still refuses a second mark)', async () => {
    open(LECTURE_URL, { [markedCheckKey('lecture')]: { status: 500, message: 'Something went wrong' } });
    expect(await screen.findByRole('button', { name: 'Mark' })).toBeInTheDocument();
  });

  it('flags the marked division on the division step, with who marked it and when', async () => {
    open('/division/slot9?extraData=S&semid=s3&courseid=c1&kind=1', { [markedCheckKey('lecture')]: markedRecord('lecture', 'd1') });
    const list = await screen.findByRole('list', { name: 'Divisions' });
    const marked = await within(list).findByRole('link', { name: /^Division 1/ });
    await waitFor(() => expect(marked).toHaveTextContent(`Already marked today. Marked by ${ADMIN.username} at ${MARKED_AT_SHOWN}`));
    expect(within(list).getByRole('link', { name: /^Division 2/ })).not.toHaveTextContent(/marked/i);
  });

  it('flags the marked batch on the batch step of a lab', async () => {
    open('/batch/d1?extraData=S&courseid=c1&kind=2&slot=slot9', { [markedCheckKey('lab')]: markedRecord('lab', 'b2') });
    const list = await screen.findByRole('list', { name: 'Batches' });
    await waitFor(() => expect(within(list).getByRole('link', { name: /^Batch 1B/ })).toHaveTextContent(/Already marked today/));
    expect(within(list).getByRole('link', { name: /^Batch 1A/ })).not.toHaveTextContent(/marked/i);
  });

  it('a 409 on Mark shows the refusal, who marked it and when, and the link; it does not return to Home', async () => {
    const duplicate = 'Attendance for this date, course, and slot already exists';
    const conflict: MarkConflict = {
      _id: 'sess-d1',
      date: collegeToday(),
      courseid: 'c1',
      slotid: 'slot9',
      classKind: 'lecture',
      groupid: 'd1',
      markedBy: { _id: ADMIN._id, username: ADMIN.username },
      markedAt: MARKED_AT,
    };
    // A 409's data is the conflict, not the 201's answer the route's type gives.
    const { app } = open(LECTURE_URL, { 'POST /attendance': { status: 409, message: duplicate, data: conflict as never } });
    await app.user.click(await screen.findByRole('checkbox', { name: /25CE002/ }));
    await app.user.click(screen.getByRole('button', { name: 'Mark' }));

    const notice = await screen.findByText(/This class is already marked/);
    expect(notice).toHaveTextContent(`${duplicate} ${alreadyMarked}`);
    expect(screen.getByRole('link', { name: 'View or correct it' })).toHaveAttribute('href', VIEW_D1);
    expect(screen.queryByRole('button', { name: 'Mark' })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(app.location().pathname).toBe('/students/d1');
  });
});

describe('the confirmation', () => {
  const marked: MarkedClassSession = { _id: 'sess1', version: 1, date: collegeToday(), groupid: 'd1', present: 2, expected: 3 };

  it('names the class and its date, and says how many of those expected were present', async () => {
    const { app } = open(LECTURE_URL, { 'POST /attendance': { status: 201, data: marked, message: 'Attendance marked successfully' } });
    await app.user.click(await screen.findByRole('checkbox', { name: /25CE002/ }));
    await app.user.click(screen.getByRole('button', { name: 'Mark' }));

    expect(await screen.findByRole('heading', { name: 'Attendance Marked Successfully' })).toBeInTheDocument();
    const card = screen.getByRole('status');
    expect(card).toHaveTextContent(PATH);
    expect(card).toHaveTextContent(collegeToday());
    expect(card).toHaveTextContent('2 of 3 present');
  });

  it('takes the counts from the server’s answer (not the form’s)', async () => {
    const { app } = open(LECTURE_URL, {
      'POST /attendance': { status: 201, data: { ...marked, present: 3, expected: 4 }, message: 'Attendance marked successfully' },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Mark' }));
    expect(await screen.findByText('3 of 4 present')).toBeInTheDocument();
  });

  it('opened on its own (no class handed over) still confirms, without a summary', async () => {
    open('/success');
    expect(await screen.findByRole('heading', { name: 'Attendance Marked Successfully' })).toBeInTheDocument();
    expect(screen.queryByText(/present$/)).not.toBeInTheDocument();
  });
});
