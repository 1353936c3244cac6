import * as z from 'zod/mini';
import { clientSecret } from './client-secret';
import { providerName, type OidcProvider } from './config';
import { discover, unavailable, type DiscoveredProvider } from './discovery';
import { OidcSignInError } from './errors';
import { verifyIdToken, type VerifiedIdentity } from './id-token';
import { sameText, type RememberedSignIn } from './start';

/** The query the provider sends the browser back with (RFC 6749 §4.1.2, RFC 9207's `iss`). */
export interface SignInCallback {
  code?: string;
  state?: string;
  iss?: string;
  error?: string;
}

const TIMEOUT_MS = 10_000;

const tokenAnswer = z.object({ id_token: z.string().check(z.minLength(1)) });
const tokenError = z.object({ error: z.string() });

/**
 * Finishes a sign-in the browser came back from: checks it is the one this server started,
 * redeems the code with the PKCE verifier, and verifies the ID token. Answers the account's
 * verified email (lower-cased) and name, or throws OidcSignInError.
 */
export async function finishSignIn(
  provider: OidcProvider,
  callback: SignInCallback,
  remembered: RememberedSignIn,
): Promise<VerifiedIdentity> {
  if (remembered.providerId !== provider.id || !sameText(callback.state, remembered.state)) {
    throw new OidcSignInError('state-mismatch', 'This sign-in was started in another window or has expired. Start again.');
  }
  if (callback.error) {
    throw new OidcSignInError('cancelled', `Sign-in with ${providerName(provider.id)} was cancelled or refused. Start again.`);
  }
  if (!callback.code) throw new OidcSignInError('code-refused', 'The sign-in came back without its code. Start again.');
  const discovered = await discover(provider);
  // A different issuer in the callback means another provider answered (a mix-up attack): never redeem the code with ours.
  if (callback.iss !== undefined && callback.iss !== discovered.issuer) {
    throw new OidcSignInError('wrong-issuer', `The sign-in answer did not come from ${providerName(provider.id)}. Start again.`);
  }
  const idToken = await redeemCode(provider, discovered, callback.code, remembered);
  return verifyIdToken(provider, discovered, idToken, remembered.nonce);
}

async function redeemCode(
  provider: OidcProvider,
  discovered: DiscoveredProvider,
  code: string,
  remembered: RememberedSignIn,
): Promise<string> {
  const secret = await clientSecret(provider);
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: remembered.redirectUri,
    code_verifier: remembered.codeVerifier,
    client_id: provider.clientId,
  });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (provider.tokenEndpointAuth === 'client_secret_basic') {
    // RFC 6749 §2.3.1: each part form-encoded before the Basic encoding.
    const pair = `${formEncode(provider.clientId)}:${formEncode(secret)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  } else {
    form.set('client_secret', secret);
  }
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(discovered.tokenEndpoint, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(TIMEOUT_MS) });
    body = await response.json().catch(() => undefined);
  } catch (error) {
    throw unavailable(provider, error);
  }
  const answer = tokenAnswer.safeParse(body);
  if (response.ok && answer.success) return answer.data.id_token;
  // invalid_grant: the code was used already, expired, or does not belong to this verifier or redirect.
  if (tokenError.safeParse(body).data?.error === 'invalid_grant') {
    throw new OidcSignInError('code-refused', 'This sign-in was already used or has expired. Start again.');
  }
  throw unavailable(provider, new Error(`token endpoint answered ${response.status}: ${JSON.stringify(body)?.slice(0, 300)}`));
}

const formEncode = (text: string) => new URLSearchParams({ v: text }).toString().slice(2);
