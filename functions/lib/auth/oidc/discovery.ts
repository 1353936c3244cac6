import { createRemoteJWKSet } from 'jose';
import * as z from 'zod/mini';
import { providerName, type OidcProvider } from './config';
import { OidcSignInError } from './errors';

/** What SAMS uses of a provider's discovery document; `issuer` is the exact `iss` its ID tokens must carry. */
export interface DiscoveredProvider {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
}

/** Providers change their endpoints rarely and announce it; an hour keeps a warm function from asking on every sign-in. */
const KEEP_MS = 60 * 60 * 1000;
const TIMEOUT_MS = 5000;
/** Entra's multi-tenant discovery names its issuer with this placeholder for the signing-in account's tenant. */
const TENANT_PLACEHOLDER = '{tenantid}';

const metadataSchema = z.object({
  issuer: z.string().check(z.minLength(1)),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});

const discovered = new Map<string, { until: number; value: Promise<DiscoveredProvider> }>();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/**
 * The provider's endpoints and issuer, from `${issuer}/.well-known/openid-configuration`, kept for
 * an hour; a failed look-up is not kept, so the next sign-in asks again.
 */
export function discover(provider: OidcProvider): Promise<DiscoveredProvider> {
  const key = `${provider.issuer} ${provider.allowedTenant ?? ''}`;
  const kept = discovered.get(key);
  if (kept && kept.until > Date.now()) return kept.value;
  const value = fetchMetadata(provider);
  discovered.set(key, { until: Date.now() + KEEP_MS, value });
  value.catch(() => {
    if (discovered.get(key)?.value === value) discovered.delete(key);
  });
  return value;
}

/** The provider's signing keys (jose fetches them on first use and again when a token names an unknown key). */
export function providerKeys(jwksUri: string): ReturnType<typeof createRemoteJWKSet> {
  let keySet = keySets.get(jwksUri);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: TIMEOUT_MS });
    keySets.set(jwksUri, keySet);
  }
  return keySet;
}

export const unavailable = (provider: OidcProvider, cause?: unknown) =>
  new OidcSignInError(
    'provider-unavailable',
    `Sign-in with ${providerName(provider.id)} is not available right now. Try again in a few minutes.`,
    {
      cause,
    },
  );

async function fetchMetadata(provider: OidcProvider): Promise<DiscoveredProvider> {
  let json: unknown;
  try {
    const response = await fetch(`${provider.issuer}/.well-known/openid-configuration`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    json = await response.json();
  } catch (error) {
    throw unavailable(provider, error);
  }
  const metadata = metadataSchema.safeParse(json);
  if (!metadata.success) throw unavailable(provider, new Error(`discovery document not usable: ${metadata.error.message}`));
  const { issuer, authorization_endpoint, token_endpoint, jwks_uri } = metadata.data;
  const endpoints = [authorization_endpoint, token_endpoint, jwks_uri];
  // An https provider's tokens and keys must not travel over plain http, whatever its document says.
  if (provider.issuer.startsWith('https:') && endpoints.some((endpoint) => !endpoint.startsWith('https:'))) {
    throw unavailable(provider, new Error('discovery named a plain-http endpoint'));
  }
  return {
    issuer: expectedIssuer(provider, issuer),
    authorizationEndpoint: authorization_endpoint,
    tokenEndpoint: token_endpoint,
    jwksUri: jwks_uri,
  };
}

/**
 * The `iss` ID tokens must carry. The document's issuer must be the configured one (OpenID
 * Discovery §4.3), except Entra's multi-tenant template, which becomes the allowed tenant's issuer.
 */
function expectedIssuer(provider: OidcProvider, documentIssuer: string): string {
  if (documentIssuer.includes(TENANT_PLACEHOLDER)) {
    if (provider.id !== 'microsoft' || !provider.allowedTenant) {
      throw unavailable(provider, new Error('discovery gave a tenant template but no tenant is configured'));
    }
    return documentIssuer.replace(TENANT_PLACEHOLDER, provider.allowedTenant);
  }
  if (documentIssuer.replace(/\/+$/, '') !== provider.issuer) {
    throw unavailable(provider, new Error(`discovery names issuer ${documentIssuer}, not the configured ${provider.issuer}`));
  }
  return documentIssuer;
}
