import { randomInt, randomUUID } from 'node:crypto';
import type { PublicUser, SignedInUser } from '@shared/schemas/auth';
import { batchDelete } from '../batch';
import { nowSeconds } from '../db';
import { HttpError } from '../http/errors';
import type { ApiRequest, RouteRequestOf } from '../http/types';
import { Conflict, NotFound } from '../domain-errors';
import { reserveLoginAttempt, reservePasswordChangeGuess } from '../repositories/login-attempts';
import { sessionItem, sessionKeysOfUser } from '../repositories/sessions';
import { getUserWithPassword, setPassword, type PasswordChange } from '../repositories/users';
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
export async function newSession(user: SignedInUser, request: Pick<ApiRequest, 'secure' | 'userAgent'>) {
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
export async function spendGuess(email: string, request: Pick<ApiRequest, 'requestId' | 'user'>, device?: string): Promise<void> {
  const wait = await reserveLoginAttempt(email, device);
  if (wait === 0) return;
  securityEvent('login locked', request, { email, trustedDevice: device !== undefined, retryAfterSeconds: wait });
  throw tooMany('Too many failed logins for this account', wait);
}

/**
 * Counts the current password of a password change as a guess of this session's own (a stolen
 * session cannot try many, and outsiders' failed logins never stop the owner's change).
 */
export async function spendChangeGuess(request: RouteRequestOf<'POST /auth/password'>): Promise<void> {
  const { email, sessionId } = request.user;
  const wait = await reservePasswordChangeGuess(email, sessionId);
  if (wait === 0) return;
  securityEvent('login locked', request, { email, passwordChange: true, retryAfterSeconds: wait });
  throw tooMany('Too many wrong current passwords in this session', wait);
}

function tooMany(what: string, wait: number): HttpError {
  const minutes = Math.ceil(wait / 60);
  return new HttpError(429, `${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, { 'retry-after': String(wait) });
}

/** A transaction holds at most 100 items: the profile, a new session and this many ended ones. */
const ENDED_IN_TRANSACTION = 90;
/** Tries of a change that found a sign-in started meanwhile (each one reads the sessions again). */
const CHANGE_ROUNDS = 5;

/**
 * Sets a password (already hashed: nothing slow runs from here on) and ends every session of
 * the user with it, starting `start` (this browser's new session). The change is conditioned on
 * the profile as read with its sessions: a session that started meanwhile (a login that checked
 * the old password while the new one was hashing) fails it, and it reads and ends them again.
 * `whileHash`: only while the stored password is still the one checked (else Conflict). Answers
 * how many sessions ended; Conflict when sign-ins kept starting for every round.
 */
export async function changePassword(
  userId: string,
  change: Omit<PasswordChange, 'whileProfile'> & { whileHash?: string },
  start?: Parameters<typeof sessionItem>[0],
): Promise<number> {
  const { whileHash, ...password } = change;
  for (let round = 0; round < CHANGE_ROUNDS; round++) {
    const profile = await getUserWithPassword(userId);
    if (!profile) throw new NotFound('User not found');
    if (whileHash && profile.passwordHash !== whileHash) throw new Conflict('Your password was changed meanwhile; sign in again');
    const sessions = await sessionKeysOfUser(userId);
    const ended = { end: sessions.slice(0, ENDED_IN_TRANSACTION), start: start && sessionItem(start) };
    if (await setPassword(userId, { ...password, whileProfile: profile }, ended)) {
      await batchDelete(sessions.slice(ENDED_IN_TRANSACTION));
      return sessions.length;
    }
  }
  throw new Conflict('The user kept signing in while the password was being changed; try again');
}

/** How long an admin's one-time password signs in (once). */
export const ONE_TIME_PASSWORD_SECONDS = 24 * 3600;

// No 0/O, 1/l/I: read aloud or copied from a screen without doubt. 12 characters of 31: about 59 bits.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A one-time password an admin hands over: "K7QM-9XPA-3HTR". */
export function oneTimePassword(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [0, 4, 8].map((at) => chars.slice(at, at + 4).join('')).join('-');
}
