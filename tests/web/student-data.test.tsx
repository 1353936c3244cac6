import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@shared/answers/audit';
import type { SignedInUser } from '@shared/schemas/auth';
import type { StudentStanding } from '@shared/schemas/reports';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import { STUDENT_DATA_MESSAGES as M, type DataRequest, type ListedDataRequest, type StudentData } from '@shared/schemas/student-data';
import { STUDENT_SEARCH_MESSAGES, type StudentMatch } from '@shared/schemas/student-search';
import type { Student } from '@shared/schemas/structure';
import { formatMoment } from '@web/lib/college-time';
import type { TablePdf } from '@web/lib/pdf/table-pdf';
import { studentDataPdf } from '@web/lib/student-data-pdf';
import { loadAdminScreens, main, openAdmin, posts, rowTexts } from './support/admin';
import { mockApi, routes, type Routes } from './support/fake-api';
import { ADMIN, FACULTY, signedInAs } from './support/fixtures';
import { renderApp } from './support/render-app';
import { captureDownloads, textOf } from './support/view-attendance';

/*
 * A student's data on request (docs/product.md §2.21): the admins' Student data screen (the open requests, each
 * downloaded and fulfilled; any student found downloaded or erased, the enrollment typed again first), the card on
 * the student's and guardian's Home (ask, wait, download until it runs out), and the download itself: the JSON as
 * the export answered it, and the PDF's tables. The PDF module is replaced by a recorder of what it is asked to
 * make (the real renderer: tests/unit).
 */

const pdf = vi.hoisted(() => ({ specs: [] as TablePdf[] }));
vi.mock('@web/lib/pdf/table-pdf', () => ({
  renderTablePdf: async (spec: TablePdf) => {
    pdf.specs.push(spec);
    return new Blob(['%PDF-fake'], { type: 'application/pdf' });
  },
}));

loadAdminScreens();
beforeAll(() => import('@web/features/reports/components/family-home'));
beforeEach(() => {
  pdf.specs = [];
});

const AT = '2026-11-20T05:30:00.000Z';
const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

const ASHA: Student = {
  _id: 'st1',
  enrollment: '25CE001',
  name: 'Asha Patel',
  email: 'asha@college.test',
  batchid: 'b1',
  guardians: [{ name: 'Meena Patel', relation: 'Mother', email: 'meena@home.test', phone: '+91 98765 43210' }],
  dob: '2008-04-02',
};
const ASHA_MATCH: StudentMatch = {
  _id: 'st1',
  enrollment: '25CE001',
  name: 'Asha Patel',
  termid: 't1',
  semid: 's3',
  semester: 'Semester 3',
  divisionid: 'd1',
  division: 'Division 1',
  batchid: 'b1',
  batch: 'Batch 1A',
};
const BY_ASHA = { _id: 'u-asha', username: 'Asha Patel', role: 'student' };

const REQUESTED: DataRequest = { studentid: 'st1', status: 'requested', requestedAt: AT, requestedBy: BY_ASHA };
const READY: DataRequest = {
  ...REQUESTED,
  status: 'ready',
  fulfilledAt: '2026-11-21T06:00:00.000Z',
  fulfilledBy: { _id: ADMIN._id, username: ADMIN.username, role: 'admin' },
  readyUntil: inDays(10),
};
const LISTED: ListedDataRequest = { ...REQUESTED, student: { name: 'Asha Patel', enrollment: '25CE001' } };
/** A request whose student was erased since. */
const GONE: ListedDataRequest = {
  studentid: 'st9',
  status: 'requested',
  requestedAt: '2026-11-22T04:00:00.000Z',
  requestedBy: { _id: 'u-mother', username: 'Meena Patel', role: 'guardian' },
  student: null,
};

const CORRECTION: AuditEntry = {
  _id: 'a1',
  at: '2026-11-20T08:00:00.000Z',
  by: { _id: FACULTY._id, username: FACULTY.username, role: 'faculty' },
  action: 'PATCH /attendance/{id}',
  params: { id: 'sess1' },
  subjects: ['sess1', 'st1'],
  records: ['class c1 2026-11-20 slot9 d1'],
  ip: '10.20.0.7',
  requestId: 'req-1',
};

