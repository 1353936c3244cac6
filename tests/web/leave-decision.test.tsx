import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LEAVE_MESSAGES } from '@shared/schemas/leave';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import { mockApi, type Reply } from './support/fake-api';
import { ADMIN, FACULTY, signedInAs } from './support/fixtures';
import { application, step, type LeaveApplication } from './support/leave';
import { renderApp } from './support/render-app';

/*
 * Deciding an application (docs/product.md §2.17), /leave/:id: who and what, its history, the classes it
 * covers with their status now, its attachment; Approve or Reject with a comment, naming the version read
 * (a changed one is reloaded and said so); an admin revokes an approved one, saying why.
 */

beforeAll(() => import('@web/features/leave/components/leave-detail-page'));

const PENDING = application({ version: 2, attachment: { name: 'certificate.pdf', type: 'application/pdf', bytes: 2048 } });
const COVERS = [
  { date: '2026-11-20', slotid: 'sl1', courseid: 'c1', classKind: 'lecture' as const, courseName: 'Physics', status: 'absent' as const },
  { date: '2026-11-21', slotid: 'sl2', courseid: 'c2', classKind: 'lab' as const, courseName: 'Chemistry', status: null },
];

function setup(
  user = FACULTY,
  shown: () => LeaveApplication = () => PENDING,
  decided: Reply<LeaveApplication> | (() => Reply<LeaveApplication>) = {},
) {
  const api = mockApi({
    ...signedInAs(user),
    'GET /settings': { data: DEFAULT_SETTINGS },
    'GET /leave/lv1': () => ({ data: { application: shown(), covers: COVERS } }),
    'GET /leave/lv1/attachment': {
      data: { url: 'https://files.example.test/cert.pdf?sig=1', name: 'certificate.pdf', type: 'application/pdf' },
    },
    'POST /leave/lv1/decision': typeof decided === 'function' ? decided : () => decided,
    'POST /leave/lv1/revoke': { data: { ...PENDING, status: 'revoked', version: 4 }, message: LEAVE_MESSAGES.revoked },
  });
  return { api, app: renderApp('/leave/lv1') };
}

const decide = () => within(screen.getByRole('region', { name: 'Decide' }));

