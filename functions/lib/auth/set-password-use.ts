import { SET_PASSWORD_MESSAGES, type PublicUser, type SetPasswordInput } from '@shared/schemas/auth';
import { batchDelete } from '../batch';
import { nowSeconds } from '../db';
import { Conflict, Invalid, NotFound } from '../domain-errors';
import { logger } from '../http/logger';
import { clearAllLoginAttempts } from '../repositories/login-attempts';
import { loginSessionKeysOfUser } from '../repositories/login-sessions';
import { findSetPasswordLink, spendLink } from '../repositories/set-password-links';
import { getUserWithPassword, setPassword } from '../repositories/users';
import { hashPassword } from './password';
import { passwordProblem } from './password-policy';
import { hashToken, passwordFingerprint } from './set-password-link';

/** A transaction holds at most 100 items: the profile, the link and this many ended login sessions. */
const ENDED_IN_TRANSACTION = 90;
/** Tries of a set that found a sign-in started meanwhile (each reads the login sessions again). */
const ROUNDS = 5;

const linkInvalid = () => new Invalid(SET_PASSWORD_MESSAGES.linkInvalid);

/**
 * Sets the password an emailed link is for (set-password-link.ts). Unknown, expired, used, or for a password
 * changed since: all the same 400, and nothing is hashed before the link is known to work. In one
 * transaction: the password set, the link spent (deleted only while it is there and before its end, so of
 * two uses at once one sets it), and every login session of the user ended. Answers the user and how many
 * login sessions ended. The new password does not sign in here: the user signs in with it.
 */
export async function setPasswordWithLink(input: SetPasswordInput): Promise<{ user: PublicUser; ended: number }> {
  const tokenHash = hashToken(input.token);
  const link = await findSetPasswordLink(tokenHash, nowSeconds());
  const profile = link && (await getUserWithPassword(link.userId));
  if (!link || !profile || passwordFingerprint(profile.passwordHash) !== link.forPassword) throw linkInvalid();
  const problem = await passwordProblem(input.password, profile);
  if (problem) throw new Invalid(problem);
  const passwordHash = await hashPassword(input.password);

  for (let round = 0; round < ROUNDS; round++) {
    const current = await getUserWithPassword(link.userId);
    // Another use of this link (or any password change) came first.
    if (!current || passwordFingerprint(current.passwordHash) !== link.forPassword) throw linkInvalid();
    const loginSessions = await loginSessionKeysOfUser(current._id);
    const change = { passwordHash, mustChangePassword: false, whileProfile: current };
    const ends = { end: loginSessions.slice(0, ENDED_IN_TRANSACTION), start: spendLink(tokenHash, nowSeconds()) };
    // setPassword reads a failed condition of the link as a missing user (NotFound): either way the link does not work.
    const done = await setPassword(current._id, change, ends).catch((error: unknown) => {
      if (error instanceof NotFound) throw linkInvalid();
      throw error;
    });
    if (done) {
      await batchDelete(loginSessions.slice(ENDED_IN_TRANSACTION));
      // Whoever holds the link holds the mailbox: the failed logins that may have locked the account are forgotten.
      await clearAllLoginAttempts(current.email).catch((error: unknown) => logger.warn('failed logins not cleared', { error }));
      const { _id, username, email, role } = current;
      return { user: { _id, username, email, role }, ended: loginSessions.length };
    }
  }
  throw new Conflict('The account kept being signed in to while the password was being set; try again');
}