/** Everything SAMS holds about Asha: one of every kind. */
const ASHA_DATA: StudentData = {
  exportedAt: '2026-11-27T06:00:00.000Z',
  college: 'Demo College',
  student: ASHA,
  place: { term: '2026-27 Odd Term', semester: 'Semester 3', division: 'Division 1', batch: 'Batch 1A' },
  account: {
    email: 'asha@college.test',
    invitedAt: '2026-07-01T04:00:00.000Z',
    lastSignIn: { at: '2026-11-26T03:00:00.000Z', method: 'password' },
    sessions: [{ device: 'Firefox on Linux', signedInAt: '2026-11-26T03:00:00.000Z', lastSeenAt: '2026-11-26T03:10:00.000Z' }],
  },
  record: {
    student: {
      _id: 'st1',
      name: 'Asha Patel',
      enrollment: '25CE001',
      semester: { _id: 's3', name: 'Semester 3' },
      division: { _id: 'd1', name: 'Division 1' },
      batch: { _id: 'b1', name: 'Batch 1A' },
    },
    threshold: 75,
    courses: [{ courseid: 'c1', course: 'Physics', classKind: 'lecture', attended: 3, held: 4, percentage: 75 }],
    overall: 75,
    sessions: [
      {
        _id: 'sess1',
        date: '2026-11-20',
        courseid: 'c1',
        course: 'Physics',
        classKind: 'lecture',
        slotid: 'slot9',
        slot: '09:00 - 10:00',
        status: 'present',
        corrected: { at: '2026-11-20T08:00:00.000Z', reason: 'Marked absent by mistake' },
      },
    ],
  },
  // Her first semester's Chemistry lab, before the change of term.
  earlier: {
    courses: [{ courseid: 'c0', course: 'Chemistry', classKind: 'lab', attended: 0, held: 1, percentage: 0 }],
    sessions: [
      {
        _id: 'sess0',
        date: '2026-05-04',
        courseid: 'c0',
        course: 'Chemistry',
        classKind: 'lab',
        slotid: 'slot1',
        slot: '14:00 - 16:00',
        status: 'absent',
      },
    ],
  },
  leave: [
    {
      _id: 'l1',
      ref: 'K7P2QX',
      version: 2,
      studentid: 'st1',
      student: { name: 'Asha Patel', enrollment: '25CE001' },
      divisionid: 'd1',
      batchid: 'b1',
      kind: 'Medical',
      countsAs: 'excused',
      from: '2026-11-23',
      to: '2026-11-24',
      reason: 'Fever, with a doctor’s note',
      status: 'approved',
      history: [{ action: 'applied', at: '2026-11-22T03:00:00.000Z', by: BY_ASHA }],
      classesOnLeave: 2,
      applying: false,
    },
  ],
  checkIns: [
    { date: '2026-11-20', course: 'Physics', slot: '09:00 - 10:00', classKind: 'lecture', at: '2026-11-20T03:35:00.000Z', flags: ['late'] },
  ],
  alerts: [{ job: 'weekly', period: '2026-W47', to: 'meena@home.test', state: 'sent', sentAt: '2026-11-23T02:30:00.000Z' }],
  audit: [CORRECTION],
  dataRequest: READY,
};

/** Asha with nothing but her record's student and place: no sign-in, no marks, nothing else. */
const BARE_DATA: StudentData = {
  ...ASHA_DATA,
  student: { _id: 'st1', enrollment: '25CE001', name: 'Asha Patel', batchid: 'b1' },
  account: null,
  record: { ...ASHA_DATA.record, courses: [], overall: null, sessions: [] },
  earlier: { courses: [], sessions: [] },
  leave: [],
  checkIns: [],
  alerts: [],
  audit: [],
  dataRequest: null,
};

const tablesOf = (spec: TablePdf) => [...[spec.before ?? []].flat(), spec];
const tableHeaded = (spec: TablePdf, head: string) => tablesOf(spec).find((table) => table.head[0] === head)!;

