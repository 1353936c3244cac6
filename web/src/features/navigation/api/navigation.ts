import { useSWRConfig } from 'swr';
import type { Term } from '@shared/schemas/structure';
import { apiRequest, pathsStartingWith } from '@web/lib/api-client';
import { useApi } from '@web/lib/use-api';
import { session } from '@web/lib/session';

/** All terms, for the admin's term selector (GET term; SWR key '/term'). */
export const useTerms = () => useApi('GET /term', {});

/**
 * The term selector's change (docs/product.md §4): deactivate the active term(s), then activate the chosen
 * one, then reload the terms and what hangs off the active term (Home's semesters, the slots).
 */
export function useSwitchTerm() {
  const { mutate } = useSWRConfig();
  return async (terms: Term[], chosenId: string): Promise<Term> => {
    for (const term of terms.filter((term) => term.status && term._id !== chosenId)) {
      await apiRequest('PATCH /term/{id}', { params: { id: term._id }, body: { status: false } });
    }
    try {
      return await apiRequest('PATCH /term/{id}', { params: { id: chosenId }, body: { status: true } });
    } finally {
      await mutate(pathsStartingWith('/term', '/semester/', '/slot/'));
    }
  };
}

/** Logout (docs/product.md §4): the server ends the session, then the sign-in state is cleared. */
export async function logout(): Promise<void> {
  await apiRequest('POST /auth/logout');
  session.signOut();
}
