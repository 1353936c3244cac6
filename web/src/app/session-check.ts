import { ApiError, callRoute } from '../lib/api-client';
import { endPendingLogout, logoutPending } from '../lib/offline/pending-logout';
import { session } from '../lib/session';

let check: Promise<null> | undefined;

/**
 * The initial login-status check (docs/product.md §4), run once (main.tsx starts it with the app's chunk):
 * the app shows only its boot screen (no guard, no navigation bar) until it has answered, so no page
 * flashes. A 401 means signed out. With no network the answer is unknown: a reload continues this tab's
 * sign-in, anything else (a new tab, another person at a shared computer) starts signed out. A logout
 * still waiting for the network is sent first, and the device stays signed out. Any other failure is
 * only logged and also counts as signed out.
 */
export function checkSessionOnce(): Promise<null> {
  if (session.get().status !== 'unknown') return Promise.resolve(null);
  check ??= endPendingLogout()
    .then(() => (logoutPending() ? session.signOut() : askStatus()))
    .then(() => null)
    .finally(() => {
      check = undefined;
    });
  return check;
}

const askStatus = (): Promise<void> =>
  callRoute('GET /auth/currentstatus').then(
    (answer) => session.signIn(answer.data),
    (error: unknown) => {
      const status = error instanceof ApiError ? error.status : -1;
      if (status === 0 && session.resumeOffline()) return;
      if (status !== 401 && status !== 0) console.warn('Could not check the login status', error);
      session.signOut();
    },
  );

/*
 * Signed out (a 401 at start or later, logout, a new tab with no network): every cached API answer and
 * the previous user's offline data are dropped, since the next person at this device may be someone else
 * (docs/product.md §4, marking offline). From a chunk of its own: IndexedDB's code is not in the boot script.
 */
session.subscribe(() => {
  if (session.get().status !== 'signed-out') return;
  void import('../lib/offline/forget-device')
    .then((device) => device.forgetSignedOut())
    .catch((error: unknown) => console.warn('Could not clear the data kept on this device', error));
});

window.addEventListener('online', () => void endPendingLogout());
