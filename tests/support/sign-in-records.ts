import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, expect } from 'vitest';
import { db, tableName } from '@functions/lib/db';
import { userProfile } from '@functions/lib/entities/user';
import { startLocalOidcProvider, type LocalOidcProvider } from '@infra/local/oidc-provider';
import type { CaughtMail } from '@infra/local/mail-catcher';
import { SITE } from './alerts';
import { signInAtLocalProvider } from './oidc-browser';
import { browser, signInLinkIn } from './sign-in-links';
import type { CallResult, TestStack } from './stack';

/**
 * Sign-ins of every kind driven through the routes, for the tests of what an account records of them
 * (tests/functions/sign-in-records*.test.ts): with a password, by an emailed link (caught by the file's mail
 * catcher), and with the college's account at the local OpenID provider (`local`).
 */
/** A sign-in made ready up to its last request, which `finish` sends. */
export interface SignInAttempt {
  finish: () => Promise<CallResult>;
}

/** The local OpenID provider for this file, knowing `emails`, configured as the college's provider 'local'. */
export function useLocalCollegeAccounts(emails: () => string[]) {
  let provider: LocalOidcProvider | undefined;
  beforeAll(async () => {
    provider = await startLocalOidcProvider({
      redirectUri: `${SITE}/oidc/callback`,
      accounts: emails().map((email) => ({ email, name: email })),
    });
    process.env.OIDC_PROVIDERS = JSON.stringify([
      { id: 'local', issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
    ]);
  });
  afterAll(async () => {
    delete process.env.OIDC_PROVIDERS;
    await provider?.stop();
  });
}

/** A password sign-in in a browser of its own. */
export const signInWithPassword = (stack: TestStack, email: string, password: string): Promise<CallResult> =>
  browser(stack).api('POST /auth/login', { body: { email, password } });

/** Starts a sign-in with the college's account in a browser of its own, up to the provider's return (not yet finished). */
export async function collegeSignInStarted(stack: TestStack, email: string): Promise<SignInAttempt> {
  const b = browser(stack);
  const started = await b.api('POST /auth/oidc/{provider}/start', { params: { provider: 'local' } });
  expect(started.status).toBe(200);
  const back = await signInAtLocalProvider(started.body.data.url, email, `${SITE}/oidc/callback`);
  const query = Object.fromEntries(back.searchParams) as { code?: string; state?: string; iss?: string };
  return { finish: () => b.api('POST /auth/oidc/finish', { body: query }) };
}

/** A sign-in link asked for in a browser of its own, read from the mail; `finish` signs in with it. */
export async function linkSignInAsked(stack: TestStack, email: string, mails: () => Promise<CaughtMail[]>): Promise<SignInAttempt> {
  const b = browser(stack);
  const asked = await b.askLink(email);
  expect(asked.status).toBe(200);
  const request = asked.body.data.request;
  for (let tries = 0; tries < 100; tries++) {
    const mail = (await mails()).find((caught) => caught.text.includes(request));
    if (mail) {
      const link = signInLinkIn(mail);
      return { finish: () => b.api('POST /auth/link/token', { body: { request, token: link.token } }) };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail for request ${request}`);
}

/** The account's profile as stored. */
export const storedProfile = async (id: string) =>
  (await db.send(new GetCommand({ TableName: tableName(), Key: userProfile(id), ConsistentRead: true }))).Item;

/** Whether the ISO time `at` lies between two instants (epoch ms), inclusive. */
export const between = (at: string, from: number, to: number) => Date.parse(at) >= from && Date.parse(at) <= to;
