import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_FAMILY } from '@functions/lib/demo-accounts';
import { SIGN_IN_LINK_MESSAGES } from '@shared/schemas/sign-in-link';
import { useMailCatcher } from '@tests/support/alerts';
import { signInLinkIn } from '@tests/support/sign-in-links';
import { PHONE, screenshot } from './support/browser';
import { Screen } from './support/screen';
import { useE2e } from './support/use-e2e';

/*
 * The demo student and guardian sign in by an emailed link in Chromium at 360 × 740, against the real local
 * stack and its mail catcher: the link opened in the browser that asked signs in; opened in another browser it
 * says where it works; the code from the same email signs in on the page that asked. No page scrolls sideways.
 */
// A signed-out page's status check answers 401, the other browser's link 409: Chromium logs each as a failed load.
const t = useE2e({ expectedErrors: /status of 40[19]/ });
const inbox = useMailCatcher();

const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

async function askForLink(page: Page, email: string) {
  const screen = Screen.of(page);
  await page.goto(`/login?email=${encodeURIComponent(email)}`);
  await screen.button('Email me a sign-in link').click();
  await screen.main().getByText(SIGN_IN_LINK_MESSAGES.sent).waitFor();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  const mails = await inbox.mails(1);
  return signInLinkIn(mails.at(-1)!, t.e2e.stack.url);
}

describe('e2e: a student and a guardian sign in by an emailed link on a phone', () => {
  it('the student opens the link in the browser that asked and sees their attendance; another browser is told where it works', async () => {
    const page = t.watch(await t.e2e.newPage({ viewport: PHONE }));
    const link = await askForLink(page, DEMO_FAMILY.student.email);
    await screenshot(page, 'sign-in-link-asked-360');

    const elsewhere = t.watch(await t.e2e.newPage({ viewport: PHONE }));
    await elsewhere.goto(link.url);
    await Screen.of(elsewhere).main().getByText(SIGN_IN_LINK_MESSAGES.otherBrowser).waitFor();
    expect(await pageWidth(elsewhere)).toBeLessThanOrEqual(PHONE.width);

    await page.goto(link.url);
    await page.getByRole('heading', { level: 1, name: 'My attendance' }).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    const screen = Screen.of(page);
    await screen.main().getByText(DEMO_FAMILY.student.enrollment).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'student-home-360');
    // Staff pages send a student back to their own attendance.
    await page.goto('/dashboard/viewattendance');
    await page.getByRole('heading', { level: 1, name: 'My attendance' }).waitFor();
  }, 120_000);

  it('the guardian types the code on the page that asked and switches between the two children', async () => {
    const page = t.watch(await t.e2e.newPage({ viewport: PHONE }));
    const link = await askForLink(page, DEMO_FAMILY.guardian.email);
    const screen = Screen.of(page);
    await screen.field('Code from the email').fill(link.code.toLowerCase());
    await screen.button('Sign in with the code').click();
    await page.getByRole('heading', { level: 1, name: 'Attendance of your children' }).waitFor();
    // A button per child, by name; the first one's record shows, the other's after the switch.
    const switcher = page.getByRole('navigation', { name: 'Child' });
    const [first, second] = await switcher.getByRole('button').all();
    expect(await first!.getAttribute('aria-pressed')).toBe('true');
    const enrollments = [...DEMO_FAMILY.guardian.children];
    await screen
      .main()
      .getByText(new RegExp(`^(${enrollments.join('|')})$`))
      .waitFor();
    const shownFirst = (await screen.main().getByText(enrollments[0]!, { exact: true }).count()) ? enrollments[0]! : enrollments[1]!;
    await second!.click();
    await screen
      .main()
      .getByText(
        enrollments.find((one) => one !== shownFirst)!,
        { exact: true },
      )
      .waitFor();
    expect(await second!.getAttribute('aria-pressed')).toBe('true');
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'guardian-home-360');
  }, 120_000);

  it('ran the pages under the strict CSP without a console error', () => {
    expect(t.consoleErrors).toEqual([]);
  });
});
