import { ApiError, callRoute } from '../lib/api-client';
import { session } from '../lib/session';

let check: Promise<null> | undefined;

/**
 * The initial login-status check (docs/product.md §4), run once (main.tsx starts it with the app's chunk):
 * the app shows only its boot screen (no guard, no navigation bar) until it has answered, so no page
 * flashes. A 401 means signed out; any other failure is only logged and also counts as signed out.
 */
export function checkSessionOnce(): Promise<null> {
  if (session.get().status !== 'unknown') return Promise.resolve(null);
  check ??= callRoute('GET /auth/currentstatus')
    .then((answer) => answer.data)
    .then(session.signIn, (error: unknown) => {
      if (!(error instanceof ApiError && error.status === 401)) console.warn('Could not check the login status', error);
      session.signOut();
    })
    .then(() => null)
    .finally(() => {
      check = undefined;
    });
  return check;
}
