import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarkedClassSession } from '@shared/schemas/attendance';
import { reloadQueue } from '@web/lib/offline/queue-store';
import { stopRetrying } from '@web/lib/offline/send-queue';
import { mockApi, type Routes } from './support/fake-api';
import { FACULTY, NOTHING_TODAY, ODD, SEMESTER_3, signedInAs } from './support/fixtures';
import { signedInHere, stored, waitingMark } from './support/offline';
import { renderApp } from './support/render-app';

vi.mock('@web/lib/offline/mark-queue', () => import('./support/offline'));

/*
 * One device, several people (docs/product.md §4, marking offline): a signed-out
 * start forgets every cached API answer and the marks already dealt with; a start with no network is signed
 * out unless this tab was signed in (a reload); a mark of an earlier sign-in is only sent once its user has
 * reviewed it; logout with marks waiting asks (online) or signs out on the device at once (offline).
 */

const DIVISION_STUDENTS = [
  { batchStudents: { _id: 'st1', name: 'Aarav Patel', enrollment: '25CE001' } },
  { batchStudents: { _id: 'st2', name: 'Diya Shah', enrollment: '25CE002' } },
  { batchStudents: { _id: 'st3', name: 'Kabir Mehta', enrollment: '25CE003' } },
];
const MARKED: MarkedClassSession = { _id: 'sess1', version: 1, date: '2026-11-20', groupid: 'd1', present: 1, expected: 3 };
const PENDING_LOGOUT = 'sams-logout-pending';

/** Cache Storage with a few named caches (happy-dom has none). */
function fakeCaches(names: string[]) {
  const kept = new Set(names);
  vi.stubGlobal('caches', {
    keys: async () => [...kept],
    delete: async (name: string) => kept.delete(name),
  });
  return kept;
}

function setup<T>(url: string, extra?: Routes<T>) {
  const api = mockApi({
    ...signedInAs(FACULTY),
    ...NOTHING_TODAY,
    'GET /term/active': { data: [ODD] },
    'GET /semester/t1': { data: [SEMESTER_3] },
    'GET /student/division/d1': { data: DIVISION_STUDENTS },
    ...extra,
  });
  return { api, app: renderApp(url) };
}

beforeAll(() =>
  Promise.all([
    import('@web/app/app-layout'),
    import('@web/features/marking/components/home-page'),
    import('@web/features/marking/components/queue-page'),
    import('@web/features/auth/components/login-page'),
    import('@web/lib/offline/forget-device'),
  ]),
);

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  stored.clear();
});
afterEach(async () => {
  stopRetrying();
  stored.clear();
  localStorage.removeItem(PENDING_LOGOUT);
  await reloadQueue();
});

describe('a shared device: signed-out starts', () => {
  it('a 401 at start forgets every cached API answer and the marks dealt with; waiting marks stay', async () => {
    const kept = fakeCaches(['sams-api', 'workbox-precache-v2-http://localhost/', 'other-reads']);
    stored.set('sent', waitingMark({ clientMarkId: 'sent', state: 'sent' }));
    stored.set('waiting', waitingMark({ clientMarkId: 'waiting' }));
    mockApi({ ...signedInAs(null) });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: /Login/ })).toBeInTheDocument();
    await waitFor(() => expect([...kept]).toEqual(['workbox-precache-v2-http://localhost/']));
    expect([...stored.keys()]).toEqual(['waiting']);
  });

  it('with no network, a new tab starts signed out (not as whoever used the device before)', async () => {
    online = false;
    const kept = fakeCaches(['sams-api']);
    setup('/', { 'GET /auth/currentstatus': () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await screen.findByRole('heading', { name: /Login/ })).toBeInTheDocument();
    await waitFor(() => expect(kept.size).toBe(0));
  });

  it('with no network, a reload of a signed-in tab goes on as its user', async () => {
    online = false;
    signedInHere(FACULTY);
    setup('/', { 'GET /auth/currentstatus': () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await screen.findByRole('heading', { name: 'Mark Attendance' })).toBeInTheDocument();
  });
});

