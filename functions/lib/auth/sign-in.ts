import { randomInt, randomUUID } from 'node:crypto';
import type { PublicUser, SignedInUser } from '@shared/schemas/auth';
import { batchDelete } from '../batch';
import { nowSeconds } from '../db';
import { HttpError } from '../http/errors';
import type { ApiRequest, RouteRequestOf } from '../http/types';
import { Conflict, NotFound } from '../domain-errors';
import { reserveLoginAttempt, reservePasswordChangeGuess } from '../repositories/login-attempts';
import { loginSessionItem, loginSessionKeysOfUser, type NewLoginSession } from '../repositories/login-sessions';
import { getUserWithPassword, setPassword, type PasswordChange } from '../repositories/users';
import { securityEvent } from '../http/security-events';
import { LOGIN_SESSION_SECONDS, loginSessionCookie, signLoginSessionToken } from './login-session-token';

/** The user as a login session carries it: the flag only while the password is a one-time password. */
export const signedInUser = (user: PublicUser & { mustChangePassword?: boolean }): SignedInUser => ({
  _id: user._id,
  username: user.username,
  email: user.email,
  role: user.role,
  ...(user.mustChangePassword ? { mustChangePassword: true as const } : {}),
});

/** A new login session for this browser: what its item holds (for createLoginSession or a transaction) and the cookie. */
export async function newLoginSession(user: SignedInUser, request: Pick<ApiRequest, 'secure' | 'userAgent'>) {
  const loginSessionId = randomUUID();
  const expiresAt = nowSeconds() + LOGIN_SESSION_SECONDS;
  const loginSession: NewLoginSession = { user, loginSessionId, expiresAt, device: request.userAgent ?? '' };
  const token = await signLoginSessionToken({ userId: user._id, loginSessionId }, expiresAt);
  return { loginSession, cookie: loginSessionCookie(token, request.secure) };
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
 * Counts the current password of a password change as a guess of this login session's own (a
 * stolen login session cannot try many, and outsiders' failed logins never stop the owner's change).
 */
export async function spendChangeGuess(request: RouteRequestOf<'POST /auth/password'>): Promise<void> {
  const { email, loginSessionId } = request.user;
  const wait = await reservePasswordChangeGuess(email, loginSessionId);
  if (wait === 0) return;
  securityEvent('login locked', request, { email, passwordChange: true, retryAfterSeconds: wait });
  throw tooMany('Too many wrong current passwords in this session', wait);
}

function tooMany(what: string, wait: number): HttpError {
  const minutes = Math.ceil(wait / 60);
  return new HttpError(429, `${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, { 'retry-after': String(wait) });
}

/** A transaction holds at most 100 items: the profile, a new login session and this many ended ones. */
const ENDED_IN_TRANSACTION = 90;
/** Tries of a change that found a sign-in started meanwhile (each one reads the login sessions again). */
const CHANGE_ROUNDS = 5;

/**
 * Sets a password (already hashed: nothing slow runs from here on) and ends every login session
 * of the user with it, starting `start` (this browser's new login session). The change is
 * conditioned on the profile as read with its login sessions: one that started meanwhile (a login
 * that checked the old password while the new one was hashing) fails it, and it reads and ends them
 * again. `whileHash`: only while the stored password is still the one checked (else Conflict).
 * Answers how many login sessions ended; Conflict when sign-ins kept starting for every round.
 */
export async function changePassword(
  userId: string,
  change: Omit<PasswordChange, 'whileProfile'> & { whileHash?: string },
  start?: NewLoginSession,
): Promise<number> {
  const { whileHash, ...password } = change;
  for (let round = 0; round < CHANGE_ROUNDS; round++) {
    const profile = await getUserWithPassword(userId);
    if (!profile) throw new NotFound('User not found');
    if (whileHash && profile.passwordHash !== whileHash) throw new Conflict('Your password was changed meanwhile; sign in again');
    const loginSessions = await loginSessionKeysOfUser(userId);
    const ended = { end: loginSessions.slice(0, ENDED_IN_TRANSACTION), start: start && loginSessionItem(start) };
    if (await setPassword(userId, { ...password, whileProfile: profile }, ended)) {
      await batchDelete(loginSessions.slice(ENDED_IN_TRANSACTION));
      return loginSessions.length;
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
