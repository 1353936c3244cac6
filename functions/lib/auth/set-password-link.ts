import { createHash, randomBytes } from 'node:crypto';
import { SET_PASSWORD_LINK_HOURS, type PublicUser } from '@shared/schemas/auth';
import { nowSeconds } from '../db';
import { collegeNameForEmails, putSetPasswordLink } from '../repositories/set-password-links';
import { hashPassword } from './password';
import { setPasswordEmail } from './set-password-email';
import type { LinkSender } from './set-password-mailer';

/**
 * Set-password links (docs/security.md): a random 32-byte token, emailed and never stored (the table
 * holds its SHA-256), that sets the password of one user once, before its end: 72 hours for a new
 * user's welcome, 24 for a link an admin sends later. Using it is set-password-use.ts.
 */

/** The token's SHA-256: how the table knows a link (a leaked table or backup holds no working link). */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** A short fingerprint of a stored password hash: a link works only while the password is the one it was sent for. */
export const passwordFingerprint = (passwordHash: string): string =>
  createHash('sha256').update(passwordHash).digest('base64url').slice(0, 22);

/**
 * The hash of a password no one knows, for a user who is to set their own: no password signs in until
 * they do. A real scrypt hash, so a login to the account costs the same time as to any other.
 */
export const unusablePasswordHash = (): Promise<string> => hashPassword(randomBytes(32).toString('base64url'));

/**
 * Stores a new link for this user and emails it; answers its end (epoch seconds). `passwordHash`: the user's
 * stored one (the link works only while it is). A failure to send throws, and the stored link is never known.
 */
export async function emailSetPasswordLink(
  user: PublicUser,
  purpose: 'welcome' | 'reset',
  passwordHash: string,
  { mailer, site }: LinkSender,
): Promise<number> {
  const token = randomBytes(32).toString('base64url');
  const hours = SET_PASSWORD_LINK_HOURS[purpose];
  const expiresAt = nowSeconds() + hours * 3600;
  await putSetPasswordLink(hashToken(token), { userId: user._id, purpose, forPassword: passwordFingerprint(passwordHash), expiresAt });
  const collegeName = await collegeNameForEmails();
  // In the fragment: a browser never sends it, so the token stays out of every access log and Referer.
  const url = `${site}/set-password#token=${token}`;
  await mailer.send(setPasswordEmail({ user, purpose, url, hours, collegeName }));
  return expiresAt;
}
