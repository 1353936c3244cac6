import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BatchAccounts, InvitationRun } from '@shared/schemas/invitation';
import { loadAdminScreens, main, openAdmin, rowTexts } from './support/admin';

loadAdminScreens();

/*
 * Invitations (docs/product.md §4), admins: invite a batch's, division's or semester's students and/or
 * guardians, or everyone not invited yet; each run's progress while the jobs send it; and who of the
 * batch chosen was invited and who has signed in.
 */
const RUN: InvitationRun = {
  _id: 'r1',
  scope: 'division',
  scopeId: 'd1',
  scopeName: 'Division 1',
  who: 'both',
  total: 4,
  sent: 1,
  skipped: 1,
  failed: 0,
  skippedBecause: { noEmail: 1, emailTaken: 0, alreadyInvited: 0, gone: 0 },
  createdAt: '2026-07-01T04:30:00.000Z',
  by: { _id: 'u-admin', username: 'Demo Admin' },
};
const QUEUED = '3 invitations queued, 1 skipped. They go out at the mail service’s rate; the progress shows here.';
const BATCH: BatchAccounts = [
  {
    _id: 'st1',
    enrollment: '25CE001',
    name: 'Aarav Patel',
    account: { email: 'aarav@college.test', invitedAt: '2026-07-01T04:31:00.000Z', signedInAt: '2026-07-01T05:00:00.000Z' },
    guardians: [{ name: 'Asha Patel', relation: 'Mother', account: { email: 'asha@family.test', invitedAt: '2026-07-01T04:31:00.000Z' } }],
  },
  {
    _id: 'st2',
    enrollment: '25CE002',
    name: 'Diya Shah',
    account: { email: 'diya@college.test' },
    guardians: [{ name: 'Ravi Shah', relation: 'Father', account: {} }],
  },
];

describe('admin: invitations', () => {
  it('invites the students and guardians of the division chosen, and shows the run’s progress until it is done', async () => {
    let reads = 0;
    const opened = await openAdmin('/dashboard/invitations', 'Invitations', {
      'GET /invitation': () => ({ data: reads++ < 2 ? [] : reads < 4 ? [RUN] : [{ ...RUN, sent: 3 }] }),
      'GET /invitation/batch/b1': { data: BATCH },
      'POST /invitation': { status: 202, data: { ...RUN, sent: 0 }, message: QUEUED },
    });
    const { user } = opened.app;
    await user.selectOptions(main().getByLabelText('Invite'), 'division');
    await user.selectOptions(main().getByLabelText('Who'), 'both');
    await user.click(main().getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText(QUEUED)).toBeInTheDocument();
    expect(opened.api.callsTo('POST', '/invitation').map((call) => call.body)).toEqual([{ scope: 'division', who: 'both', id: 'd1' }]);

    const runs = within(main().getByRole('region', { name: 'Invitations sent' }));
    await waitFor(() => expect(runs.getByRole('progressbar')).toHaveAttribute('value', '2'));
    expect(runs.getByText('1 sent, 1 skipped (1 no email address) of 4: sending')).toBeInTheDocument();
    // Read again while it sends, until every recipient is settled.
    await waitFor(() => expect(runs.getByRole('progressbar')).toHaveAttribute('value', '4'), { timeout: 8000 });
    expect(runs.getByText('3 sent, 1 skipped (1 no email address) of 4')).toBeInTheDocument();
  }, 15_000);

  it('lists who of the batch chosen is invited, who has signed in, and who has no email', async () => {
    await openAdmin('/dashboard/invitations', 'Invitations', {
      'GET /invitation': { data: [] },
      'GET /invitation/batch/b1': { data: BATCH },
    });
    const table = await screen.findByRole('table', { name: 'Who is invited in Batch 1A' });
    const rows = rowTexts(table);
    expect(rows.map((row) => row.slice(0, 2))).toEqual([
      ['25CE001', 'Aarav Patel'],
      ['25CE002', 'Diya Shah'],
    ]);
    expect(rows[0]![2]).toMatch(/^signed in /);
    expect(rows[0]![3]).toMatch(/^Asha Patel \(Mother\): invited .*, not signed in yet$/);
    expect(rows[1]!.slice(2)).toEqual(['not invited', 'Ravi Shah (Father): no email address']);
    expect(main().getByText('No invitations sent yet')).toBeInTheDocument();
  });

  it('says why a run cannot be sent, and sends nothing more', async () => {
    const opened = await openAdmin('/dashboard/invitations', 'Invitations', {
      'GET /invitation': { data: [] },
      'GET /invitation/batch/b1': { data: [] },
      'POST /invitation': {
        status: 400,
        message: 'Nobody to invite: no student in this choice has an email address, and no guardian either.',
      },
    });
    // The first of each level is chosen as the lists arrive.
    await waitFor(() => expect(main().getByLabelText('Batch')).toHaveValue('b1'));
    await opened.app.user.click(main().getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nobody to invite');
    expect(opened.api.callsTo('POST', '/invitation').map((call) => call.body)).toEqual([{ scope: 'batch', who: 'students', id: 'b1' }]);
  });
});
