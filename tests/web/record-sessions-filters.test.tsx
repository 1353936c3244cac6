import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '@shared/schemas/auth';
import { REPORT_MESSAGES, type RecordClassSession, type StudentRecord } from '@shared/schemas/reports';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import { mockApi } from './support/fake-api';
import { signedInAs } from './support/fixtures';
import { renderApp } from './support/render-app';
import { NO_FILTERED_SESSIONS } from '@web/features/reports/components/record-sessions';
import { DIYA_RECORD, DIYA_SESSIONS, main, openReports, tableTexts } from './support/reports';

/*
 * A record's sessions (docs/product.md §2.12): a corrected mark says when (college time) and why, and the
 * list keeps to one course and one month, chosen above it, kept in the address (Back undoes a choice)
 * and read from the server.
 */

beforeAll(() =>
  Promise.all([import('@web/features/reports/components/student-record-page'), import('@web/features/reports/components/family-home')]),
);

/** 20:00 UTC on 11 Nov is 01:30 on 12 Nov at the college (Asia/Kolkata, the default time zone). */
const CORRECTED: RecordClassSession = {
  ...DIYA_SESSIONS[2]!,
  status: 'absent',
  corrected: { at: '2026-11-11T20:00:00.000Z', reason: 'medical certificate shown' },
};
const OCTOBER: RecordClassSession = {
  ...DIYA_SESSIONS[7]!,
  _id: 'oct',
  date: '2026-10-30',
  status: 'late',
  corrected: { at: '2026-10-30T06:00:00Z', reason: null },
};
const SESSIONS = [DIYA_SESSIONS[0]!, DIYA_SESSIONS[1]!, CORRECTED, ...DIYA_SESSIONS.slice(3), OCTOBER];
const RECORD: StudentRecord = { ...DIYA_RECORD, sessions: SESSIONS };
const only = (keep: (session: RecordClassSession) => boolean): StudentRecord => ({ ...RECORD, sessions: SESSIONS.filter(keep) });
const inOctober = (session: RecordClassSession) => session.date.startsWith('2026-10');
const ofDigitalElectronics = (session: RecordClassSession) => session.courseid === 'c2';

const open = (extra: Parameters<typeof openReports>[0] = {}, path = '/reports/student/st2') =>
  openReports({ 'GET /report/student/st2': { data: RECORD }, ...extra }, path, REPORT_MESSAGES.record);
const sessions = () => within(main().getByRole('heading', { level: 2, name: 'Sessions' }).closest('section')!);
const rows = () => tableTexts(sessions().getByRole('table')).slice(1);
const filters = () => within(main().getByRole('group', { name: 'Filter the sessions' }));

describe("a record's sessions: corrections", () => {
  it('says on the row when the mark was corrected (college time) and why; a row never corrected says nothing more', async () => {
    await open();
    await main().findByRole('heading', { level: 2, name: 'Sessions' });
    expect(rows()).toEqual([
      ['2026-11-05', 'Data Structures', 'Lab', '14:00 - 15:00', 'Absent'],
      ['2026-11-05', 'Digital Electronics', 'Lecture', '10:00 - 11:00', 'Present'],
      ['2026-11-05', 'Data Structures', 'Lecture', '09:00 - 10:00', 'Absent'],
      ['Corrected 12 Nov: medical certificate shown'],
      ['2026-11-04', 'Digital Electronics', 'Lecture', '10:00 - 11:00', 'Excused'],
      ['2026-11-04', 'Data Structures', 'Lecture', '09:00 - 10:00', 'Late'],
      ['2026-11-03', 'Data Structures', 'Lab', '14:00 - 15:00', 'Present'],
      ['2026-11-03', 'Data Structures', 'Lecture', '09:00 - 10:00', 'Absent'],
      ['2026-11-02', 'Data Structures', 'Lecture', '09:00 - 10:00', 'Present'],
      ['2026-10-30', 'Data Structures', 'Lecture', '09:00 - 10:00', 'Late'],
      ['Corrected 30 Oct'],
    ]);
    // A screen reader reads the note with the corrected status.
    const statuses = sessions().getAllByRole('cell', { name: /^(Absent|Late)$/ });
    expect(
      statuses.map(
        (cell) => cell.getAttribute('aria-describedby') && document.getElementById(cell.getAttribute('aria-describedby')!)?.textContent,
      ),
    ).toEqual([null, 'Corrected 12 Nov: medical certificate shown', null, null, 'Corrected 30 Oct']);
  });
});

