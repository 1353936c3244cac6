import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SET_PASSWORD_MESSAGES } from '@shared/schemas/auth';
import type { OutgoingEmail } from '@functions/lib/alerts/mailer';
import { emailSetPasswordLink, unusablePasswordHash } from '@functions/lib/auth/set-password-link';
import { createUser } from '@functions/lib/repositories/users';
import { PHONE, screenshot } from './support/browser';
import { Screen } from './support/screen';
import { useE2e } from './support/use-e2e';

/*
 * Set your password in Chromium at 360 × 740 against the real local stack: a new faculty member
 * opens the link of their welcome email, chooses a password (the form's own check first), signs in
 * with it, and the used link then says it no longer works. No page scrolls sideways.
 */
// A new page's status check answers 401 and the used link's POST 400: Chromium logs each as a failed resource load.
const t = useE2e({ expectedErrors: /status of 40[01]/ });

const USER = { username: 'Nandini Rao', email: 'nandini.rao@sams.local', role: 'faculty' as const };
const CHOSEN = 'Harbour-lantern-58';

/** The link of a welcome email as SAMS sends it, to a user made for this file (emailed to a catcher in memory). */
async function welcomeLink(): Promise<string> {
  const passwordHash = await unusablePasswordHash();
  const user = await createUser({ ...USER, passwordHash });
  const sent: OutgoingEmail[] = [];
  const mailer = { send: async (email: OutgoingEmail) => void sent.push(email) };
  await emailSetPasswordLink(user, 'welcome', passwordHash, { mailer, site: t.e2e.stack.url });
  const url = /(https?:\/\/\S+\/set-password#token=[\w-]{43})/.exec(sent[0]!.text)?.[1];
  if (!url) throw new Error(`no set-password link in: ${sent[0]?.text}`);
  return url;
}

/** The page's own width against the phone's: nothing drawn wider than the screen. */
const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

describe('e2e: Set your password on a phone', () => {
  it('sets the password from the emailed link, signs in with it, and the used link says so, all within 360 px', async () => {
    const url = await welcomeLink();
    const page = t.watch(await t.e2e.newPage({ viewport: PHONE }));
    const screen = Screen.of(page);
    await page.goto(url);
    await page.getByRole('heading', { level: 1, name: 'Set your password' }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'set-password-360');

    // The form's own check: the two passwords differ, nothing is sent.
    await screen.field('New password').fill(CHOSEN);
    await screen.field('New password again').fill(`${CHOSEN}!`);
    await screen.button('Set password').click();
    await screen.main().getByText('The two passwords are not the same').waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    await screen.field('New password again').fill(CHOSEN);
    await screen.button('Set password').click();
    await screen.main().getByText('Your password is set. Sign in with it.').waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'set-password-done-360');

    await screen.main().getByRole('link', { name: 'Go to Login' }).click();
    await page.getByLabel('Email').fill(USER.email);
    await page.getByLabel('Password').fill(CHOSEN);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Mark Attendance' }).waitFor();

    // The link works once: opened again, it says so, with the way to Login.
    const again = t.watch(await t.e2e.newPage({ viewport: PHONE }));
    const second = Screen.of(again);
    await again.goto(url);
    await second.field('New password').fill('Another-lantern-77');
    await second.field('New password again').fill('Another-lantern-77');
    await second.button('Set password').click();
    await second.main().getByText(SET_PASSWORD_MESSAGES.linkInvalid).waitFor();
    await second.main().getByRole('link', { name: 'Go to Login' }).waitFor();
    expect(await pageWidth(again)).toBeLessThanOrEqual(PHONE.width);
  }, 120_000);

  it('ran the page under the strict CSP without a console error', () => {
    expect(t.consoleErrors).toEqual([]);
  });
});
