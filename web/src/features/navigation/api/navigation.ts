import type { Term } from '@shared/schemas/structure';
import { ApiError, callRoute, NETWORK_ERROR } from '@web/lib/api-client';
import { signOutOnDevice } from '@web/lib/offline/sign-out';
import { session } from '@web/lib/session';
import { useRefresh } from '@web/lib/use-write';

/**
 * The term selector's change (docs/product.md §4): deactivate the active term(s), then activate the
 * chosen one, then reload the terms and what hangs off the active term (Home's semesters, the slots).
 */
export function useSwitchTerm() {
  const refresh = useRefresh();
  return async (terms: Term[], chosenId: string): Promise<Term> => {
    try {
      for (const term of terms.filter((term) => term.status && term._id !== chosenId)) {
        await callRoute('PATCH /term/{id}', { params: { id: term._id }, body: { status: false } });
      }
      return (await callRoute('PATCH /term/{id}', { params: { id: chosenId }, body: { status: true } })).data;
    } finally {
      await refresh('PATCH /term/{id}');
    }
  };
}

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