describe("a record's sessions: course and month", () => {
  it('offers All or each course of the sessions, and All or each month with sessions, newest first', async () => {
    await open();
    await main().findByRole('heading', { level: 2, name: 'Sessions' });
    const options = (label: string) => [...filters().getByLabelText(label).querySelectorAll('option')].map((option) => option.textContent);
    expect(options('Course')).toEqual(['All courses', 'Data Structures', 'Digital Electronics']);
    expect(options('Month')).toEqual(['All months', 'November 2026', 'October 2026']);
    expect(filters().getByLabelText('Course')).toHaveValue('');
  });

  it('asks the server for the course and the month chosen, keeps them in the address, and Back undoes each', async () => {
    const { app, api } = await open({
      'GET /report/student/st2?courseid=c2': { data: only(ofDigitalElectronics) },
      'GET /report/student/st2?from=2026-10-01&to=2026-10-31&courseid=c2': { data: only(() => false) },
      'GET /report/student/st2?from=2026-10-01&to=2026-10-31': { data: only(inOctober) },
    });
    await main().findByRole('heading', { level: 2, name: 'Sessions' });

    await app.user.selectOptions(filters().getByLabelText('Course'), 'Digital Electronics');
    expect(app.location().search).toBe('?course=c2');
    await waitFor(() => expect(sessions().getByText('2 sessions, newest first')).toBeInTheDocument());
    expect(rows().map((row) => row[1])).toEqual(['Digital Electronics', 'Digital Electronics']);

    await app.user.selectOptions(filters().getByLabelText('Month'), 'October 2026');
    expect(app.location().search).toBe('?course=c2&month=2026-10');
    expect(await sessions().findByText(NO_FILTERED_SESSIONS)).toBeInTheDocument();
    // The filter row stays, so the choice can be undone where it was made.
    expect(filters().getByLabelText('Month')).toHaveValue('2026-10');

    await app.user.selectOptions(filters().getByLabelText('Course'), 'All courses');
    expect(app.location().search).toBe('?month=2026-10');
    await waitFor(() =>
      expect(rows()).toEqual([['2026-10-30', 'Data Structures', 'Lecture', '09:00 - 10:00', 'Late'], ['Corrected 30 Oct']]),
    );

    window.history.back();
    await waitFor(() => expect(app.location().search).toBe('?course=c2&month=2026-10'));
    expect(await sessions().findByText(NO_FILTERED_SESSIONS)).toBeInTheDocument();
    window.history.back();
    await waitFor(() => expect(sessions().getByText('2 sessions, newest first')).toBeInTheDocument());
    expect(filters().getByLabelText('Month')).toHaveValue('');
    window.history.back();
    await waitFor(() => expect(sessions().getByText('9 sessions, newest first')).toBeInTheDocument());
    expect(filters().getByLabelText('Course')).toHaveValue('');

    const asked = api.calls.map((call) => call.path).filter((path) => path.includes('/report/student/'));
    expect(new Set(asked)).toEqual(
      new Set([
        '/report/student/st2',
        '/report/student/st2?courseid=c2',
        '/report/student/st2?from=2026-10-01&to=2026-10-31&courseid=c2',
        '/report/student/st2?from=2026-10-01&to=2026-10-31',
      ]),
    );
  });

  it("keeps a month within the page's own range, and reads the filters from an address opened as it is", async () => {
    const { api } = await open(
      {
        'GET /report/student/st2?from=2026-10-15&to=2026-11-03': {
          data: only((one) => one.date >= '2026-10-15' && one.date <= '2026-11-03'),
        },
        'GET /report/student/st2?from=2026-11-01&to=2026-11-03': {
          data: only((one) => one.date >= '2026-11-01' && one.date <= '2026-11-03'),
        },
      },
      '/reports/student/st2?from=2026-10-15&to=2026-11-03&month=2026-11&course=no-such-course',
    );
    await waitFor(() => expect(sessions().getByText('3 sessions, newest first')).toBeInTheDocument());
    expect(filters().getByLabelText('Month')).toHaveValue('2026-11');
    // A course the sessions do not have is All.
    expect(filters().getByLabelText('Course')).toHaveValue('');
    expect(api.calls.some((call) => call.path.includes('courseid'))).toBe(false);
  });

  it("shows the server's message when the filtered list cannot be read", async () => {
    const { app } = await open({ 'GET /report/student/st2?courseid=c1': { status: 400, message: REPORT_MESSAGES.courseNotOfStudent } });
    await main().findByRole('heading', { level: 2, name: 'Sessions' });
    await app.user.selectOptions(filters().getByLabelText('Course'), 'Data Structures');
    expect(await sessions().findByRole('alert')).toHaveTextContent(REPORT_MESSAGES.courseNotOfStudent);
  });
});

describe("a record's sessions on the family's every-class page (/me/classes)", () => {
  const GUARDIAN: SignedInUser = {
    _id: 'u-guardian',
    username: 'Meena Shah',
    email: 'meena@home.test',
    role: 'guardian',
    students: [
      { _id: 'st1', name: 'Aarav Shah' },
      { _id: 'st2', name: 'Diya Shah' },
    ],
  };

  it("keeps the child chosen in the address beside the filters, and shows the correction's reason", async () => {
    mockApi({
      ...signedInAs(GUARDIAN),
      'GET /settings': { data: DEFAULT_SETTINGS },
      'GET /report/student/st2': { data: RECORD },
      'GET /report/student/st2?from=2026-11-01&to=2026-11-30': { data: only((one) => !inOctober(one)) },
    });
    const app = renderApp('/me/classes?student=st2');
    await screen.findByRole('heading', { level: 1, name: 'Every class of Diya Shah' });
    await main().findByRole('heading', { level: 2, name: 'Sessions' });
    await app.user.selectOptions(filters().getByLabelText('Month'), 'November 2026');
    expect(app.location().search).toBe('?student=st2&month=2026-11');
    await waitFor(() => expect(sessions().getByText('8 sessions, newest first')).toBeInTheDocument());
    expect(sessions().getByText('Corrected 12 Nov: medical certificate shown')).toBeInTheDocument();
  });
});
