import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalOidcProvider, type LocalOidcProvider } from '@infra/local/oidc-provider';
import { OIDC_MESSAGES } from '@shared/schemas/oidc';
import { useCollege } from '@tests/support/college';
import { signedInStudent } from '@tests/support/family';
import { signInAtLocalProvider } from '@tests/support/oidc-browser';
import { browser } from '@tests/support/sign-in-links';
import { useTestStack } from '@tests/support/stack';

/**
 * Sign-in with the college's account through the routes (docs/product.md §4), against the local OpenID
 * provider `npm start` runs: the start remembers the sign-in in this browser, the finish signs in the account
 * whose email the provider verified, a student's while their record names them. The token checks themselves
 * (another tenant or domain, issuer, audience, nonce, expiry) are tests/unit/oidc-finish.test.ts's.
 */
const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'OID', perBatch: 2 });
let provider: LocalOidcProvider;
const SITE = 'http://sams.test';

beforeAll(async () => {
  process.env.SITE_URL = SITE;
  provider = await startLocalOidcProvider({
    redirectUri: `${SITE}/oidc/callback`,
    accounts: [
      { email: t.faculty.email, name: 'Faculty' },
      { email: 'oid001@college.test', name: 'Student OID001' },
      { email: 'stranger@college.test', name: 'Stranger' },
    ],
  });
  process.env.OIDC_PROVIDERS = JSON.stringify([
    { id: 'local', issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
  ]);
});
afterAll(async () => {
  delete process.env.OIDC_PROVIDERS;
  await provider?.stop();
});

/** Starts a sign-in in `b`, signs in at the provider as `email`, and answers the query SAMS's callback page gets. */
async function atProvider(b: ReturnType<typeof browser>, email: string) {
  const started = await b.api('POST /auth/oidc/{provider}/start', { params: { provider: 'local' } });
  expect(started.status).toBe(200);
  const back = await signInAtLocalProvider(started.body.data.url, email, `${SITE}/oidc/callback`);
  return Object.fromEntries(back.searchParams) as { code?: string; state?: string; iss?: string };
}

describe('sign-in with the college account', () => {
  it('is offered when configured', async () => {
    expect((await t.stack.api('GET /auth/oidc', {})).body.data).toEqual([{ id: 'local', name: 'the local sign-in service' }]);
  });

  it('signs in the staff user whose email the provider verified, once', async () => {
    const b = browser(t.stack);
    const query = await atProvider(b, t.faculty.email);
    const finished = await b.api('POST /auth/oidc/finish', { body: query });
    expect(finished.status).toBe(200);
    expect(finished.body.data).toMatchObject({ _id: t.faculty.user._id, role: 'faculty' });
    expect((await b.api('GET /auth/currentstatus', {})).status).toBe(200);
    // The sign-in's memory went with it: the same return again is refused.
    const again = await b.api('POST /auth/oidc/finish', { body: query });
    expect(again.status).toBe(400);
  });

  it('signs a student in while their record names them, and refuses an address SAMS does not know', async () => {
    await signedInStudent(college.divisions[0]!.batches[0]!.students[0]!);
    const b = browser(t.stack);
    const finished = await b.api('POST /auth/oidc/finish', { body: await atProvider(b, 'oid001@college.test') });
    expect(finished.body.data).toMatchObject({ role: 'student', email: 'oid001@college.test' });

    const stranger = browser(t.stack);
    const refused = await stranger.api('POST /auth/oidc/finish', { body: await atProvider(stranger, 'stranger@college.test') });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(OIDC_MESSAGES.noAccount('stranger@college.test'));
    expect((await stranger.api('GET /auth/currentstatus', {})).status).toBe(401);
  });

  it('finishes only in the browser that started it', async () => {
    const query = await atProvider(browser(t.stack), t.faculty.email);
    const other = browser(t.stack);
    const refused = await other.api('POST /auth/oidc/finish', { body: query });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(OIDC_MESSAGES.startAgain);
    expect((await other.api('GET /auth/currentstatus', {})).status).toBe(401);
  });

  it('is not offered for a provider this deployment does not have', async () => {
    const started = await browser(t.stack).api('POST /auth/oidc/{provider}/start', { params: { provider: 'google' } });
    expect(started.status).toBe(404);
    expect(started.body.message).toBe(OIDC_MESSAGES.notConfigured);
  });
});
