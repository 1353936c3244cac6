import { MARK_ALREADY_STORED } from '@shared/messages';
import type { MarkConflict, MarkedClassSession } from '@shared/schemas/attendance';
import { ApiError, callRoute, errorMessage } from '../api-client';
import { session } from '../session';
import { toast } from '../toast';
import { marksOf, removeMark, saveMark, type QueuedMark } from './mark-queue';
import { ofThisSignIn, reloadQueue } from './queue-store';

/*
 * Sends the marks saved on this phone (docs/product.md §4, marking offline), oldest first, one at a
 * time, when the connection returns, when the app starts, and on a timer after a failed try (5 s,
 * 10 s, 20 s… up to 5 minutes). A mark goes with its clientMarkId, so one sent twice (two tabs, an
 * answer lost on the way back) is stored once: the server answers the second with the same session.
 * Only marks saved in this sign-in go by themselves; one of an earlier sign-in goes when its user, having
 * seen what it says, sends it from the list (sendReviewed).
 */

const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 5 * 60_000;
/** Sent marks stay listed (with their outcome) for a week. */
const KEEP_SENT_MS = 7 * 24 * 60 * 60_000;

export const SIGN_IN_TO_SEND = 'Sign in again to send the marks saved on this phone.';

let running: Promise<void> | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
const sentListeners = new Set<() => void>();

/** Called after a mark was stored (the screens' lists then reload). */
export function onMarkSent(listener: () => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/** Sends the waiting marks whose time has come (`now`: every waiting one, as after the connection returns). */
export function sendWaiting({ now = false }: { now?: boolean } = {}): Promise<void> {
  running ??= exclusively(() => sendAll(now)).finally(() => {
    running = undefined;
  });
  return running;
}

export function stopRetrying(): void {
  clearTimeout(timer);
  timer = undefined;
}

/** One sender across the app's tabs (Web Locks, where the browser has them); the clientMarkId covers the rest. */
const exclusively = (work: () => Promise<void>): Promise<void> =>
  typeof navigator.locks?.request === 'function' ? navigator.locks.request('sams-mark-queue', work).then(() => undefined) : work();

async function sendAll(now: boolean): Promise<void> {
  stopRetrying();
  const user = session.get().user;
  // With surely no connection, wait for the online event rather than spend tries.
  if (!user || !navigator.onLine) return;
  for (const mark of await marksOf(user._id)) {
    if (mark.state === 'sent' && Date.parse(mark.savedAt) < Date.now() - KEEP_SENT_MS) await removeMark(mark.clientMarkId);
    if (mark.state !== 'waiting' || !ofThisSignIn(mark) || (!now && mark.nextTryAt > Date.now())) continue;
    if (session.get().user?._id !== user._id) return;
    const { next, stop } = await sendOne(mark);
    await saveMark(next);
    await reloadQueue();
    if (next.state === 'sent') for (const listener of sentListeners) listener();
    if (stop) break;
  }
  await retryLater(user._id);
}

/** The mark after one try, and whether the others should wait (no connection, or no longer signed in). */
async function sendOne(mark: QueuedMark): Promise<{ next: QueuedMark; stop: boolean }> {
  try {
    const { data, message } = await callRoute('POST /attendance', { body: mark.body });
    const stored: MarkedClassSession = data;
    return { next: { ...mark, state: 'sent', sessionId: stored._id, message: message || MARK_ALREADY_STORED }, stop: false };
  } catch (failure) {
    const status = failure instanceof ApiError ? failure.status : 0;
    if (status === 401) {
      toast.error(SIGN_IN_TO_SEND);
      return { next: mark, stop: true };
    }
    if (status === 409 && failure instanceof ApiError && failure.data) {
      const conflict = failure.data as MarkConflict;
      return { next: { ...mark, state: 'conflict', conflict, sessionId: conflict._id, message: failure.message }, stop: false };
    }
    if (status === 0 || status === 429 || status >= 500) {
      const attempts = mark.attempts + 1;
      const wait = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempts - 1));
      return { next: { ...mark, attempts, nextTryAt: Date.now() + wait, message: errorMessage(failure) }, stop: true };
    }
    return { next: { ...mark, state: 'refused', message: errorMessage(failure) }, stop: false };
  }
}

/**
 * Sends one mark the user reviewed (saved in an earlier sign-in), now, as it stands: from then on it is
 * this sign-in's, and retried like the others if the server cannot take it yet. Answers it after the try.
 */
export async function sendReviewed(mark: QueuedMark): Promise<QueuedMark> {
  const signInId = session.get().user?._id === mark.userId ? session.signInId() : null;
  if (!signInId || mark.state !== 'waiting') return mark;
  const { next } = await sendOne({ ...mark, signInId, attempts: 0, nextTryAt: 0 });
  await saveMark(next);
  await reloadQueue();
  if (next.state === 'sent') for (const listener of sentListeners) listener();
  else if (next.state === 'waiting') {
    stopRetrying();
    await retryLater(mark.userId);
  }
  return next;
}

async function retryLater(userId: string): Promise<void> {
  const waiting = (await marksOf(userId)).filter((mark) => mark.state === 'waiting' && ofThisSignIn(mark));
  if (waiting.length === 0) return;
  const soonest = Math.min(...waiting.map((mark) => mark.nextTryAt));
  timer = setTimeout(() => void sendWaiting(), Math.max(1000, soonest - Date.now()));
}
