import type { SignedInUser } from '@shared/schemas/auth';
import { createStore, useStore } from './store';

/**
 * The auth state of docs/product.md §3/§4: unknown until the initial status check answers, then signed in
 * (with the user) or signed out. Guards and the navigation bar read it; login, logout and any 401
 * write it.
 */
export type SessionState =
  { status: 'unknown'; user: null } | { status: 'signed-out'; user: null } | { status: 'signed-in'; user: SignedInUser };

const store = createStore<SessionState>({ status: 'unknown', user: null });

export const session = {
  get: store.get,
  subscribe: store.subscribe,
  signIn: (user: SignedInUser) => store.set({ status: 'signed-in', user }),
  signOut: () => store.set((previous) => (previous.status === 'signed-out' ? previous : { status: 'signed-out', user: null })),
  /** Back to "not checked yet" (tests, and a fresh app). */
  reset: () => store.set({ status: 'unknown', user: null }),
};

export const useSession = (): SessionState => useStore(store);

export const isAdmin = (state: SessionState): boolean => state.user?.role === 'admin';