describe('a shared device: marks of an earlier sign-in', () => {
  it('are not sent by themselves: the strip asks for a review, and the list shows who is absent and late', async () => {
    stored.set('m1', waitingMark({ clientMarkId: 'm1', signInId: 'an-earlier-sign-in', body: markBody('m1') }));
    const { api } = setup('/');
    const strip = await screen.findByRole('link', { name: /earlier sign-in/ });
    expect(strip).toHaveTextContent('1 mark saved in an earlier sign-in needs your review');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('POST', '/attendance')).toEqual([]);
  });

  it('Send posts the mark as reviewed; Discard drops it; neither touches the other', async () => {
    stored.set('m1', waitingMark({ clientMarkId: 'm1', signInId: 'an-earlier-sign-in', body: markBody('m1') }));
    stored.set('m2', waitingMark({ clientMarkId: 'm2', body: { ...markBody('m2'), presentStudentIds: [] } }));
    stored.get('m2')!.signInId = undefined;
    const { api, app } = setup('/queue', { 'POST /attendance': { status: 201, data: MARKED, message: 'Attendance marked successfully' } });
    const list = await screen.findByRole('list', { name: 'Saved marks' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('To review: saved in an earlier sign-in');
    await waitFor(() => expect(first).toHaveTextContent('Absent (1)Diya Shah'));
    expect(first).toHaveTextContent('Late (1)Kabir Mehta');
    expect(first).toHaveTextContent('Present1 of 3');
    await waitFor(() => expect(second).toHaveTextContent('Present0 of 3Absent (2)Aarav Patel, Diya ShahLate (1)Kabir Mehta'));

    await app.user.click(within(second!).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(stored.has('m2')).toBe(false));
    expect(api.callsTo('POST', '/attendance')).toEqual([]);

    await app.user.click(within(first!).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(stored.get('m1')?.state).toBe('sent'));
    expect(api.callsTo('POST', '/attendance').map((call) => call.body)).toEqual([markBody('m1')]);
  });
});

describe('a shared device: logging out', () => {
  it('online with marks of this sign-in waiting, says so and offers to send them or keep them; Cancel stays', async () => {
    signedInHere(FACULTY);
    stored.set('m1', waitingMark({ clientMarkId: 'm1', nextTryAt: Date.now() + 60_000 }));
    const { api, app } = setup('/', { 'POST /attendance': { status: 503, message: 'Busy' } });
    await screen.findByRole('link', { name: /waiting to be sent/ });
    await app.user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marks not sent yet' });
    expect(dialog).toHaveTextContent('1 mark saved on this phone has not been sent yet.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', '/auth/logout')).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Mark Attendance' })).toBeInTheDocument();
  });

  it('Send now sends them, then logs out; a mark the server could not take is said, and Keep for review logs out keeping it', async () => {
    signedInHere(FACULTY);
    stored.set('m1', waitingMark({ clientMarkId: 'm1', nextTryAt: Date.now() + 60_000 }));
    const { api, app } = setup('/', { 'POST /attendance': { status: 503, message: 'The server is busy' } });
    await screen.findByRole('link', { name: /waiting to be sent/ });
    await app.user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marks not sent yet' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Send now and log out' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '1 mark saved on this phone has not been sent yet. The server is busy',
    );
    expect(api.callsTo('POST', '/auth/logout')).toEqual([]);

    await app.user.click(within(dialog).getByRole('button', { name: 'Keep for review and log out' }));
    expect(await screen.findByRole('heading', { name: /Login/ })).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/logout')).toHaveLength(1);
    expect(stored.get('m1')?.state).toBe('waiting');
  });

  it('Send now with the server answering sends the mark, then logs out', async () => {
    signedInHere(FACULTY);
    stored.set('m1', waitingMark({ clientMarkId: 'm1', nextTryAt: Date.now() + 60_000 }));
    let taking = false;
    const { api, app } = setup('/', {
      'POST /attendance': () => (taking ? { status: 201, data: MARKED } : { status: 503, message: 'Busy' }) as never,
    });
    await screen.findByRole('link', { name: /waiting to be sent/ });
    taking = true;
    await app.user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marks not sent yet' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Send now and log out' }));
    expect(await screen.findByRole('heading', { name: /Login/ })).toBeInTheDocument();
    const calls = api.calls.map((call) => `${call.method} ${call.path}`).filter((call) => call.startsWith('POST'));
    expect(calls.slice(-2)).toEqual(['POST /attendance', 'POST /auth/logout']);
  });

  it('offline, signs out on this device at once keeping the marks, and ends the server session when back online', async () => {
    signedInHere(FACULTY);
    online = false;
    const kept = fakeCaches(['sams-api']);
    stored.set('m1', waitingMark({ clientMarkId: 'm1' }));
    const { api, app } = setup('/');
    await screen.findByRole('link', { name: /waiting to be sent/ });
    await app.user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: /Login/ })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Logged out on this phone. 1 mark saved on this phone is kept for you to review at your next sign-in here. Your session on the server ends as soon as you are back online.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(kept.size).toBe(0));
    expect(stored.get('m1')?.state).toBe('waiting');
    expect(api.callsTo('POST', '/auth/logout')).toEqual([]);
    expect(localStorage.getItem(PENDING_LOGOUT)).not.toBeNull();

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(api.callsTo('POST', '/auth/logout')).toHaveLength(1));
    await waitFor(() => expect(localStorage.getItem(PENDING_LOGOUT)).toBeNull());
  });

  it('a logout still waiting for the network keeps the next start signed out, without asking who is signed in', async () => {
    localStorage.setItem(PENDING_LOGOUT, '2026-11-20T09:00:00.000Z');
    const { api } = setup('/', { 'POST /auth/logout': () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await screen.findByRole('heading', { name: /Login/ })).toBeInTheDocument();
    expect(api.callsTo('GET', '/auth/currentstatus')).toEqual([]);
    expect(localStorage.getItem(PENDING_LOGOUT)).not.toBeNull();
  });
});

/** Division 1's lecture with Aarav present, Kabir late and Diya absent. */
function markBody(clientMarkId: string) {
  return {
    presentStudentIds: ['st1', 'st3'],
    statuses: { st3: 'late' as const },
    date: '2026-11-20',
    slotid: 'slot9',
    classKind: 'lecture' as const,
    courseid: 'c1',
    groupid: 'd1',
    clientMarkId,
  };
}
