import type { LastSignIn } from '@shared/answers/auth';
import type { SignInMethod } from '@shared/sign-in-methods';

/**
 * The last sign-in an account's profile records (entities/user.ts userProfile, `lastSignIn`): when and how, and the provider of
 * a sign-in with the college's account. It is set in the transaction that stores the sign-in's login session
 * (createLoginSession, createPasswordlessLoginSession): no sign-in is missing from it, none is recorded that did not
 * happen, and it adds no write that could fail a sign-in. Of sign-ins at once, it holds the one committed last.
 */
export type SignInVia = { method: 'password' } | { method: 'link' } | { method: 'college'; provider: string };

/** A sign-in without a password: by an emailed link, or with the college's account at this provider. */
export type PasswordlessVia = Exclude<SignInVia, { method: 'password' }>;

export interface StoredLastSignIn {
  /** ISO 8601, UTC. */
  at: string;
  method: SignInMethod;
  /** The OpenID provider's id (functions/lib/auth/oidc/config.ts) of a college sign-in. */
  provider?: string;
}

/** What a profile holds of its sign-ins; an older release kept only `lastSignInAt`, and only for sign-ins without a password. */
export interface SignInFields {
  lastSignIn?: StoredLastSignIn;
  lastSignInAt?: string;
  /** Sign-ins so far: a password change is conditioned on it, so a login session that started meanwhile cannot outlive the change. */
  signIns?: number;
}

/** The record of a sign-in made now. */
export const signInRecord = (via: SignInVia, at = new Date()): StoredLastSignIn => ({ at: at.toISOString(), ...via });

/** The update-expression parts that record it on the profile (`lastSignInAt` goes: `lastSignIn` says it all). */
export const recordSignIn = (via: SignInVia) => ({
  set: 'lastSignIn = :lastSignIn',
  remove: 'lastSignInAt',
  values: { ':lastSignIn': signInRecord(via) },
});

/** The last sign-in as answers carry it: with its method, or (an older release's record) its time only. */
export function lastSignInOf(profile: SignInFields): LastSignIn | undefined {
  if (profile.lastSignIn) return { at: profile.lastSignIn.at, method: profile.lastSignIn.method };
  return profile.lastSignInAt ? { at: profile.lastSignInAt } : undefined;
}
