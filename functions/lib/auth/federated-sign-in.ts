import { createHash } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { OIDC_MESSAGES as M, type OidcFinish } from '@shared/schemas/oidc';
import { HttpError } from '../http/errors';
import { securityEvent } from '../http/security-events';
import type { ApiRequest } from '../http/types';
import { findUserForLogin } from '../repositories/users';
import { oidcProvider, oidcProviders, providerName } from './oidc/config';
import { OidcSignInError } from './oidc/errors';
import { finishSignIn } from './oidc/finish';
import { START_SECONDS, startSignIn, type RememberedSignIn } from './oidc/start';
import { startPasswordlessSession } from './passwordless';
import { jwtKey } from './secret';

/**
 * Sign-in with the college's Google Workspace or Microsoft Entra ID account (docs/product.md §4, OpenID Connect,
 * authorization code with PKCE: functions/lib/auth/oidc). What the server must remember between sending the
 * browser to the provider and its return (state, nonce, PKCE verifier) rides in an encrypted cookie of that
 * browser, so the return is accepted only there. The verified email must be a user's, a student's or a guardian's.
 */
type Request = Pick<ApiRequest, 'requestId' | 'user' | 'cookies' | 'secure' | 'userAgent' | 'appOrigin'>;

export const OIDC_CALLBACK_PATH = '/oidc/callback';
const cookieName = (secure: boolean) => (secure ? '__Host-sams_oidc' : 'sams_oidc');
const cookie = (value: string, secure: boolean, maxAge: number) =>
  `${cookieName(secure)}=${value}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;

/** Its own key, from the JWT secret: a session token can never be read as this cookie, nor this as one. */
const cookieKey = async () =>
  createHash('sha256')
    .update('sams-oidc-start')
    .update(await jwtKey())
    .digest();

export const offeredProviders = () => oidcProviders().map(({ id }) => ({ id, name: providerName(id) }));

export async function startFederatedSignIn(providerId: string, request: Request): Promise<{ url: string; cookie: string }> {
  const provider = oidcProvider(providerId);
  const site = request.appOrigin ?? process.env.SITE_URL;
  if (!provider || !site) throw new HttpError(404, M.notConfigured);
  const { url, remember } = await startSignIn(provider, `${site.replace(/\/$/, '')}${OIDC_CALLBACK_PATH}`).catch(refusal(request));
  const sealed = await new EncryptJWT({ ...remember })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setExpirationTime(`${START_SECONDS}s`)
    .encrypt(await cookieKey());
  return { url, cookie: cookie(sealed, request.secure, START_SECONDS) };
}

export async function finishFederatedSignIn(callback: OidcFinish, request: Request) {
  const remembered = await rememberedSignIn(request);
  const cleared = cookie('', request.secure, 0);
  const provider = remembered && oidcProvider(remembered.providerId);
  if (!remembered || !provider) {
    securityEvent('login failed', request, { method: 'oidc', reason: 'no sign-in started in this browser' });
    throw new HttpError(400, M.startAgain);
  }
  const identity = await finishSignIn(provider, callback, remembered).catch(refusal(request));
  const account = await findUserForLogin(identity.email);
  const signedIn = account && (await startPasswordlessSession(account, request, { method: 'college', provider: provider.id }));
  if (!signedIn) {
    securityEvent('login failed', request, { method: `oidc ${provider.id}`, email: identity.email, reason: 'no account' });
    throw new HttpError(403, M.noAccount(identity.email));
  }
  return { user: signedIn.user, cookies: [signedIn.cookie, cleared] };
}

async function rememberedSignIn(request: Request): Promise<RememberedSignIn | null> {
  const sealed = request.cookies[cookieName(request.secure)];
  if (!sealed) return null;
  try {
    const { payload } = await jwtDecrypt(sealed, await cookieKey());
    return payload as unknown as RememberedSignIn;
  } catch {
    return null;
  }
}

/** A provider's refusal as the user reads it: the provider out of reach is a 502, anything else a 400. */
const refusal = (request: Request) => (error: unknown) => {
  if (!(error instanceof OidcSignInError)) throw error;
  securityEvent('login failed', request, { method: 'oidc', reason: error.reason });
  throw new HttpError(error.reason === 'provider-unavailable' ? 502 : 400, error.message);
};
