import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@shared/answers/audit';
import { addDays } from '@shared/dates';
import { AUDIT_MESSAGES } from '@shared/schemas/audit';
import { STUDENT_SEARCH_MESSAGES, type StudentMatch } from '@shared/schemas/student-search';
import { auditCsv } from '@web/features/admin/components/audit-page';
import { deviceName } from '@web/lib/device-name';
import { collegeToday } from '@tests/support/college-time';
import type { Routes } from './support/fake-api';
import { columnNames, loadAdminScreens, main, openAdmin, rowTexts } from './support/admin';
import { ADMIN, FACULTY } from './support/fixtures';

/*
 * The audit trail screen (docs/product.md §2.19): the last week's entries to start with, narrowed to who did it or
 * to a student found by name, each in words; Download CSV.
 */

loadAdminScreens();

const today = collegeToday();
const weekAgo = addDays(today, -6);
const key = (query: Record<string, string>) => `GET /audit?${new URLSearchParams({ from: weekAgo, to: today, ...query })}`;
const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CORRECTION: AuditEntry = {
  _id: 'a1',
  at: '2026-11-20T05:30:00.000Z',
  by: { _id: FACULTY._id, username: FACULTY.username, role: 'faculty' },
  action: 'PATCH /attendance/{id}',
  params: { id: 'sess1' },
  subjects: ['sess1', 'st2'],
  records: ['class c1 2026-11-20 slot9 d1'],
  ip: '10.20.0.7',
  userAgent: UA,
  requestId: 'req-1',
};
const SETTINGS: AuditEntry = {
  ...CORRECTION,
  _id: 'a2',
  by: { _id: ADMIN._id, username: ADMIN.username, role: 'admin' },
  action: 'PATCH /settings',
  params: {},
  subjects: [],
  records: ['COLLEGE SETTINGS'],
  moreRecords: 3,
};
const DIYA: StudentMatch = {
  _id: 'st2',
  enrollment: '25CE002',
  name: 'Diya Shah',
  termid: 't1',
  semid: 's3',
  semester: 'Semester 3',
  divisionid: 'd1',
  division: 'Division 1',
  batchid: 'b1',
  batch: 'Batch 1A',
};

const openAudit = () =>
  openAdmin('/dashboard/audit', 'Audit trail', {
    'GET /user': { data: [ADMIN, FACULTY] },
    [key({})]: { data: { entries: [SETTINGS, CORRECTION], more: false } },
    [key({ who: FACULTY._id })]: { data: { entries: [CORRECTION], more: false } },
    [key({ subject: 'st2' })]: { data: { entries: [CORRECTION], more: true } },
    'GET /student/search?q=Diya': { data: { students: [DIYA], more: false }, message: STUDENT_SEARCH_MESSAGES.found },
  } as Routes<Record<string, never>>);

describe('admin: Audit trail', () => {
  it('shows the last week in words, narrows to who did it, and finds who corrected a student’s mark', async () => {
    const { app } = await openAudit();
    const table = await main().findByRole('table', { name: 'Entries' });
    expect(columnNames(table)).toEqual(['When', 'Who', 'What', 'Concerning', 'From']);
    expect(rowTexts(table).map((row) => row.slice(1, 3))).toEqual([
      ['Demo Admin (admin)', 'Changed the settings'],
      ['Demo Faculty (faculty)', 'Corrected attendance'],
    ]);
    await app.user.selectOptions(main().getByLabelText('Done by'), 'Demo Faculty (faculty)');
    await waitFor(() => expect(rowTexts(main().getByRole('table', { name: 'Entries' }))).toHaveLength(1));

    await app.user.selectOptions(main().getByLabelText('Done by'), 'Anyone');
    await app.user.type(main().getByRole('searchbox', { name: 'Find a student' }), 'Diya{Enter}');
    await app.user.click(await main().findByRole('button', { name: 'Show their trail' }));
    expect(await main().findByText(/Concerning Diya Shah \(25CE002\)/)).toBeInTheDocument();
    expect(app.location().search).toBe('?subject=st2');
    await waitFor(() => expect(main().getByText(AUDIT_MESSAGES.more)).toBeInTheDocument());
    const [row] = rowTexts(main().getByRole('table', { name: 'Entries' }));
    expect(row!.slice(1, 5)).toEqual(['Demo Faculty (faculty)', 'Corrected attendance', 'sess1, st2', `10.20.0.7 · ${deviceName(UA)}`]);
  });

  it('says a search of more than 31 days is refused, and asks nothing', async () => {
    const { app, api } = await openAudit();
    await main().findByRole('table', { name: 'Entries' });
    await app.user.clear(main().getByLabelText('From'));
    await app.user.type(main().getByLabelText('From'), addDays(today, -40));
    expect(await main().findByText(AUDIT_MESSAGES.tooLong)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.includes(addDays(today, -40)))).toEqual([]);
    expect(within(main().getByRole('region', { name: 'Entries' })).queryByRole('table')).not.toBeInTheDocument();
  });

  it('downloads the entries as CSV: the columns, then the route, the User-Agent, the records (and how many more) and the request', () => {
    const lines = auditCsv([SETTINGS]).trim().split(/\r?\n/);
    expect(lines[0]).toBe('When,Who,What,Concerning,From,Route,User-Agent,Records,Request');
    expect(lines[1]).toContain(
      `Demo Admin (admin),Changed the settings,,10.20.0.7 · Firefox on Linux,PATCH /settings,${UA},COLLEGE SETTINGS | and 3 more,req-1`,
    );
  });
});
