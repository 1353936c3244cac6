import { ApiError, callRoute } from '../api-client';

/*
 * A logout with no network (docs/product.md §4, marking offline) signs out on this device at once; the
 * server's session (whose cookie JavaScript cannot delete) is ended as soon as the network is back: on
 * the 'online' event, at the next start, or before the next login. Until then the app does not ask who
 * is signed in: the device is signed out.
 */
const PENDING = 'sams-logout-pending';

export const logoutPending = (): boolean => localStorage.getItem(PENDING) !== null;

export const rememberLogout = (): void => localStorage.setItem(PENDING, new Date().toISOString());

/** After a new login its cookie replaced the old one: nothing of the old session is left here to end. */
export const forgetPendingLogout = (): void => localStorage.removeItem(PENDING);

/** Long enough for a slow network; a request that has not answered by then is given up and sent again later. */
export const LOGOUT_TIMEOUT_MS = 5000;

/** The logout being sent, and whether it was sent with no network. */
let ending: { done: Promise<void>; offline: boolean } | undefined;

/** The logout request, settled within LOGOUT_TIMEOUT_MS: a request that never answers counts as no network. */
function sendLogout(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ApiError(0, 'The logout request timed out')), LOGOUT_TIMEOUT_MS);
  });
  return Promise.race([callRoute('POST /auth/logout'), timedOut])
    .then(forgetPendingLogout, (failure: unknown) => {
      if (failure instanceof ApiError && failure.status > 0 && failure.status < 500) forgetPendingLogout();
    })
    .finally(() => clearTimeout(timer));
}

/**
 * Sends the logout that waits for the network, if any; it stays pending while the server cannot be reached.
 * Callers at once share one request; but one sent with no network may never answer (a service worker's
 * request can get past the browser's offline mode), so once the network is back a new one is sent.
 */
export function endPendingLogout(): Promise<void> {
  if (!logoutPending()) return Promise.resolve();
  if (ending && !(ending.offline && navigator.onLine)) return ending.done;
  const attempt = { offline: !navigator.onLine, done: sendLogout() };
  ending = attempt;
  void attempt.done.finally(() => {
    if (ending === attempt) ending = undefined;
  });
  return attempt.done;
}
