import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcProviders, type OidcProvider } from '@functions/lib/auth/oidc/config';
import { OidcSignInError } from '@functions/lib/auth/oidc/errors';
import { finishSignIn } from '@functions/lib/auth/oidc/finish';
import { startSignIn } from '@functions/lib/auth/oidc/start';
import { startLocalOidcProvider, type LocalOidcProvider } from '@infra/local/oidc-provider';
import { signInAtLocalProvider } from '../support/oidc-browser';

/*
 * The whole authorization-code flow against the local OpenID provider of `npm start`: a sign-in
 * started by start.ts, the provider's login form filled in as a browser would, and finish.ts
 * redeeming the code and verifying the ID token the provider signed.
 */

const REDIRECT = 'http://127.0.0.1:3000/auth/oidc/local/callback';
let local: LocalOidcProvider;

beforeAll(async () => {
  local = await startLocalOidcProvider({
    redirectUri: REDIRECT,
    accounts: [{ email: 'Student.One@Demo.College', name: 'Student One' }],
    hostedDomain: 'demo.college',
  });
});
afterAll(() => local?.stop());

function provider(settings: Record<string, unknown> = {}): OidcProvider {
  const { issuer, clientId, clientSecret } = local;
  return oidcProviders(JSON.stringify([{ id: 'local', issuer, clientId, clientSecret, allowedDomain: 'demo.college', ...settings }]))[0]!;
}

async function callbackFor(configured: OidcProvider, login: string) {
  const { url, remember } = await startSignIn(configured, REDIRECT);
  const callback = await signInAtLocalProvider(url, login, REDIRECT);
  const query = Object.fromEntries(callback.searchParams) as Record<string, string>;
  return { query, remember };
}

describe('the local OpenID provider', () => {
  it('listens on loopback on a port of its own', () => {
    expect(local.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(local.clientId).toBe('sams-local');
  });

  it("signs a demo account in: start, the provider's login form, then a verified, lower-cased email", async () => {
    const configured = provider();
    const { query, remember } = await callbackFor(configured, 'Student.One@Demo.College ');
    expect(query).toMatchObject({ state: remember.state, iss: local.issuer });
    expect(await finishSignIn(configured, query, remember)).toEqual({
      email: 'student.one@demo.college',
      name: 'Student One',
      subject: 'student.one@demo.college',
    });
  });

  it('redeems a code once only', async () => {
    const configured = provider();
    const { query, remember } = await callbackFor(configured, 'student.one@demo.college');
    await finishSignIn(configured, query, remember);
    await expect(finishSignIn(configured, query, remember)).rejects.toMatchObject({ reason: 'code-refused' });
  });

  it('redeems no code without its PKCE verifier', async () => {
    const configured = provider();
    const { query, remember } = await callbackFor(configured, 'student.one@demo.college');
    const stolen = { ...remember, codeVerifier: 'x'.repeat(43) };
    await expect(finishSignIn(configured, query, stolen)).rejects.toMatchObject({ reason: 'code-refused' });
  });

  it('refuses to start a sign-in without PKCE', async () => {
    const { url } = await startSignIn(provider(), REDIRECT);
    const withoutPkce = new URL(url);
    withoutPkce.searchParams.delete('code_challenge');
    withoutPkce.searchParams.delete('code_challenge_method');
    const answer = await fetch(withoutPkce, { redirect: 'manual' });
    const back = new URL(answer.headers.get('location')!);
    expect(back.href.startsWith(REDIRECT)).toBe(true);
    expect(back.searchParams.get('error')).toBe('invalid_request');
  });

  it("refuses its tokens when the deployment allows another domain: the token's hd decides", async () => {
    const configured = provider({ allowedDomain: 'other.college' });
    const { query, remember } = await callbackFor(configured, 'student.one@demo.college');
    const refused = await finishSignIn(configured, query, remember).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OidcSignInError);
    expect(refused).toMatchObject({ reason: 'wrong-domain' });
  });

  it('refuses a code redeemed as another client, or a callback whose state differs', async () => {
    const { query, remember } = await callbackFor(provider(), 'student.one@demo.college');
    await expect(finishSignIn(provider({ clientSecret: 'not-the-secret' }), query, remember)).rejects.toMatchObject({
      reason: 'provider-unavailable',
    });
    await expect(finishSignIn(provider(), { ...query, state: 'another' }, remember)).rejects.toMatchObject({ reason: 'state-mismatch' });
  });

  it('knows no account but the ones it was given, and says so on its login page', async () => {
    const { url } = await startSignIn(provider(), REDIRECT);
    const pages: string[] = [];
    await expect(signInAtLocalProvider(url, 'Stranger@demo.college', REDIRECT, pages)).rejects.toThrow(/login form again/);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('<li>student.one@demo.college</li>');
    expect(pages[1]).toContain('No account has the email stranger@demo.college.');
  });

  it('serves pages that load nothing from elsewhere (no network here)', async () => {
    const { url } = await startSignIn(provider(), REDIRECT);
    const pages: string[] = [];
    await signInAtLocalProvider(url, 'student.one@demo.college', REDIRECT, pages);
    const errorPage = await (await fetch(`${local.issuer}/auth?client_id=nobody`)).text();
    expect(errorPage).toContain('<p>client is invalid</p>');
    for (const page of [...pages, errorPage]) expect(page).not.toMatch(/(src|href|url)\s*[=(]\s*["']?(https?:)?\/\//i);
  });
});
