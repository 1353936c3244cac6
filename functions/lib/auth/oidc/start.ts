import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { OidcProvider, OidcProviderId } from './config';
import { discover } from './discovery';

/**
 * What the server keeps between sending the browser to the provider and its coming back, for at
 * most START_SECONDS: the callback's `state` must equal `state`, the ID token's `nonce` must equal
 * `nonce`, and only this server knows the PKCE `codeVerifier` the code is redeemed with.
 */
export interface RememberedSignIn {
  providerId: OidcProviderId;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/** How long a started sign-in may take to come back (choosing an account, a second factor). */
export const START_SECONDS = 10 * 60;

/** 32 random bytes as base64url: 43 characters, the shortest PKCE verifier RFC 7636 allows, carrying 256 bits. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Equal strings, compared in constant time (state and nonce are secrets an attacker could otherwise guess byte by byte). */
export function sameText(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const codeChallenge = (codeVerifier: string): string => createHash('sha256').update(codeVerifier).digest('base64url');

/**
 * The provider's authorization URL for a new sign-in (authorization code with PKCE S256), and what
 * the server must remember until the browser comes back to `redirectUri`.
 */
export async function startSignIn(provider: OidcProvider, redirectUri: string): Promise<{ url: string; remember: RememberedSignIn }> {
  const { authorizationEndpoint } = await discover(provider);
  const remember: RememberedSignIn = {
    providerId: provider.id,
    state: randomToken(),
    nonce: randomToken(),
    codeVerifier: randomToken(),
    redirectUri,
  };
  const url = new URL(authorizationEndpoint);
  const parameters: Record<string, string> = {
    response_type: 'code',
    client_id: provider.clientId,
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    state: remember.state,
    nonce: remember.nonce,
    code_challenge: codeChallenge(remember.codeVerifier),
    code_challenge_method: 'S256',
    ...providerParameters(provider),
  };
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return { url: url.href, remember };
}

/**
 * Google's `hd` only narrows the account chooser to the college's domain (the ID token's `hd` is
 * what is checked); both big providers otherwise sign in whoever is signed in to the browser.
 */
function providerParameters(provider: OidcProvider): Record<string, string> {
  switch (provider.id) {
    case 'google':
      return { hd: provider.allowedDomain!, prompt: 'select_account' };
    case 'microsoft':
      return { prompt: 'select_account' };
    case 'local':
      return {};
  }
}
