import { beginsWith, type Key, type KeyCondition } from '../keys';

/**
 * The items that guard signing in (functions/lib/repositories/login-attempts.ts and set-password-links.ts):
 * the counts of wrong passwords per account, per browser and per login session's password change; the
 * counts of sign-in links asked for; and the emailed set-password links. Users, their email claims and
 * login sessions are entities/user.ts and entities/login-session.ts.
 */

/** Login attempts on an account: the account's own count, or (device) the count of one browser that signed in to it before. */
export const loginFailures = (email: string, device?: string): Key => ({
  pk: `LOGINFAIL#${email.toLowerCase()}`,
  sk: device ? `LOGINFAIL#DEVICE#${device}` : 'LOGINFAIL',
});
/** Wrong current passwords given to a password change in one login session (counted apart from logins, so outsiders cannot lock the owner's change). */
export const passwordChangeGuesses = (email: string, loginSessionId: string): Key => ({
  pk: `LOGINFAIL#${email.toLowerCase()}`,
  sk: `LOGINFAIL#SESSION#${loginSessionId}`,
});
export const loginFailuresOfAccount = (email: string): KeyCondition => beginsWith(`LOGINFAIL#${email.toLowerCase()}`, 'LOGINFAIL');
/** Sign-in links asked for, counted per address or per client (IP) for their rate limit. */
export const signInLinkRequests = (by: 'address' | 'client', value: string): Key => ({
  pk: `LINKRATE#${by}#${by === 'address' ? value.toLowerCase() : value}`,
  sk: 'LINKRATE',
});
/** An emailed set-password link, by its token's SHA-256 (the token itself is never stored). */
export const setPasswordLink = (tokenHash: string): Key => ({ pk: `SETPW#${tokenHash}`, sk: 'SETPW' });
