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

let ending: Promise<void> | undefined;

/** Sends the logout that waits for the network, if any; it stays pending while the server cannot be reached. */
export function endPendingLogout(): Promise<void> {
  if (!logoutPending()) return Promise.resolve();
  ending ??= callRoute('POST /auth/logout')
    .then(forgetPendingLogout, (failure: unknown) => {
      if (failure instanceof ApiError && failure.status > 0 && failure.status < 500) forgetPendingLogout();
    })
    .finally(() => {
      ending = undefined;
    });
  return ending;
}
