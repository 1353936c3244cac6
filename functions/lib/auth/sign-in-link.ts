import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { SIGN_IN_LINK_MESSAGES as M, type SignInLinkCode, type SignInLinkToken } from '@shared/schemas/sign-in-link';
import { nowSeconds } from '../db';
import { CODE_ATTEMPTS, SIGN_IN_LINK_MINUTES, type SignInLinkItem } from '../entities/sign-in-link';
import { HttpError } from '../http/errors';
import { logger } from '../http/logger';
import { securityEvent } from '../http/security-events';
import type { ApiRequest } from '../http/types';
import { reserveSignInLink } from '../repositories/login-attempts';
import { countWrongCode, findSignInLink, putSignInLink, spendSignInLink } from '../repositories/sign-in-links';
import { findUserForLogin, getUser } from '../repositories/users';
import { collegeNameForEmails } from '../repositories/set-password-links';
import { signInLinkEmail } from './sign-in-link-email';
import { linkSender } from './set-password-mailer';
import { startPasswordlessSession, studentsReached } from './passwordless';

/**
 * Sign-in by an emailed link (docs/product.md §4, docs/security.md): the browser that asks gets a secret in a
 * cookie, and the link (or the short code in the same email) signs in only in that browser: a forwarded email
 * alone signs no one in. A link works once, for SIGN_IN_LINK_MINUTES. Asking answers the same, after the same
 * time, whether or not the address has an account.
 */
type Request = Pick<ApiRequest, 'requestId' | 'user' | 'cookies' | 'secure' | 'userAgent' | 'appOrigin' | 'clientIp'>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
/** Read from an email to another screen: no 0/O, 1/I/L. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 6;
/** Asking answers no sooner than this, whether or not a mail went out (its time would tell the address has an account). */
const ANSWER_FLOOR_MS = 1000;

const cookieName = (secure: boolean) => (secure ? '__Host-sams_link' : 'sams_link');
const browserCookie = (secret: string, secure: boolean) =>
  `${cookieName(secure)}=${secret}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${SIGN_IN_LINK_MINUTES * 60}${secure ? '; Secure' : ''}`;
const browserSecretOf = (request: Request) => {
  const secret = request.cookies[cookieName(request.secure)];
  return secret && /^[\w-]{43}$/.test(secret) ? secret : undefined;
};

export async function requestSignInLink(email: string, request: Request): Promise<{ requestId: string; cookie: string }> {
  const started = Date.now();
  const sender = linkSender(request.appOrigin);
  if (!sender) throw new HttpError(503, M.mailOff);
  const wait = await reserveSignInLink(email, request.clientIp ?? 'unknown');
  if (wait) throw new HttpError(429, M.tooMany(Math.ceil(wait / 60)), { 'retry-after': String(wait) });
  const secret = browserSecretOf(request) ?? randomBytes(32).toString('base64url');
  const requestId = randomUUID();
  const account = await findUserForLogin(email);
  if (account && (await studentsReached(account)) !== null) {
    const token = randomBytes(32).toString('base64url');
    const code = Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    const link: SignInLinkItem = {
      userId: account._id,
      tokenHash: sha256(token),
      codeHash: sha256(code),
      browserHash: sha256(secret),
      expiresAt: nowSeconds() + SIGN_IN_LINK_MINUTES * 60,
    };
    await putSignInLink(requestId, link);
    const url = `${sender.site}/sign-in-link#request=${requestId}&token=${token}`;
    const collegeName = await collegeNameForEmails();
    // A mail that fails is logged, not said: saying it would tell that the address has an account.
    await sender.mailer
      .send(signInLinkEmail({ to: account.email, name: account.username, url, code, minutes: SIGN_IN_LINK_MINUTES, collegeName }))
      .then(() => securityEvent('sign-in link sent', request, { email: account.email, userId: account._id }))
      .catch((error: unknown) => logger.error('sign-in link not sent', { email: account.email, error: String(error) }));
  } else {
    securityEvent('sign-in link refused', request, { email, reason: account ? 'no student record names the account' : 'unknown address' });
  }
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + ANSWER_FLOOR_MS - Date.now())));
  return { requestId, cookie: browserCookie(secret, request.secure) };
}

/** The link of the request, asked for in this browser; 400 when it does not work, 409 when another browser asked. */
async function linkAskedHere(requestId: string, request: Request): Promise<SignInLinkItem> {
  const link = await findSignInLink(requestId);
  if (!link) throw refused(request, 'unknown, used or expired');
  const secret = browserSecretOf(request);
  if (!secret || !sameHash(link.browserHash, sha256(secret))) {
    securityEvent('sign-in link refused', request, { userId: link.userId, reason: 'opened in another browser' });
    throw new HttpError(409, M.otherBrowser);
  }
  return link;
}

function refused(request: Request, reason: string, userId?: string): HttpError {
  securityEvent('sign-in link refused', request, { reason, ...(userId ? { userId } : {}) });
  return new HttpError(400, M.invalid);
}

export async function signInWithLinkToken({ request: requestId, token }: SignInLinkToken, request: Request) {
  const link = await linkAskedHere(requestId, request);
  if (!sameHash(link.tokenHash, sha256(token))) throw refused(request, 'wrong token', link.userId);
  return finishSignIn(requestId, link, request);
}

export async function signInWithLinkCode({ request: requestId, code }: SignInLinkCode, request: Request) {
  const link = await linkAskedHere(requestId, request);
  if (!sameHash(link.codeHash, sha256(code.toUpperCase()))) {
    const triesLeft = await countWrongCode(requestId);
    securityEvent('sign-in link refused', request, { userId: link.userId, reason: 'wrong code' });
    throw new HttpError(400, triesLeft ? M.wrongCode : M.codeSpent(CODE_ATTEMPTS));
  }
  return finishSignIn(requestId, link, request);
}

async function finishSignIn(requestId: string, link: SignInLinkItem, request: Request) {
  const account = await getUser(link.userId);
  const signedIn = account && (await startPasswordlessSession(account, request, { method: 'link' }, spendSignInLink(requestId)));
  if (!signedIn) throw refused(request, 'account or record removed, or link used meanwhile', link.userId);
  return signedIn;
}
