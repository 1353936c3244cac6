import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DUPLICATE_MARK, MARK_ALREADY_STORED, type MarkedClassSession } from '@shared/schemas/attendance';
import { queuedMarks, reloadQueue } from '@web/lib/offline/queue-store';
import { registerWorker } from '@web/lib/offline/register-worker';
import { onMarkSent, SIGN_IN_TO_SEND, sendWaiting, stopRetrying } from '@web/lib/offline/send-queue';
import { session } from '@web/lib/session';
import { createStore } from '@web/lib/store';
import { useToasts } from '@web/lib/toast';
import { renderHook } from '@testing-library/react';
import { mockApi } from './support/fake-api';
import { FACULTY } from './support/fixtures';
import { CONFLICT, signedInHere, stored, waitingMark } from './support/offline';

vi.mock('@web/lib/offline/mark-queue', () => import('./support/offline'));

/*
 * Sending the marks saved on the phone (docs/product.md §4, marking offline): oldest first, each with its
 * clientMarkId; the outcome of each answer; later and later retries; a new version's worker taking over.
 */

const MARKED: MarkedClassSession = { _id: 'sess1', version: 1, date: '2026-11-20', groupid: 'd1', present: 1, expected: 2 };

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  stored.clear();
  signedInHere(FACULTY);
  session.signIn(FACULTY);
});
afterEach(() => {
  stopRetrying();
  stored.clear();
});

/** Saves marks answered in turn by `replies` (status, data, message), sends them, and answers the marks as they stand. */
async function sendWith(replies: { status: number; data?: unknown; message?: string }[]) {
  const marks = replies.map(() => waitingMark());
  for (const mark of marks) stored.set(mark.clientMarkId, mark);
  let next = 0;
  const api = mockApi({ 'POST /attendance': () => replies[next++] as never });
  await sendWaiting({ now: true });
  return { api, marks: marks.map((mark) => stored.get(mark.clientMarkId)!) };
}

describe('offline marking: sending the saved marks', () => {
  it('sends each with its clientMarkId, oldest first, and keeps each one’s outcome', async () => {
    const sent = vi.fn();
    const unsubscribe = onMarkSent(sent);
    const { api, marks } = await sendWith([
      { status: 201, data: MARKED, message: 'Attendance marked successfully' },
      { status: 200, data: MARKED, message: MARK_ALREADY_STORED },
      { status: 409, data: CONFLICT, message: DUPLICATE_MARK },
      { status: 400, message: 'Some present students are not in this division' },
    ]);
    unsubscribe();
    expect(api.calls.map((call) => (call.body as { clientMarkId: string }).clientMarkId)).toEqual(marks.map((mark) => mark.clientMarkId));
    expect(marks.map(({ state, sessionId, message }) => ({ state, sessionId, message }))).toEqual([
      { state: 'sent', sessionId: 'sess1', message: 'Attendance marked successfully' },
      { state: 'sent', sessionId: 'sess1', message: MARK_ALREADY_STORED },
      { state: 'conflict', sessionId: CONFLICT._id, message: DUPLICATE_MARK },
      { state: 'refused', sessionId: undefined, message: 'Some present students are not in this division' },
    ]);
    expect(marks[2]!.conflict).toEqual(CONFLICT);
    expect(sent).toHaveBeenCalledTimes(2);
    await reloadQueue();
    expect(queuedMarks().map((mark) => mark.state)).toEqual(['sent', 'sent', 'conflict', 'refused']);
  });

  it('keeps a mark waiting when the server cannot take it now, tries again later and later, and stops there', async () => {
    const before = Date.now();
    const { api, marks } = await sendWith([
      { status: 503, message: 'Busy' },
      { status: 201, data: MARKED },
    ]);
    // The second mark waits for the next try: the server is struggling.
    expect(api.calls).toHaveLength(1);
    expect(marks[0]).toMatchObject({ state: 'waiting', attempts: 1, message: 'Busy' });
    expect(marks[0]!.nextTryAt).toBeGreaterThanOrEqual(before + 5_000);

    // Then no answer at all: the next wait is twice as long.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await sendWaiting({ now: true });
    const again = stored.get(marks[0]!.clientMarkId)!;
    expect(again.attempts).toBe(2);
    expect(again.nextTryAt - Date.now()).toBeGreaterThan(8_000);
  });

  it('sends nothing while surely offline, nor before a retry is due', async () => {
    online = false;
    const { api } = await sendWith([{ status: 201, data: MARKED }]);
    expect(api.calls).toEqual([]);
    online = true;
    const later = waitingMark({ nextTryAt: Date.now() + 60_000 });
    stored.clear();
    stored.set(later.clientMarkId, later);
    await sendWaiting();
    expect(api.calls).toEqual([]);
  });

  it('asks to sign in again when the login expired, and keeps the marks waiting for then', async () => {
    const toasts = renderHook(() => useToasts());
    const { api, marks } = await sendWith([
      { status: 401, message: 'Please sign in again' },
      { status: 201, data: MARKED },
    ]);
    expect(api.calls).toHaveLength(1);
    expect(marks.map((mark) => mark.state)).toEqual(['waiting', 'waiting']);
    expect(marks[0]!.attempts).toBe(0);
    expect(session.get().status).toBe('signed-out');
    expect(toasts.result.current.map((toast) => toast.message)).toContain(SIGN_IN_TO_SEND);
  });
});

describe('offline marking: a new version of the app', () => {
  /** A browser whose page had a worker in control, and the app showing `path`. */
  function withWorker(path: string) {
    const container = Object.assign(new EventTarget(), {
      controller: {},
      register: vi.fn(() => Promise.resolve({})),
    });
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { serviceWorker: container }));
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    const shownPath = createStore(path);
    registerWorker(shownPath);
    return { container, reload, navigate: (pathname: string) => shownPath.set(pathname) };
  }

  it('registers /sw.js for the whole app, and reloads into the new version when its worker takes over', () => {
    const { container, reload } = withWorker('/');
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('on a marking form, waits for the next page before reloading, so the form is not lost', () => {
    const { container, reload, navigate } = withWorker('/students/d1');
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
    navigate('/success');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
