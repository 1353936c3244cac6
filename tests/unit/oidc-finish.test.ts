import { generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { oidcProviders, type OidcProvider } from '@functions/lib/auth/oidc/config';
import { OidcSignInError, type OidcRefusal } from '@functions/lib/auth/oidc/errors';
import { finishSignIn } from '@functions/lib/auth/oidc/finish';
import { startSignIn } from '@functions/lib/auth/oidc/start';
import { fakeIssuer } from '../support/oidc-fake-issuer';

/*
 * The ID token checks of a sign-in with Google, Microsoft or the local provider, against a
 * stand-in provider behind a stubbed fetch, with a key pair made here.
 */

afterEach(() => vi.unstubAllGlobals());

const REDIRECT = 'https://sams.example/auth/oidc/callback';
const TENANT = '5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6';
const OTHER_TENANT = '0a0a0a0a-1b1b-4c2c-8d3d-e4e4e4e4e4e4';

function configure(issuer: string, provider: Record<string, unknown>): OidcProvider {
  const [configured] = oidcProviders(JSON.stringify([{ issuer, clientId: 'sams-client', clientSecret: 's3cret', ...provider }]));
  return configured!;
}

/** A Google provider for demo.college, a sign-in started with it, and its stand-in. */
async function google(extra: Record<string, unknown> = {}) {
  const idp = await fakeIssuer();
  vi.stubGlobal('fetch', idp.fetch);
  const provider = configure(idp.issuer, { id: 'google', allowedDomain: 'demo.college', ...extra });
  const { url, remember } = await startSignIn(provider, REDIRECT);
  const claims = (more: JWTPayload = {}): JWTPayload => ({
    iss: idp.issuer,
    aud: 'sams-client',
    sub: '1077',
    nonce: remember.nonce,
    email: 'Asha.Rao@Demo.College',
    email_verified: true,
    hd: 'demo.college',
    name: 'Asha Rao',
    ...more,
  });
  const finish = async (tokenClaims: JWTPayload, callback = { code: 'code-1', state: remember.state }, remembered = remember) => {
    idp.answerIdToken(await idp.idToken(tokenClaims));
    return finishSignIn(provider, callback, remembered);
  };
  return { idp, provider, url: new URL(url), remember, claims, finish };
}

async function refusal(signIn: Promise<unknown>): Promise<OidcRefusal> {
  const error = await signIn.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(OidcSignInError);
  expect((error as Error).message).toMatch(/\.$/);
  return (error as OidcSignInError).reason;
}

describe('finishing a sign-in with Google', () => {
  it("answers the account's email, lower-cased, and name, having redeemed the code with the PKCE verifier", async () => {
    const { idp, finish, claims, remember } = await google();
    expect(await finish(claims())).toEqual({ email: 'asha.rao@demo.college', name: 'Asha Rao', subject: '1077' });
    const [request] = idp.tokenRequests;
    expect(Object.fromEntries(request!.form)).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: REDIRECT,
      code_verifier: remember.codeVerifier,
      client_id: 'sams-client',
      client_secret: 's3cret',
    });
    expect(request!.authorization).toBeNull();
  });

  it('shows the secret in a Basic header instead when the provider is set to client_secret_basic', async () => {
    const { idp, finish, claims } = await google({ tokenEndpointAuth: 'client_secret_basic', clientSecret: 'a:b&c' });
    await finish(claims());
    const [request] = idp.tokenRequests;
    expect(request!.form.has('client_secret')).toBe(false);
    expect(request!.authorization).toBe(`Basic ${Buffer.from('sams-client:a%3Ab%26c').toString('base64')}`);
  });

  it.each<[string, JWTPayload, OidcRefusal]>([
    ['another Workspace domain', { hd: 'other.college' }, 'wrong-domain'],
    ['a personal account (no hd)', { hd: undefined }, 'wrong-domain'],
    ['another issuer', { iss: 'https://accounts.evil.test' }, 'wrong-issuer'],
    ['another audience', { aud: 'someone-else' }, 'wrong-audience'],
    ['several audiences without us as azp', { aud: ['sams-client', 'someone-else'], azp: 'someone-else' }, 'wrong-audience'],
    ['another nonce', { nonce: 'a-nonce-from-another-sign-in' }, 'wrong-nonce'],
    ['no nonce', { nonce: undefined }, 'invalid-token'],
    ['an expired token', { iat: Math.floor(Date.now() / 1000) - 900, exp: Math.floor(Date.now() / 1000) - 300 }, 'expired'],
    ['a token issued an hour ago', { iat: Math.floor(Date.now() / 1000) - 3600, exp: Math.floor(Date.now() / 1000) + 300 }, 'expired'],
    ['an unverified email', { email_verified: false }, 'unverified-email'],
    ["an email_verified that is only the string 'true'", { email_verified: 'true' }, 'unverified-email'],
    ['no email', { email: undefined }, 'no-email'],
  ])('refuses a token with %s', async (_case, change, reason) => {
    const { finish, claims } = await google();
    expect(await refusal(finish(claims(change)))).toBe(reason);
  });

  it('accepts a token whose clock is a little ahead of ours', async () => {
    const { finish, claims } = await google();
    const now = Math.floor(Date.now() / 1000);
    expect((await finish(claims({ iat: now + 30, exp: now + 330 }))).email).toBe('asha.rao@demo.college');
  });

  it('refuses a token signed with another key under the provider’s key id, or with no signature', async () => {
    const { idp, provider, remember, claims } = await google();
    const { privateKey: strangerKey } = await generateKeyPair('RS256');
    idp.answerIdToken(await idp.idToken(claims(), strangerKey));
    expect(await refusal(finishSignIn(provider, { code: 'c', state: remember.state }, remember))).toBe('invalid-token');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims())).toString('base64url')}.`;
    idp.answerIdToken(unsigned);
    expect(await refusal(finishSignIn(provider, { code: 'c', state: remember.state }, remember))).toBe('invalid-token');
    idp.answerIdToken(await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('s3cret')));
    expect(await refusal(finishSignIn(provider, { code: 'c', state: remember.state }, remember))).toBe('invalid-token');
  });

  it('refuses a callback with another state, or from another issuer, without redeeming its code', async () => {
    const { idp, finish, claims, remember } = await google();
    expect(await refusal(finish(claims(), { code: 'c', state: 'guessed' }))).toBe('state-mismatch');
    expect(await refusal(finish(claims(), { code: 'c', state: undefined! }))).toBe('state-mismatch');
    const startedWithMicrosoft = { ...remember, providerId: 'microsoft' as const };
    expect(await refusal(finish(claims(), { code: 'c', state: remember.state }, startedWithMicrosoft))).toBe('state-mismatch');
    const fromElsewhere = { code: 'c', state: remember.state, iss: 'https://accounts.evil.test' };
    expect(await refusal(finish(claims(), fromElsewhere))).toBe('wrong-issuer');
    expect(idp.tokenRequests).toHaveLength(0);
  });

  it('tells a cancelled sign-in, a used code and a failing provider apart', async () => {
    const { idp, provider, remember } = await google();
    expect(await refusal(finishSignIn(provider, { error: 'access_denied', state: remember.state }, remember))).toBe('cancelled');
    idp.answerTokenError(400, { error: 'invalid_grant', error_description: 'code already used' });
    expect(await refusal(finishSignIn(provider, { code: 'c', state: remember.state }, remember))).toBe('code-refused');
    idp.answerTokenError(500, { error: 'server_error' });
    expect(await refusal(finishSignIn(provider, { code: 'c', state: remember.state }, remember))).toBe('provider-unavailable');
    idp.answerTokenError(200, { access_token: 'no id token here' });
    expect(await refusal(finishSignIn(provider, { code: 'c', state: remember.state }, remember))).toBe('provider-unavailable');
  });
});

describe('finishing a sign-in with Microsoft Entra ID (multi-tenant discovery)', () => {
  /** Entra's /organizations/ document names its issuer with a {tenantid} placeholder. */
  async function microsoft(extra: Record<string, unknown> = {}) {
    const idp = await fakeIssuer({ path: '/organizations/v2.0' });
    const origin = new URL(idp.issuer).origin;
    idp.document.issuer = `${origin}/{tenantid}/v2.0`;
    vi.stubGlobal('fetch', idp.fetch);
    const provider = configure(idp.issuer, { id: 'microsoft', allowedTenant: TENANT.toUpperCase(), ...extra });
    const { remember } = await startSignIn(provider, REDIRECT);
    const tenantIssuer = (tenant: string) => `${origin}/${tenant}/v2.0`;
    const claims = (more: JWTPayload = {}): JWTPayload => ({
      iss: tenantIssuer(TENANT),
      tid: TENANT,
      aud: 'sams-client',
      sub: 'entra-sub',
      nonce: remember.nonce,
      preferred_username: 'Ravi.K@Demo.College',
      name: 'Ravi K',
      ...more,
    });
    const finish = async (tokenClaims: JWTPayload) => {
      idp.answerIdToken(await idp.idToken(tokenClaims));
      return finishSignIn(provider, { code: 'code-1', state: remember.state }, remember);
    };
    return { finish, claims, tenantIssuer };
  }

  it("takes the college tenant's token, its address from email or else preferred_username", async () => {
    const { finish, claims } = await microsoft();
    expect(await finish(claims())).toEqual({ email: 'ravi.k@demo.college', name: 'Ravi K', subject: 'entra-sub' });
    expect((await finish(claims({ email: 'Ravi.Kumar@demo.college' }))).email).toBe('ravi.kumar@demo.college');
  });

  it('refuses a token from another tenant, even one claiming ours in tid or in iss', async () => {
    const { finish, claims, tenantIssuer } = await microsoft();
    expect(await refusal(finish(claims({ iss: tenantIssuer(OTHER_TENANT), tid: OTHER_TENANT })))).toBe('wrong-issuer');
    expect(await refusal(finish(claims({ iss: tenantIssuer(OTHER_TENANT) })))).toBe('wrong-issuer');
    expect(await refusal(finish(claims({ tid: OTHER_TENANT })))).toBe('wrong-tenant');
    expect(await refusal(finish(claims({ tid: undefined })))).toBe('wrong-tenant');
  });

  it('refuses an account with no address, and a guest with an outside address when a domain is set', async () => {
    const { finish, claims } = await microsoft({ allowedDomain: 'demo.college' });
    expect(await refusal(finish(claims({ preferred_username: undefined })))).toBe('no-email');
    expect(await refusal(finish(claims({ preferred_username: 'someone@gmail.com' })))).toBe('wrong-domain');
    expect((await finish(claims())).email).toBe('ravi.k@demo.college');
  });
});
