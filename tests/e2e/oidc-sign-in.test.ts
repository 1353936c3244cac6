import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_FAMILY } from '@functions/lib/demo-accounts';
import { startLocalOidcProvider, type LocalOidcProvider } from '@infra/local/oidc-provider';
import { PHONE, screenshot } from './support/browser';
import { useE2e } from './support/use-e2e';

/*
 * The demo student signs in with the college account in Chromium at 360 × 740: the login page's button sends
 * the browser to the local OpenID provider (`npm start` runs it in place of Google or Microsoft), whose login
 * form sends it back to SAMS, signed in, to their own attendance. No page scrolls sideways.
 */
// A signed-out page's status check answers 401, the local provider's favicon 404: Chromium logs each as a failed load.
const t = useE2e({ expectedErrors: /status of 40[14]/ });
let provider: LocalOidcProvider;

beforeAll(async () => {
  provider = await startLocalOidcProvider({
    redirectUri: `${t.e2e.stack.url}/oidc/callback`,
    accounts: [{ email: DEMO_FAMILY.student.email, name: 'Demo Student' }],
  });
  process.env.OIDC_PROVIDERS = JSON.stringify([
    { id: 'local', issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
  ]);
});
afterAll(async () => {
  delete process.env.OIDC_PROVIDERS;
  await provider?.stop();
});

const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

describe('e2e: a student signs in with the college account on a phone', () => {
  it('goes to the provider and back, signed in, to their attendance', async () => {
    const page = t.watch(await t.e2e.newPage({ viewport: PHONE }));
    await page.goto('/login');
    const button = page.getByRole('button', { name: 'Sign in with the local sign-in service' });
    await button.waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await button.click();
    await page.waitForURL((url) => url.href.startsWith(provider.issuer));
    await page.getByLabel('Email').fill(DEMO_FAMILY.student.email);
    await page.getByLabel('Password').fill('any password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'My attendance' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('main').getByText(DEMO_FAMILY.student.enrollment).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'student-oidc-home-360');
  }, 120_000);

  it('ran SAMS under the strict CSP without a console error', () => {
    expect(t.consoleErrors).toEqual([]);
  });
});
