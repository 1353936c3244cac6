import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEAVE_MESSAGES } from '@shared/schemas/leave';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import { mockApi, routes } from './support/fake-api';
import { ACTIVE_TERMS, ADMIN, DIVISION_1, DIVISION_2, FACULTY, signedInAs } from './support/fixtures';
import { application } from './support/leave';
import { renderApp } from './support/render-app';

/*
 * The staff's leave applications (docs/product.md §2.17): /leave lists those pending first, filtered by
 * status and kind (and division for admins), each row saying who, what, when and whether a file is
 * attached; Home says how many wait for a decision; the navigation leads there.
 */

beforeAll(() => import('@web/features/leave/components/leave-list-page'));

const ASHA = application({ attachment: { name: 'certificate.pdf', type: 'application/pdf', bytes: 2048 } });
const RAVI = application({
  _id: 'lv2',
  ref: 'RAVI02',
  studentid: 'st2',
  student: { name: 'Ravi Shah', enrollment: '25CE002' },
  kind: 'On duty',
  countsAs: 'present',
  from: '2026-11-25',
  to: '2026-11-25',
  classes: [{ date: '2026-11-25', slotid: 'sl1', courseid: 'c1', classKind: 'lecture' }],
});

const LISTS = routes({
  'GET /settings': { data: DEFAULT_SETTINGS },
  'GET /leave?status=pending': { data: [ASHA, RAVI] },
  'GET /leave?status=pending&kind=Medical': { data: [ASHA] },
  'GET /leave?status=approved': { data: [] },
  'GET /leave': { data: [ASHA, RAVI] },
  'GET /division/s3': { data: [DIVISION_1, DIVISION_2] },
  'GET /leave?status=pending&divisionid=d2': { data: [RAVI] },
});

const rows = () => within(screen.getByRole('list', { name: 'Applications' })).getAllByRole('link');

describe('the leave applications list', () => {
  it('lists the pending ones at first, each row with the student, kind, days, classes, when applied and the attachment', async () => {
    const { callsTo } = mockApi({ ...signedInAs(FACULTY), ...ACTIVE_TERMS, ...LISTS });
    renderApp('/leave');
    expect(await screen.findByRole('heading', { level: 1, name: LEAVE_MESSAGES.list })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Applications' });
    expect(callsTo('GET', '/leave?status=pending')).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('pending');
    const [asha, ravi] = rows();
    expect(asha).toHaveTextContent('Asha Patel (25CE001)');
    expect(asha).toHaveTextContent(/Medical, 2026-11-20 to 2026-11-22 · Whole days · applied 2026-11-19 \d\d:\d\d · attachment/);
    expect(asha).toHaveTextContent('Waiting for a decision');
    expect(ravi).toHaveTextContent('On duty, 2026-11-25 · 1 class · applied');
    expect(ravi).toHaveTextContent('no attachment');
    expect(asha).toHaveAttribute('href', '/leave/lv1');
    // A faculty member has no division filter: the server keeps to the divisions they coordinate.
    expect(screen.queryByRole('combobox', { name: 'Division' })).not.toBeInTheDocument();
  });

  it('filters by kind and status, kept in the address; no status at all lists every one', async () => {
    const { callsTo } = mockApi({ ...signedInAs(FACULTY), ...ACTIVE_TERMS, ...LISTS });
    const app = renderApp('/leave');
    await screen.findByRole('list', { name: 'Applications' });
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Medical');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(callsTo('GET', '/leave?status=pending&kind=Medical')).toHaveLength(1);
    expect(app.location().search).toBe('?kind=Medical');

    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), '');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'approved');
    expect(await screen.findByText(LEAVE_MESSAGES.none)).toBeInTheDocument();
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'all');
    await waitFor(() => expect(callsTo('GET', '/leave')).toHaveLength(1));
  });

  it('lets an admin narrow it to a division of a semester', async () => {
    const { callsTo } = mockApi({ ...signedInAs(ADMIN), ...ACTIVE_TERMS, ...LISTS });
    const app = renderApp('/leave');
    await screen.findByRole('list', { name: 'Applications' });
    expect(screen.getByRole('combobox', { name: 'Division' })).toBeDisabled();
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Semester' }), 's3');
    await screen.findByRole('option', { name: 'Division 2' });
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Division' }), 'd2');
    await waitFor(() => expect(callsTo('GET', '/leave?status=pending&divisionid=d2')).toHaveLength(1));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Ravi Shah');
    // Back from an application returns to the same list.
    expect(rows()[0]).toHaveAttribute('href', `/leave/lv2?back=${encodeURIComponent('semid=s3&divisionid=d2')}`);
  });
});

describe('Home and the navigation', () => {
  const home = (pending: ReturnType<typeof application>[]) =>
    mockApi({
      ...signedInAs(FACULTY),
      ...ACTIVE_TERMS,
      'GET /settings': { data: DEFAULT_SETTINGS },
      [`GET /timetable?termid=t1&facultyid=${FACULTY._id}`]: { data: [] },
      'GET /leave?status=pending': { data: pending },
    });

  it('says how many applications wait for a decision, linking to the list', async () => {
    home([ASHA, RAVI]);
    const app = renderApp('/');
    const link = await screen.findByRole('link', { name: '2 leave applications pending' });
    expect(link).toHaveAttribute('href', '/leave');
    await app.user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Leave' }));
    expect(app.location().pathname).toBe('/leave');
  });

  it('says nothing of leave when none waits', async () => {
    const { callsTo } = home([]);
    renderApp('/');
    await screen.findByRole('link', { name: 'Semester 3' });
    await waitFor(() => expect(callsTo('GET', '/leave?status=pending')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /leave application/ })).not.toBeInTheDocument();
  });
});
