import { jwtVerify, SignJWT } from 'jose';
import { SESSION_HOURS } from '@shared/constants';
import { jwtKey } from './secret';

const ISSUER = 'sams';
const AUDIENCE = 'sams-web';
const DEVICE_AUDIENCE = 'sams-device';
/** A login session's lifetime (its token, cookie and item). */
export const LOGIN_SESSION_SECONDS = SESSION_HOURS * 3600;
/** How long a browser that signed in stays trusted for its account's login count (functions/lib/repositories/login-attempts.ts). */
const DEVICE_SECONDS = 180 * 24 * 3600;

/**
 * The key as a WebCrypto HMAC key, imported once per loaded secret: given the raw bytes, jose
 * imports them again on every sign and verify.
 */
const imported = new WeakMap<Uint8Array, Promise<CryptoKey>>();
async function hmacKey(raw?: Uint8Array): Promise<CryptoKey> {
  raw ??= await jwtKey();
  let key = imported.get(raw);
  if (!key) {
    key = crypto.subtle.importKey('raw', raw as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    imported.set(raw, key);
  }
  return key;
}

/** What a login session's token says: its user (the `sub` claim) and the login session's id (the `jti` claim). */
export interface LoginSessionClaims {
  userId: string;
  loginSessionId: string;
}

export async function signLoginSessionToken(claims: LoginSessionClaims, expiresAt: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setJti(claims.loginSessionId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(await hmacKey());
}

/**
 * Tokens this warm function has verified, with the key that verified them: a browser sends the
 * same token on every request, so its signature is checked once per token, not once per request.
 * Only the signature is remembered; the expiry is checked on every use and the login session is
 * still read every time (sign-out, password changes and lapsed login sessions take effect at once).
 */
const verified = new Map<string, { key: Uint8Array; claims: LoginSessionClaims; expiresAt: number }>();
const VERIFIED_TOKENS_KEPT = 1000;

/** The claims of a valid, unexpired token signed by us with HS256; null for anything else. */
export async function verifyLoginSessionToken(token: string): Promise<LoginSessionClaims | null> {
  try {
    const key = await jwtKey();
    const known = verified.get(token);
    if (known?.key === key) return Date.now() / 1000 < known.expiresAt ? known.claims : null;
    const { payload } = await jwtVerify(token, await hmacKey(key), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'jti', 'exp'],
    });
    const claims = { userId: payload.sub as string, loginSessionId: payload.jti as string };
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, { key, claims, expiresAt: payload.exp! });
    return claims;
  } catch {
    return null;
  }
}

// The cookie's name is the wire format browsers hold: it stays `sams_session`.
const cookieName = (secure: boolean) => (secure ? '__Host-sams_session' : 'sams_session');

export const readLoginSessionCookie = (cookies: Record<string, string>, secure: boolean): string | undefined => cookies[cookieName(secure)];

export function loginSessionCookie(token: string, secure: boolean): string {
  return `${cookieName(secure)}=${token}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${LOGIN_SESSION_SECONDS}${secure ? '; Secure' : ''}`;
}

export function clearedLoginSessionCookie(secure: boolean): string {
  return `${cookieName(secure)}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0${secure ? '; Secure' : ''}`;
}

/**
 * A trusted device: a browser that signed in to this account (the email, lower-cased) before.
 * Its failed logins are counted apart from everyone else's, so guesses from elsewhere cannot
 * lock its owner out (OWASP's device cookies). Signed like the login session's token, under its own audience.
 */
export async function signDeviceToken(email: string, deviceId: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(email.toLowerCase())
    .setJti(deviceId)
    .setIssuer(ISSUER)
    .setAudience(DEVICE_AUDIENCE)
    .setExpirationTime(`${DEVICE_SECONDS}s`)
    .sign(await hmacKey());
}

/** The device id, when the cookie holds a valid device token of this account; else undefined. */
export async function trustedDevice(cookies: Record<string, string>, secure: boolean, email: string): Promise<string | undefined> {
  const token = cookies[deviceCookieName(secure)];
  if (!token) return undefined;
  try {
    const { payload } = await jwtVerify(token, await hmacKey(), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: DEVICE_AUDIENCE,
      requiredClaims: ['sub', 'jti', 'exp'],
    });
    return payload.sub === email.toLowerCase() ? payload.jti : undefined;
  } catch {
    return undefined;
  }
}

const deviceCookieName = (secure: boolean) => (secure ? '__Host-sams_device' : 'sams_device');

export function deviceCookie(token: string, secure: boolean): string {
  return `${deviceCookieName(secure)}=${token}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${DEVICE_SECONDS}${secure ? '; Secure' : ''}`;
}
