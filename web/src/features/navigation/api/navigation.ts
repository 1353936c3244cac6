import { ApiError, callRoute, NETWORK_ERROR } from '@web/lib/api-client';
import { signOutOnDevice } from '@web/lib/offline/sign-out';
import { session } from '@web/lib/session';

/**
 * Logout (docs/product.md §4): the server ends the session, then the sign-in state is cleared. With no
 * network this device signs out at once and the server's session ends when the network is back ('device').
 */
export async function logout(): Promise<'server' | 'device'> {
  try {
    if (!navigator.onLine) throw new ApiError(0, NETWORK_ERROR);
    await callRoute('POST /auth/logout');
  } catch (failure) {
    if (!(failure instanceof ApiError && failure.status === 0)) throw failure;
    signOutOnDevice();
    return 'device';
  }
  session.signOut();
  return 'server';
}
