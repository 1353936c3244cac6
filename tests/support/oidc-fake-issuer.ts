import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { vi } from 'vitest';

/**
 * A stand-in OpenID provider answering a stubbed `fetch`: its discovery document, its signing
 * keys, and a token endpoint that answers whatever ID token the test prepared. Each has its own
 * host, so the modules' caches never mix two tests' providers.
 */
export interface TokenRequest {
  form: URLSearchParams;
  authorization: string | null;
}

// One key pair for every stand-in of a test file: making an RSA key takes a few hundred milliseconds.
let keyPair: ReturnType<typeof generateKeyPair> | undefined;

export async function fakeIssuer(options: { path?: string; documentIssuer?: string } = {}) {
  const origin = `https://idp-${randomUUID()}.test`;
  const issuer = `${origin}${options.path ?? ''}`;
  const { publicKey, privateKey } = await (keyPair ??= generateKeyPair('RS256'));
  const publicJwk = { ...(await exportJWK(publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
  const tokenRequests: TokenRequest[] = [];
  let tokenAnswer: () => Response = () => json({ error: 'invalid_grant' }, 400);
  const document = {
    issuer: options.documentIssuer ?? issuer,
    authorization_endpoint: `${origin}/authorize`,
    token_endpoint: `${origin}/token`,
    jwks_uri: `${origin}/jwks`,
  };

  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== origin) return new Response('not this provider', { status: 404 });
    if (url.pathname === `${new URL(issuer).pathname.replace(/\/$/, '')}/.well-known/openid-configuration`) return json(document);
    if (url.pathname === '/jwks') return json({ keys: [publicJwk] });
    if (url.pathname === '/token' && init?.method === 'POST') {
      tokenRequests.push({ form: new URLSearchParams(String(init.body)), authorization: new Headers(init.headers).get('authorization') });
      return tokenAnswer();
    }
    return new Response('not found', { status: 404 });
  });

  /** An ID token signed with this provider's key (or `signWith`), valid for five minutes from now unless the claims say otherwise. */
  async function idToken(claims: JWTPayload, signWith: CryptoKey = privateKey): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ iat: now, exp: now + 300, ...claims }).setProtectedHeader({ alg: 'RS256', kid: 'key-1' }).sign(signWith);
  }

  return {
    issuer,
    document,
    fetch,
    tokenRequests,
    idToken,
    /** The token endpoint answers this ID token from now on. */
    answerIdToken(token: string) {
      tokenAnswer = () => json({ access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: token });
    },
    answerTokenError(status: number, body: unknown) {
      tokenAnswer = () => json(body, status);
    },
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
