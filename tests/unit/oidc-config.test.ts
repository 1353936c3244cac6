import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { oidcProvider, oidcProviders } from '@functions/lib/auth/oidc/config';
import { discover } from '@functions/lib/auth/oidc/discovery';
import { OidcSignInError } from '@functions/lib/auth/oidc/errors';
import { startSignIn } from '@functions/lib/auth/oidc/start';
import { fakeIssuer } from '../support/oidc-fake-issuer';

/* The providers' setting, their discovery, and the authorization URL a sign-in starts with. */

afterEach(() => vi.unstubAllGlobals());

const TENANT = '5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6';
const google = { id: 'google', issuer: 'https://accounts.google.com', clientId: 'id', clientSecret: 's', allowedDomain: 'Demo.College' };
const microsoft = {
  id: 'microsoft',
  issuer: `https://login.microsoftonline.com/${TENANT}/v2.0`,
  clientId: 'id',
  clientSecretArn: 'arn:aws:secretsmanager:ap-south-1:123456789012:secret:sams-entra-AbCdEf',
  allowedTenant: TENANT,
};
const setting = (...providers: object[]) => JSON.stringify(providers);

describe('OIDC_PROVIDERS', () => {
  it('is off when unset or empty', () => {
    expect(oidcProviders('')).toEqual([]);
    expect(oidcProviders('  ')).toEqual([]);
    expect(oidcProvider('google', '')).toBeUndefined();
  });

  it('reads Google and Microsoft providers, the domain lower-cased and client_secret_post by default', () => {
    const providers = oidcProviders(setting(google, microsoft));
    expect(providers.map((provider) => provider.id)).toEqual(['google', 'microsoft']);
    expect(oidcProvider('google', setting(google, microsoft))).toMatchObject({
      allowedDomain: 'demo.college',
      tokenEndpointAuth: 'client_secret_post',
    });
  });

  it.each([
    ['not JSON', '[{', /not valid JSON/],
    ['Google with no domain', setting({ ...google, allowedDomain: undefined }), /google: give allowedDomain/],
    ['Microsoft with no tenant', setting({ ...microsoft, allowedTenant: undefined }), /microsoft: give allowedTenant/],
    ['a tenant that is not a GUID', setting({ ...microsoft, allowedTenant: 'contoso' }), /tenant ID/],
    ['both a secret and its ARN', setting({ ...google, clientSecretArn: microsoft.clientSecretArn }), /exactly one of clientSecret/],
    ['neither a secret nor its ARN', setting({ ...google, clientSecret: undefined }), /exactly one of clientSecret/],
    ['a plain-http issuer for Google', setting({ ...google, issuer: 'http://accounts.google.com' }), /https/],
    ['a plain-http local provider off loopback', setting({ ...google, id: 'local', issuer: 'http://10.0.0.5:4000' }), /https/],
    ['a provider twice', setting(google, google), /once/],
    ['an unknown provider', setting({ ...google, id: 'okta' }), /id/],
    ['an unknown field', setting({ ...google, allowedDomains: ['x.edu'] }), /allowedDomains/],
  ])('refuses %s, saying what is wrong', (_case, value, message) => {
    expect(() => oidcProviders(value)).toThrow(message);
  });

  it('takes a plain-http local provider on loopback', () => {
    const local = { id: 'local', issuer: 'http://127.0.0.1:4010/', clientId: 'sams-local', clientSecret: 's' };
    expect(oidcProviders(setting(local))[0]!.issuer).toBe('http://127.0.0.1:4010');
  });
});

describe('starting a sign-in', () => {
  it('sends the browser to the authorization endpoint with a code request, PKCE S256, a state and a nonce', async () => {
    const idp = await fakeIssuer();
    vi.stubGlobal('fetch', idp.fetch);
    const provider = oidcProviders(setting({ ...google, issuer: idp.issuer }))[0]!;
    const first = await startSignIn(provider, 'https://sams.example/callback');
    const second = await startSignIn(provider, 'https://sams.example/callback');
    const url = new URL(first.url);
    expect(`${url.origin}${url.pathname}`).toBe(idp.document.authorization_endpoint);
    const { remember } = first;
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'id',
      redirect_uri: 'https://sams.example/callback',
      scope: 'openid email profile',
      state: remember.state,
      nonce: remember.nonce,
      code_challenge: createHash('sha256').update(remember.codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
      hd: 'demo.college',
      prompt: 'select_account',
    });
    expect(remember.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(new Set([remember.state, remember.nonce, remember.codeVerifier, second.remember.state, second.remember.nonce]).size).toBe(5);
    expect(remember).toMatchObject({ providerId: 'google', redirectUri: 'https://sams.example/callback' });
    // The document was asked for once: the second sign-in used the kept one.
    expect(idp.fetch).toHaveBeenCalledTimes(1);
  });
});

describe('discovery', () => {
  it('refuses a document naming another issuer, or plain-http endpoints for an https issuer, and asks again after a failure', async () => {
    const idp = await fakeIssuer({ documentIssuer: 'https://accounts.evil.test' });
    vi.stubGlobal('fetch', idp.fetch);
    const provider = oidcProviders(setting({ ...google, issuer: idp.issuer }))[0]!;
    await expect(discover(provider)).rejects.toMatchObject({ reason: 'provider-unavailable' });
    idp.document.issuer = idp.issuer;
    idp.document.token_endpoint = idp.document.token_endpoint.replace('https:', 'http:');
    await expect(discover(provider)).rejects.toBeInstanceOf(OidcSignInError);
    idp.document.token_endpoint = idp.document.token_endpoint.replace('http:', 'https:');
    expect(await discover(provider)).toEqual({
      issuer: idp.issuer,
      authorizationEndpoint: idp.document.authorization_endpoint,
      tokenEndpoint: idp.document.token_endpoint,
      jwksUri: idp.document.jwks_uri,
    });
  });

  it("makes Entra's {tenantid} issuer template the allowed tenant's issuer", async () => {
    const idp = await fakeIssuer({ path: '/organizations/v2.0' });
    idp.document.issuer = `${new URL(idp.issuer).origin}/{tenantid}/v2.0`;
    vi.stubGlobal('fetch', idp.fetch);
    const provider = oidcProviders(setting({ ...microsoft, issuer: idp.issuer }))[0]!;
    expect((await discover(provider)).issuer).toBe(`${new URL(idp.issuer).origin}/${TENANT}/v2.0`);
    const asGoogle = oidcProviders(setting({ ...google, issuer: idp.issuer }))[0]!;
    await expect(discover(asGoogle)).rejects.toMatchObject({ reason: 'provider-unavailable' });
  });

  it('answers a plain message when the provider cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('fetch failed')));
    const provider = oidcProviders(setting({ ...google, issuer: 'https://unreachable.test' }))[0]!;
    await expect(discover(provider)).rejects.toThrow('Sign-in with Google is not available right now. Try again in a few minutes.');
  });
});
