import { jwtVerify, SignJWT } from 'jose';
import { SESSION_HOURS } from '@shared/constants';
import { jwtKey } from './secret';

const ISSUER = 'sams';
const AUDIENCE = 'sams-web';
export const SESSION_SECONDS = SESSION_HOURS * 3600;

export interface TokenClaims {
  userId: string;
  sessionId: string;
}

export async function signSessionToken(claims: TokenClaims, expiresAt: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setJti(claims.sessionId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(await jwtKey());
}

/** The claims of a valid, unexpired token signed by us with HS256; null for anything else. */
export async function verifySessionToken(token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await jwtKey(), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'jti', 'exp'],
    });
    return { userId: payload.sub as string, sessionId: payload.jti as string };
  } catch {
    return null;
  }
}

const cookieName = (secure: boolean) => (secure ? '__Host-sams_session' : 'sams_session');

export const readSessionCookie = (cookies: Record<string, string>, secure: boolean): string | undefined => cookies[cookieName(secure)];

export function sessionCookie(token: string, secure: boolean): string {
  return `${cookieName(secure)}=${token}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${SESSION_SECONDS}${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${cookieName(secure)}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0${secure ? '; Secure' : ''}`;
}
