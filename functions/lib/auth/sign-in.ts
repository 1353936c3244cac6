import { randomInt, randomUUID } from 'node:crypto';
import type { PublicUser, SignedInUser } from '@shared/schemas/auth';
import { batchDelete } from '../batch';
import { nowSeconds } from '../db';
import { HttpError } from '../http/errors';
import type { ApiRequest } from '../http/types';
import type { Key } from '../keys';
import { reserveLoginAttempt } from '../repositories/login-attempts';
import { sessionItem } from '../repositories/sessions';
import { setPassword, type PasswordChange } from '../repositories/users';
import { securityEvent } from '../http/security-events';
import { SESSION_SECONDS, sessionCookie, signSessionToken } from './session-token';

/** The user as a session carries it: the flag only while the password is a one-time password. */
export const signedInUser = (user: PublicUser & { mustChangePassword?: boolean }): SignedInUser => ({
  _id: user._id,
  username: user.username,
  email: user.email,
  role: user.role,
  ...(user.mustChangePassword ? { mustChangePassword: true as const } : {}),
});

/** A new session for this browser: its item (for createSession or a transaction) and the cookie. */
export async function newSession(user: SignedInUser, request: ApiRequest) {
  const sessionId = randomUUID();
  const expiresAt = nowSeconds() + SESSION_SECONDS;
  const session = { user, sessionId, expiresAt, device: request.userAgent ?? '' };
  const token = await signSessionToken({ userId: user._id, sessionId }, expiresAt);
  return { session, cookie: sessionCookie(token, request.secure) };
}

/**
 * Counts one password guess on the account (or this trusted device) before the password is
 * checked; 429 with Retry-After when the window's guesses are spent.
 */
export async function spendGuess(email: string, request: ApiRequest, device?: string): Promise<void> {
  const wait = await reserveLoginAttempt(email, device);
  if (wait === 0) return;
  securityEvent('login locked', request, { email, trustedDevice: device !== undefined, retryAfterSeconds: wait });
  const minutes = Math.ceil(wait / 60);
  throw new HttpError(429, `Too many failed logins for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    'retry-after': String(wait),
  });
}

/** A transaction holds at most 100 items: the profile, a new session and this many ended ones. */
const ENDED_IN_TRANSACTION = 90;

/** Sets the password, ending `sessions` (and starting `start`) with it; sessions past what one transaction holds end right after. */
export async function changePassword(userId: string, change: PasswordChange, sessions: Key[], start?: Parameters<typeof sessionItem>[0]) {
  await setPassword(userId, change, { end: sessions.slice(0, ENDED_IN_TRANSACTION), start: start && sessionItem(start) });
  await batchDelete(sessions.slice(ENDED_IN_TRANSACTION));
}

// No 0/O, 1/l/I: read aloud or copied from a screen without doubt. 12 characters of 31: about 59 bits.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A one-time password an admin hands over: "K7QM-9XPA-3HTR". */
export function oneTimePassword(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [0, 4, 8].map((at) => chars.slice(at, at + 4).join('')).join('-');
}
