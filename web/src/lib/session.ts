import { knowSteadyOffset } from '@shared/dates';
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

/*
 * This tab's sign-in (docs/decisions.md "Marks saved offline are sent only from the sign-in that saved
 * them"): who is signed in here and a random id made when they signed in, kept in sessionStorage (one
 * tab, gone with it) and forgotten when the tab signs out. A reload with no network continues it; a new
 * tab or browser starts with none. Marks saved on the device carry the id: only those of this sign-in
 * are sent by themselves.
 */
const TAB_SIGN_IN = 'sams-sign-in';

interface TabSignIn {
  user: SignedInUser;
  id: string;
}

/** In memory too: a browser refusing sessionStorage still has this page's sign-in (not a reload's). */
let current: TabSignIn | null = null;

function tabSignIn(): TabSignIn | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(TAB_SIGN_IN) ?? 'null') as TabSignIn | null;
    return kept && typeof kept.id === 'string' && typeof kept.user?._id === 'string' ? kept : current;
  } catch {
    return current;
  }
}

const randomId = (): string => [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');

function keepTabSignIn(user: SignedInUser): void {
  const kept = tabSignIn();
  current = { user, id: kept?.user._id === user._id ? kept.id : randomId() };
  try {
    sessionStorage.setItem(TAB_SIGN_IN, JSON.stringify(current));
  } catch {
    // Kept in memory only: a reload with no network then starts signed out.
  }
}

function forgetTabSignIn(): void {
  current = null;
  try {
    sessionStorage.removeItem(TAB_SIGN_IN);
  } catch {
    // Nothing was kept there.
  }
}

function signedIn(user: SignedInUser): void {
  // The college's clock the server sent with the user: dates in college time without Intl (shared/dates.ts).
  if (user.clock) knowSteadyOffset(user.clock);
  store.set({ status: 'signed-in', user });
}

export const session = {
  get: store.get,
  subscribe: store.subscribe,
  signIn: (user: SignedInUser) => {
    keepTabSignIn(user);
    signedIn(user);
  },
  signOut: () => {
    forgetTabSignIn();
    store.set((previous) => (previous.status === 'signed-out' ? previous : { status: 'signed-out', user: null }));
  },
  /** The id of this tab's sign-in (null when signed out). */
  signInId: (): string | null => (store.get().status === 'signed-in' ? (tabSignIn()?.id ?? null) : null),
  /** With no network at start: continues this tab's sign-in, if it has one (a reload); answers whether it did. */
  resumeOffline: (): boolean => {
    const kept = tabSignIn();
    if (kept) signedIn(kept.user);
    return kept !== null;
  },
  /** Back to "not checked yet", this tab's sign-in forgotten (tests, and a fresh app). */
  reset: () => {
    forgetTabSignIn();
    store.set({ status: 'unknown', user: null });
  },
};

export const useSession = (): SessionState => useStore(store);

export const isAdmin = (state: SessionState): boolean => state.user?.role === 'admin';
