// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * A logout made with no network (web/src/lib/offline/pending-logout.ts) is sent once the network is
 * back; a request that never answers (a service worker's, let past the browser's offline mode) must
 * not keep it from being sent again.
 */
const PENDING = 'sams-logout-pending';
let online = true;
let answers: (() => Promise<Response>)[] = [];
const fetchMock = vi.fn((_url: string, _init?: RequestInit) => (answers.shift() ?? hang)());

const hang = () => new Promise<Response>(() => {});
const ok = () => Promise.resolve(new Response(JSON.stringify({ data: null, message: 'Logged out' }), { status: 200 }));
const logoutCalls = () => fetchMock.mock.calls.filter(([url, init]) => url === '/api/v1/auth/logout' && init?.method === 'POST');

/** The module afresh (its attempt in flight is module state). */
const load = async () => {
  vi.resetModules();
  return import('@web/lib/offline/pending-logout');
};

beforeEach(() => {
  online = true;
  answers = [];
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  localStorage.setItem(PENDING, new Date().toISOString());
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('endPendingLogout', () => {
  it('sends a new request once online when the one sent with no network never answers', async () => {
    const { endPendingLogout, logoutPending } = await load();
    online = false;
    answers = [hang, ok];
    void endPendingLogout();
    expect(logoutCalls()).toHaveLength(1);

    online = true;
    await endPendingLogout();
    expect(logoutCalls()).toHaveLength(2);
    expect(logoutPending()).toBe(false);
  });

  it('gives up a request that never answers after the timeout, keeps the logout pending, and the next call sends it again', async () => {
    vi.useFakeTimers();
    const { endPendingLogout, logoutPending, LOGOUT_TIMEOUT_MS } = await load();
    answers = [hang, ok];
    let settled = false;
    void endPendingLogout().then(() => (settled = true));
    // Callers meanwhile share the request in flight.
    void endPendingLogout();
    expect(logoutCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(LOGOUT_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    expect(logoutPending()).toBe(true);

    await endPendingLogout();
    expect(logoutCalls()).toHaveLength(2);
    expect(logoutPending()).toBe(false);
  });

  it('keeps the logout pending when the server cannot be reached, forgets it on a 4xx, and sends nothing when none is pending', async () => {
    const { endPendingLogout, logoutPending } = await load();
    answers = [() => Promise.reject(new TypeError('Failed to fetch'))];
    await endPendingLogout();
    expect(logoutPending()).toBe(true);
    answers = [() => Promise.resolve(new Response(JSON.stringify({ message: 'Not signed in' }), { status: 401 }))];
    await endPendingLogout();
    expect(logoutPending()).toBe(false);
    await endPendingLogout();
    expect(logoutCalls()).toHaveLength(2);
  });
});