describe('an application to decide', () => {
  it('shows who and what, the classes it covers with their status now, and its history', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 2, name: 'Asha Patel (25CE001)' })).toBeInTheDocument();
    expect(screen.getByText('Medical (its classes count as excused)')).toBeInTheDocument();
    expect(screen.getByText('Fever')).toBeInTheDocument();
    const covers = within(screen.getByRole('table'));
    expect(covers.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'DateCourseClassStatus now',
      '2026-11-20PhysicsLectureAbsent',
      '2026-11-21ChemistryLabNot marked yet',
    ]);
    expect(within(screen.getByRole('region', { name: 'History' })).getByRole('listitem')).toHaveTextContent(
      /^Applied by Asha Patel \(student\), 2026-11-19 \d\d:\d\d$/,
    );
  });

  it('approves with a comment, sending the version it read', async () => {
    const { api, app } = setup(FACULTY, () => PENDING, {
      data: { ...PENDING, status: 'approved', version: 3, history: [...PENDING.history, step('approved', 'Get well soon')] },
      message: LEAVE_MESSAGES.approved,
    });
    await screen.findByRole('region', { name: 'Decide' });
    await app.user.type(decide().getByRole('textbox', { name: 'Comment (optional)' }), 'Get well soon');
    await app.user.click(decide().getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo('POST', '/leave/lv1/decision')).toHaveLength(1));
    expect(api.callsTo('POST', '/leave/lv1/decision')[0]!.body).toEqual({ decision: 'approve', comment: 'Get well soon', version: 2 });
    expect(await screen.findByText(LEAVE_MESSAGES.approved)).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/leave/lv1').length).toBeGreaterThan(1));
  });

  it('finishes an approval interrupted before all its classes were set, approving the version it shows again', async () => {
    const interrupted = {
      ...PENDING,
      status: 'approved' as const,
      applying: true,
      version: 3,
      history: [...PENDING.history, step('approved')],
    };
    const { api, app } = setup(FACULTY, () => interrupted, { data: { ...interrupted, applying: false }, message: LEAVE_MESSAGES.approved });
    const region = within(await screen.findByRole('region', { name: 'Not finished' }));
    expect(screen.queryByRole('region', { name: 'Decide' })).not.toBeInTheDocument();
    await app.user.click(region.getByRole('button', { name: 'Finish updating its classes' }));
    await waitFor(() => expect(api.callsTo('POST', '/leave/lv1/decision')).toHaveLength(1));
    expect(api.callsTo('POST', '/leave/lv1/decision')[0]!.body).toEqual({ decision: 'approve', version: 3 });
  });

  it('rejects without a comment', async () => {
    const { api, app } = setup(FACULTY, () => PENDING, {
      data: { ...PENDING, status: 'rejected', version: 3 },
      message: LEAVE_MESSAGES.rejected,
    });
    await screen.findByRole('region', { name: 'Decide' });
    await app.user.click(decide().getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.callsTo('POST', '/leave/lv1/decision')).toHaveLength(1));
    expect(api.callsTo('POST', '/leave/lv1/decision')[0]!.body).toEqual({ decision: 'reject', version: 2 });
  });

  it('reloads an application changed meanwhile (409) and says so', async () => {
    let current = PENDING;
    const { api, app } = setup(
      FACULTY,
      () => current,
      () => {
        current = { ...PENDING, status: 'withdrawn', version: 3, history: [...PENDING.history, step('withdrawn')] };
        return { status: 409, message: LEAVE_MESSAGES.changed };
      },
    );
    await screen.findByRole('region', { name: 'Decide' });
    await app.user.click(decide().getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LEAVE_MESSAGES.changed);
    // The application as it is now: withdrawn, nothing left to decide.
    expect(await screen.findByText('Withdrawn', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Decide' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(LEAVE_MESSAGES.changed);
    expect(api.callsTo('GET', '/leave/lv1').length).toBeGreaterThan(1);
  });

  it('opens the attachment in a new tab once its short-lived link has come', async () => {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { api, app } = setup();
    await app.user.click(await screen.findByRole('button', { name: 'View attachment' }));
    await waitFor(() => expect(tab.location.href).toBe('https://files.example.test/cert.pdf?sig=1'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(api.callsTo('GET', '/leave/lv1/attachment')).toHaveLength(1);
  });
});

describe('an approved application', () => {
  const APPROVED = {
    ...PENDING,
    status: 'approved' as const,
    version: 3,
    classesOnLeave: 1,
    history: [...PENDING.history, step('approved')],
  };

  it('offers a faculty member nothing more to do', async () => {
    setup(FACULTY, () => APPROVED);
    expect(await screen.findByText('Approved', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Decide' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Revoke' })).not.toBeInTheDocument();
  });

  it('is revoked by an admin, who must say why', async () => {
    const { api, app } = setup(ADMIN, () => APPROVED);
    const revoke = within(await screen.findByRole('region', { name: 'Revoke' }));
    await app.user.click(revoke.getByRole('button', { name: 'Revoke leave' }));
    const why = revoke.getByRole('textbox', { name: 'Why is it revoked?' });
    expect(why).toHaveFocus();
    expect(why).toHaveAccessibleDescription(LEAVE_MESSAGES.revokeComment);
    expect(api.callsTo('POST', '/leave/lv1/revoke')).toHaveLength(0);
    await app.user.type(why, 'The certificate was not genuine');
    await app.user.click(revoke.getByRole('button', { name: 'Revoke leave' }));
    await waitFor(() => expect(api.callsTo('POST', '/leave/lv1/revoke')).toHaveLength(1));
    expect(api.callsTo('POST', '/leave/lv1/revoke')[0]!.body).toEqual({ comment: 'The certificate was not genuine', version: 3 });
    expect(await screen.findByText(LEAVE_MESSAGES.revoked)).toBeInTheDocument();
  });
});