describe('the PDF of a student’s data', () => {
  it('names the student in its title, and has a row per session, leave, check-in, alert and audit entry, in words', () => {
    const spec = studentDataPdf(ASHA_DATA);
    expect(spec.title).toBe(`Demo College: the data SAMS holds about Asha Patel (25CE001), ${formatMoment(ASHA_DATA.exportedAt)}`);
    expect(spec.subject).toBe('Data of 25CE001');
    expect(tablesOf(spec).map((table) => table.head[0])).toEqual([
      'Student',
      'Course',
      'Class (date)',
      'Earlier course',
      'Earlier class (date)',
      'Leave (from)',
      'Check-in (date)',
      'Alert email',
      'Audit entry (when)',
    ]);

    const about = tableHeaded(spec, 'Student').body.map(([line]) => line);
    expect(about).toEqual([
      'Name: Asha Patel',
      'Enrollment: 25CE001',
      'Email: asha@college.test',
      'Date of birth: 2008-04-02',
      'Term: 2026-27 Odd Term, Semester 3, Division 1, Batch 1A',
      'Guardian: Meena Patel (Mother) meena@home.test, +91 98765 43210',
      `Sign-in: asha@college.test; last signed in ${formatMoment('2026-11-26T03:00:00.000Z')}; 1 device(s) signed in now`,
      `Data request: ready, asked ${formatMoment(AT)}`,
    ]);
    expect(tableHeaded(spec, 'Course').body).toEqual([['Physics', 'Lecture', '3', '4', '75%']]);
    // Her first semester's marks, before the change of term.
    expect(tableHeaded(spec, 'Earlier course').body).toEqual([['Chemistry', 'Lab', '0', '1', '0%']]);
    expect(tableHeaded(spec, 'Earlier class (date)').body).toEqual([['2026-05-04', 'Chemistry (Lab)', '14:00 - 16:00', 'absent', '']]);
    expect(tableHeaded(spec, 'Class (date)')).toEqual({
      head: ['Class (date)', 'Course', 'Slot', 'Status', 'Corrected'],
      body: [
        [
          '2026-11-20',
          'Physics (Lecture)',
          '09:00 - 10:00',
          'present',
          `${formatMoment('2026-11-20T08:00:00.000Z')}: Marked absent by mistake`,
        ],
      ],
    });
    expect(tableHeaded(spec, 'Leave (from)').body).toEqual([
      ['2026-11-23', '2026-11-24', 'Medical', 'Fever, with a doctor’s note', 'approved'],
    ]);
    expect(tableHeaded(spec, 'Check-in (date)').body).toEqual([
      ['2026-11-20', 'Physics (Lecture) 09:00 - 10:00', formatMoment('2026-11-20T03:35:00.000Z'), 'late'],
    ]);
    expect(tableHeaded(spec, 'Alert email').body).toEqual([['weekly', '2026-W47', 'meena@home.test', 'sent']]);
    // The audit trail's table is the last (the spec's own), each entry in an admin's words, not its route.
    expect(spec.head).toEqual(['Audit entry (when)', 'Who', 'What']);
    expect(spec.body).toEqual([[formatMoment(CORRECTION.at), 'Demo Faculty (faculty)', 'Corrected attendance']]);
  });

  it('says None for each kind the student has nothing of, and no sign-in and no request in words', () => {
    const spec = studentDataPdf(BARE_DATA);
    for (const head of ['Course', 'Class (date)', 'Leave (from)', 'Check-in (date)', 'Alert email', 'Audit entry (when)']) {
      const table = tableHeaded(spec, head);
      expect(table.body, head).toEqual([['None', ...table.head.slice(1).map(() => '')]]);
    }
    const about = tableHeaded(spec, 'Student').body.map(([line]) => line);
    expect(about).toContain('Sign-in: none');
    expect(about).toContain('Data request: none');
    expect(about).toContain('Email: ');
    expect(about.some((line) => line!.startsWith('Guardian:') || line!.startsWith('Date of birth:'))).toBe(false);
  });
});

/** The admin's Student data screen over `requests` (a function: what the list answers now). */
const openStudentData = <T,>(requests: () => ListedDataRequest[], extra?: Routes<T>) =>
  openAdmin('/dashboard/studentdata', 'Student data', {
    ...routes({
      'GET /student/data-requests': () => ({ data: requests() }),
      'GET /student/st1/export': { data: ASHA_DATA, message: M.exported },
      'GET /student/search?q=Asha': { data: { students: [ASHA_MATCH], more: false }, message: STUDENT_SEARCH_MESSAGES.found },
    }),
    ...extra,
  } as Routes<Record<string, never>>);

