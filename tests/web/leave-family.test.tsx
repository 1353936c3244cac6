import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEAVE_MESSAGES } from '@shared/schemas/leave';
import type { StudentStanding } from '@shared/schemas/reports';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import { mockApi } from './support/fake-api';
import { signedInAs } from './support/fixtures';
import { application, GUARDIAN, step, STUDENT } from './support/leave';
import { renderApp } from './support/render-app';

/*
 * A student's or guardian's leave applications (docs/product.md §2.17), /me/leave: each with its reference,
 * kind, days, state in words, the latest comment and the classes on leave; Withdraw while pending; the
 * Home leads there; a guardian switches between children as on the Home.
 */

beforeAll(() => import('@web/features/leave/components/family-leave-page'));

const PENDING = application({ _id: 'lv1', ref: 'PEND01', kind: 'Personal', from: '2026-11-24', to: '2026-11-24', version: 3 });
const APPROVED = application({
  _id: 'lv2',
  ref: 'APPR02',
  status: 'approved',
  classesOnLeave: 4,
  history: [{ ...application().history[0]!, at: '2026-11-01T04:30:00.000Z' }, step('approved', 'Get well soon')],
});
const RAVIS = application({
  _id: 'lv9',
  ref: 'RAVI09',
  studentid: 'st2',
  student: { name: 'Ravi Patel', enrollment: '25CE002' },
  kind: 'On duty',
});

const none = {
  attended: 0,
  held: 0,
  percentage: null,
  below: false,
  classesNeeded: 0,
  remaining: null,
  unknown: 'noLastDay' as const,
  canMiss: null,
  best: null,
};
/** The Home's read: Asha, no classes held yet. */
const STANDING: StudentStanding = {
  student: {
    _id: 'st1',
    name: 'Asha Patel',
    enrollment: '25CE001',
    semester: { _id: 's3', name: 'Semester 3' },
    division: { _id: 'd1', name: 'Division 1' },
    batch: { _id: 'b1', name: 'Batch 1A' },
  },
  asOf: '2026-11-26',
  threshold: 75,
  thresholdApplies: 'overall',
  lastDay: null,
  courses: [],
  overall: none,
};

function setup(user = STUDENT, path = '/me/leave') {
  const api = mockApi({
    ...signedInAs(user),
    'GET /settings': { data: DEFAULT_SETTINGS },
    'GET /leave/student/st1': { data: [APPROVED, PENDING] },
    'GET /leave/student/st2': { data: [RAVIS] },
    'GET /report/student/st1/standing': { data: STANDING },
    'POST /leave/lv1/withdraw': { data: { ...PENDING, status: 'withdrawn', version: 4 }, message: LEAVE_MESSAGES.withdrawn },
  });
  return { api, app: renderApp(path) };
}

const cards = () => within(screen.getByRole('list', { name: 'Applications' })).getAllByRole('listitem');
/** A card's facts, term and value, as read. */
const facts = (card: HTMLElement) =>
  Object.fromEntries(
    [...card.querySelectorAll('dl > div')].map((pair) => [pair.querySelector('dt')!.textContent, pair.querySelector('dd')!.textContent]),
  );

describe("a student's leave applications", () => {
  it('lists them newest first, each with its reference, kind, days, state in words, latest comment and classes on leave', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Leave' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Applications' });
    const [pending, approved] = cards();
    expect(within(pending!).getByRole('heading', { level: 2 })).toHaveTextContent('Personal leave, 2026-11-24');
    expect(facts(pending!)).toMatchObject({ Status: 'Waiting for a decision', Reference: 'PEND01', Covers: 'Whole days' });
    expect(within(approved!).getByRole('heading', { level: 2 })).toHaveTextContent('Medical leave, 2026-11-20 to 2026-11-22');
    expect(facts(approved!)).toMatchObject({
      Status: 'Approved',
      Reference: 'APPR02',
      'Latest comment': 'Get well soon (Demo Faculty)',
      'Classes on leave': '4',
    });
    // Withdraw only while it waits for a decision.
    expect(within(pending!).getByRole('button', { name: 'Withdraw Personal leave, 2026-11-24' })).toBeInTheDocument();
    expect(within(approved!).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply for leave' })).toHaveAttribute('href', '/me/leave/new');
  });

  it('withdraws a pending application after asking, sending the version it read', async () => {
    const { api, app } = setup();
    await app.user.click(await screen.findByRole('button', { name: 'Withdraw Personal leave, 2026-11-24' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this application?' });
    expect(dialog).toHaveTextContent('Personal leave, 2026-11-24 (PEND01) will no longer wait for a decision.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(api.callsTo('POST', '/leave/lv1/withdraw')).toHaveLength(1));
    expect(api.callsTo('POST', '/leave/lv1/withdraw')[0]!.body).toEqual({ version: 3 });
    expect(await screen.findByText(LEAVE_MESSAGES.withdrawn)).toBeInTheDocument();
    // The list is read again.
    await waitFor(() => expect(api.callsTo('GET', '/leave/student/st1').length).toBeGreaterThan(1));
  });

  it('is reached from the Home', async () => {
    const { app } = setup(STUDENT, '/me');
    await app.user.click(await screen.findByRole('link', { name: 'Apply for leave, or see your applications' }));
    expect(app.location().pathname).toBe('/me/leave');
    expect(await screen.findByRole('heading', { level: 1, name: 'Leave' })).toBeInTheDocument();
  });
});

describe("a guardian's leave applications", () => {
  it('switches between children by name, keeping the choice on the way to the form', async () => {
    const { app } = setup(GUARDIAN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Leave of Asha Patel' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Ravi Patel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Leave of Ravi Patel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ravi Patel' })).toHaveAttribute('aria-pressed', 'true');
    await screen.findByText('RAVI09');
    expect(cards()).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Apply for leave' })).toHaveAttribute('href', '/me/leave/new?student=st2');
  });
});