/** The screen's banner showing `text`: its role (status for a success, alert for an error). */
const bannerRole = async (text: string) => (await main().findByText(text)).closest('[role]')?.getAttribute('role');

const requestsTable = () => main().findByRole('table', { name: 'Requests' });

describe('admin: Student data', () => {
  it('lists the open requests, and fulfils one with the server’s message, the list reloaded', async () => {
    let open = [LISTED, GONE];
    const { app, api } = await openStudentData(() => open, {
      'POST /student/st1/data-request/fulfil': () => {
        open = [GONE];
        return { data: { ...READY, readyUntil: '2026-12-21T06:00:00.000Z' }, message: M.fulfilled };
      },
    });
    const table = await requestsTable();
    expect(rowTexts(table).map(([student, asked]) => [student, asked])).toEqual([
      ['25CE001 Asha Patel', `${formatMoment(AT)} by Asha Patel (student)`],
      ['Student gone', `${formatMoment(GONE.requestedAt)} by Meena Patel (guardian)`],
    ]);
    const [, asha, gone] = within(table).getAllByRole('row');
    expect(
      within(asha!)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Download PDF of 25CE001', 'Download JSON of 25CE001', 'Fulfil the request of 25CE001']);
    // A request whose student is gone has nothing to download: it can only be closed.
    expect(within(gone!).getAllByRole('button')).toEqual([within(gone!).getByRole('button', { name: /^Fulfil/ })]);

    await app.user.click(within(table).getByRole('button', { name: 'Fulfil the request of 25CE001' }));
    expect(await main().findByRole('status')).toHaveTextContent(M.fulfilled);
    expect(api.callsTo('POST', '/student/st1/data-request/fulfil')).toHaveLength(1);
    await waitFor(() =>
      expect(rowTexts(main().getByRole('table', { name: 'Requests' })).map(([student]) => student)).toEqual(['Student gone']),
    );
  });

  it('says there are no open requests', async () => {
    await openStudentData(() => []);
    expect(await main().findByText('No open requests')).toBeInTheDocument();
    expect(main().queryByRole('table', { name: 'Requests' })).not.toBeInTheDocument();
  });

  it('shows a refused fulfilment (409) as an error, the request still listed', async () => {
    const { app } = await openStudentData(() => [LISTED], {
      'POST /student/st1/data-request/fulfil': { status: 409, message: M.nothingToFulfil },
    });
    await app.user.click(within(await requestsTable()).getByRole('button', { name: 'Fulfil the request of 25CE001' }));
    expect(await main().findByRole('alert')).toHaveTextContent(M.nothingToFulfil);
    expect(main().queryByRole('status')).not.toBeInTheDocument();
    expect(rowTexts(main().getByRole('table', { name: 'Requests' }))).toHaveLength(1);
  });

  it('downloads a request’s data as JSON (the export as answered) and as PDF (its tables)', async () => {
    const { app, api } = await openStudentData(() => [LISTED]);
    const table = await requestsTable();
    const saved = captureDownloads();

    await app.user.click(within(table).getByRole('button', { name: 'Download JSON of 25CE001' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(api.callsTo('GET', '/student/st1/export')).toHaveLength(1);
    expect(saved[0]!.name).toBe('Data of 25CE001 Asha Patel.json');
    expect(saved[0]!.blob.type).toBe('application/json');
    expect(JSON.parse(await textOf(saved[0]!.blob))).toEqual(ASHA_DATA);

    await app.user.click(within(table).getByRole('button', { name: 'Download PDF of 25CE001' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(api.callsTo('GET', '/student/st1/export')).toHaveLength(2);
    expect(saved[1]!.name).toBe('Data of 25CE001 Asha Patel.pdf');
    expect(pdf.specs).toEqual([studentDataPdf(ASHA_DATA)]);
    expect(main().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a failed download as an error, and saves nothing', async () => {
    const { app } = await openStudentData(() => [LISTED], {
      'GET /student/st1/export': { status: 404, message: M.studentNotFound },
    });
    const saved = captureDownloads();
    await app.user.click(within(await requestsTable()).getByRole('button', { name: 'Download JSON of 25CE001' }));
    expect(await main().findByRole('alert')).toHaveTextContent(M.studentNotFound);
    expect(saved).toEqual([]);
  });

  it('finds a student, downloads their data, and erases them once their enrollment is typed again (any case, spaces around)', async () => {
    const { app, api } = await openStudentData(() => [], {
      'POST /student/st1/erase': {
        data: { _id: 'st1', erasedAt: '2026-11-27T06:10:00.000Z', removed: { student: 1, leave: 1, checkIns: 1 } },
        message: M.erased,
      },
    });
    await main().findByText('No open requests');
    await app.user.type(main().getByRole('searchbox', { name: 'Find a student' }), 'Asha{Enter}');
    const found = within(await main().findByRole('list', { name: 'Students found' }));
    await found.findByRole('link', { name: 'Asha Patel' });
    expect(found.getByRole('button', { name: 'Download PDF of 25CE001' })).toBeInTheDocument();

    const saved = captureDownloads();
    await app.user.click(found.getByRole('button', { name: 'Download JSON of 25CE001' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['Data of 25CE001 Asha Patel.json']));

    await app.user.click(found.getByRole('button', { name: 'Erase 25CE001' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Erase this student?' }));
    expect(dialog.getByText('Erase 25CE001 Asha Patel? This cannot be undone.')).toBeInTheDocument();
    const erase = dialog.getByRole('button', { name: 'Erase' });
    const typed = dialog.getByLabelText('Type 25CE001 to confirm');
    expect(erase).toBeDisabled();
    await app.user.type(typed, '25CE00');
    expect(erase).toBeDisabled();
    await app.user.type(typed, '2');
    expect(erase).toBeDisabled();
    await app.user.clear(typed);
    await app.user.type(typed, '  25ce001 ');
    expect(erase).toBeEnabled();
    expect(api.callsTo('POST', '/student/st1/erase')).toEqual([]);

    await app.user.click(erase);
    expect(await bannerRole(M.erased)).toBe('status');
    const [call] = api.callsTo('POST', '/student/st1/erase');
    expect(call!.body).toEqual({ enrollment: expect.stringMatching(/^\s*25ce001\s*$/i) as unknown });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a refused erasure (400) as an error; Cancel sends nothing', async () => {
    const { app, api } = await openStudentData(() => [], {
      'POST /student/st1/erase': { status: 400, message: M.confirmMismatch },
    });
    await app.user.type(await main().findByRole('searchbox', { name: 'Find a student' }), 'Asha{Enter}');
    const eraseButton = await main().findByRole('button', { name: 'Erase 25CE001' });

    await app.user.click(eraseButton);
    let dialog = within(await screen.findByRole('dialog', { name: 'Erase this student?' }));
    await app.user.type(dialog.getByLabelText('Type 25CE001 to confirm'), '25CE001');
    await app.user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(api)).toEqual([]);

    await app.user.click(eraseButton);
    dialog = within(await screen.findByRole('dialog', { name: 'Erase this student?' }));
    // Opened again, it asks again.
    expect(dialog.getByLabelText('Type 25CE001 to confirm')).toHaveValue('');
    await app.user.type(dialog.getByLabelText('Type 25CE001 to confirm'), '25CE001');
    await app.user.click(dialog.getByRole('button', { name: 'Erase' }));
    expect(await bannerRole(M.confirmMismatch)).toBe('alert');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/student/st1/erase')).toEqual([expect.objectContaining({ body: { enrollment: '25CE001' } })]);
  });
});

const STUDENT: SignedInUser = {
  _id: 'u-asha',
  username: 'Asha Patel',
  email: 'asha@college.test',
  role: 'student',
  students: [{ _id: 'st1', name: 'Asha Patel' }],
};
const GUARDIAN: SignedInUser = {
  _id: 'u-mother',
  username: 'Meena Patel',
  email: 'meena@home.test',
  role: 'guardian',
  students: [{ _id: 'st1', name: 'Asha Patel' }],
};
const unknownRemaining = { below: false, classesNeeded: 0, remaining: null, unknown: 'noLastDay' as const, canMiss: null, best: null };
const STANDING: StudentStanding = {
  student: ASHA_DATA.record.student,
  asOf: '2026-11-26',
  threshold: 75,
  thresholdApplies: 'overall',
  lastDay: null,
  courses: [{ courseid: 'c1', course: 'Physics', classKind: 'lecture', attended: 3, held: 4, percentage: 75, ...unknownRemaining }],
  overall: { attended: 3, held: 4, percentage: 75, ...unknownRemaining },
};
const HOME = routes({
  'GET /settings': { data: DEFAULT_SETTINGS },
  'GET /report/student/st1/standing': { data: STANDING },
  'GET /student/st1/export': { data: ASHA_DATA, message: M.exported },
});

/** Home (/me) as `user`, Asha's request answering `request` (a function: what it answers now); the data card. */
async function openHome(user: SignedInUser, request: () => DataRequest | null, heading = 'Your data') {
  const api = mockApi({
    ...signedInAs(user),
    ...HOME,
    'GET /student/st1/data-request': () => ({ data: request() }),
    'POST /student/st1/data-request': () => ({ data: REQUESTED, message: M.requested }),
  });
  const app = renderApp('/me');
  const card = within(await screen.findByRole('region', { name: heading }));
  await waitFor(() => expect(api.callsTo('GET', '/student/st1/data-request')).not.toHaveLength(0));
  return { api, app, card };
}

describe('Home: the data card', () => {
  it('lets a student with no request ask for their data, then says when they asked', async () => {
    let request: DataRequest | null = null;
    const { api, app, card } = await openHome(STUDENT, () => request);
    const ask = await card.findByRole('button', { name: 'Ask for your data' });
    expect(card.getByText(/everything SAMS holds about you\./)).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');
    expect(card.queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();

    request = REQUESTED;
    await app.user.click(ask);
    expect(await card.findByText(`Asked for on ${formatMoment(AT)}: an admin prepares it, then it is here to download.`)).toHaveAttribute(
      'role',
      'status',
    );
    expect(api.callsTo('POST', '/student/st1/data-request')).toHaveLength(1);
    expect(card.queryByRole('button', { name: 'Ask for your data' })).not.toBeInTheDocument();
  });

  it('says a request is with the college, and offers nothing to do', async () => {
    const { card } = await openHome(STUDENT, () => REQUESTED);
    expect(await card.findByText(/^Asked for on /)).toHaveTextContent(`Asked for on ${formatMoment(AT)}`);
    expect(card.queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers a ready request’s data as PDF and JSON until it runs out, the JSON saved as the export answered it', async () => {
    const { api, app, card } = await openHome(STUDENT, () => READY);
    const json = await card.findByRole('button', { name: 'Download JSON' });
    expect(card.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(card.getByText(/^Ready to download until /)).toHaveTextContent(`Ready to download until ${formatMoment(READY.readyUntil!)}`);
    expect(card.queryByRole('button', { name: /^Ask for/ })).not.toBeInTheDocument();

    const saved = captureDownloads();
    await app.user.click(json);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(api.callsTo('GET', '/student/st1/export')).toHaveLength(1);
    expect(saved[0]!.name).toBe('Data of 25CE001 Asha Patel.json');
    expect(JSON.parse(await textOf(saved[0]!.blob))).toEqual(ASHA_DATA);

    await app.user.click(card.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.name).toBe('Data of 25CE001 Asha Patel.pdf');
    expect(pdf.specs).toHaveLength(1);
    expect(pdf.specs[0]!.title).toContain('Asha Patel (25CE001)');
  });

  it('offers to ask again once a ready request has run out', async () => {
    const { card } = await openHome(STUDENT, () => ({ ...READY, readyUntil: inDays(-1) }));
    expect(await card.findByRole('button', { name: 'Ask for your data' })).toBeEnabled();
    expect(card.queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();
    expect(card.queryByText(/^Ready to download/)).not.toBeInTheDocument();
  });

  it("speaks to a guardian of the child's data by first name", async () => {
    const { api, app, card } = await openHome(GUARDIAN, () => null, "Asha's data");
    expect(await card.findByText(/everything SAMS holds about them\./)).toBeInTheDocument();
    await app.user.click(card.getByRole('button', { name: "Ask for Asha's data" }));
    await waitFor(() => expect(api.callsTo('POST', '/student/st1/data-request')).toHaveLength(1));
  });
});
