import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FAMILY } from '@functions/lib/demo-accounts';
import { useMailCatcher } from '@tests/support/alerts';
import { signInLinkIn } from '@tests/support/sign-in-links';
import type { SignedInUser } from '@shared/schemas/auth';
import type { StudentStanding } from '@shared/schemas/reports';
import { SIGN_IN_LINK_MESSAGES } from '@shared/schemas/sign-in-link';
import { dayMonthTime } from '@web/features/reports/kept-copy';
import { cardTitle, firstNameOf, projectionLine, type Reader } from '@web/features/reports/projection-text';
import { ADMIN, PHONE, screenshot } from './support/browser';
import { cachedApiAnswers } from './support/lab-computer';
import { Screen } from './support/screen';
import { giveDemoTermAndMarks, pageApi } from './support/demo-family-term';
import { useE2e } from './support/use-e2e';

/*
 * The student's and guardian's Home on a phone (360 × 740), in Chromium against the real stack
 * (docs/product.md §4, §5): a card per course and kind with the line the projection makes, a guardian
 * switching between two children, and the Home kept on the device: a reload with the network cut shows the
 * last answers with the time they were answered; after sign-out the device keeps nothing of the student's.
 */

// Offline, Chromium logs every failed request; a signed-out page's status check answers 401.
const t = useE2e({ expectedErrors: /ERR_INTERNET_DISCONNECTED|ERR_FAILED|status of 40[19]|Failed to fetch|FetchEvent/ });
const inbox = useMailCatcher();

/** Signs in by the emailed link (the student) or its code (the guardian), on a phone with the service worker. */
async function signedInByLink(email: string, byCode = false): Promise<Page> {
  const page = t.watch(await t.e2e.newPage({ viewport: PHONE, serviceWorkers: 'allow' }));
  await page.goto(`/login?email=${encodeURIComponent(email)}`);
  const screen = Screen.of(page);
  await screen.button('Email me a sign-in link').click();
  await screen.main().getByText(SIGN_IN_LINK_MESSAGES.sent).waitFor();
  const mails = await inbox.mails(1);
  const link = signInLinkIn(mails.at(-1)!, t.e2e.stack.url);
  if (byCode) {
    await screen.field('Code from the email').fill(link.code);
    await screen.button('Sign in with the code').click();
  } else await page.goto(link.url);
  return page;
}

/** Each card's heading ('Data Structures Lecture') and its last line, as shown. */
const shownCards = (page: Page) =>
  page.locator('.standing-card').evaluateAll((cards) =>
    cards.map((card) => ({
      title: card.querySelector('h3')!.textContent!.replace(/\s+/g, ' ').trim(),
      line: card.querySelector('.standing-card-line')!.textContent!.trim(),
    })),
  );

/** The cards as the standing answer and the reader make them. */
const expectedCards = (standing: StudentStanding, reader: Reader) => {
  const context = { reader, threshold: standing.threshold, lastDay: standing.lastDay };
  const course = standing.courses.map((one) => {
    const { name, kind } = cardTitle(one);
    return { title: `${name} ${kind}`, line: projectionLine(one, one, context) };
  });
  const overall = { title: 'Overall All courses', line: projectionLine(standing.overall, 'overall', context) };
  return standing.thresholdApplies === 'overall' ? [overall, ...course] : [...course, overall];
};

/** The words of the cards the browser broke across lines (a word drawn on two lines has client rects on two lines). */
const brokenCardWords = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const broken: string[] = [];
    for (const card of document.querySelectorAll('.standing-card')) {
      const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (tops.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });

const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

describe('e2e: the Home of a student and of a guardian on a phone', () => {
  beforeAll(async () => {
    const admin = t.watch(await t.e2e.signedInPage(ADMIN));
    // The demo student present at both of the last two days' lectures, their sibling at one (50%, below the threshold).
    await giveDemoTermAndMarks(admin, [
      { daysAgo: 1, present: [0, 1] },
      { daysAgo: 2, present: [0] },
    ]);
    await admin.context().close();
  }, 120_000);

  it('the student sees a card per course and kind with its line; offline, a reload shows the kept answers with their time; after sign-out none is kept', async () => {
    const page = await signedInByLink(DEMO_FAMILY.student.email);
    const title = page.getByRole('heading', { level: 1, name: 'My attendance' });
    await title.waitFor();
    // Loaded again through the service worker, which keeps the Home's reads.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await title.waitFor();
    const me = await pageApi<SignedInUser>(page, 'GET', 'auth/currentstatus');
    const id = me.students![0]!._id;
    const standing = await pageApi<StudentStanding>(page, 'GET', `report/student/${id}/standing`);
    const cards = expectedCards(standing, { you: true });
    await expect.poll(() => shownCards(page)).toEqual(cards);
    // Present at both lectures of Data Structures: at the threshold, with the classes to come counted.
    const lecture = page.locator('.standing-card').filter({ hasText: 'Data Structures' }).first();
    expect(await lecture.locator('.standing-card-percent').innerText()).toBe('100.0%');
    expect(await lecture.locator('.standing-card-state').innerText()).toBe('At or above 75%');
    expect(cards.find((card) => card.title === 'Data Structures Lecture')!.line).toMatch(
      /^\d+ more Data Structures lectures are scheduled until /,
    );
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    expect(await brokenCardWords(page)).toEqual([]);
    await screenshot(page, 'family-home-student-360');

    // Every class is a page of its own, reached from the Home; both reads are kept for offline use.
    await page.getByRole('link', { name: 'Every class, with PDF and CSV' }).click();
    await page.getByRole('heading', { level: 2, name: 'Sessions' }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.goBack();
    await title.waitFor();
    const kept = [`/api/v1/report/student/${id}/standing`, `/api/v1/report/student/${id}`];
    await expect.poll(async () => (await cachedApiAnswers(page)).map((answer) => answer.path)).toEqual(expect.arrayContaining(kept));
    const keptAt = await page.evaluate(async (path) => (await caches.match(path))!.headers.get('date')!, kept[0]!);

    // The network cut: a reload shows the same cards from the device, saying when they were answered.
    await page.context().setOffline(true);
    await page.reload();
    await title.waitFor();
    const note = page.getByRole('status').filter({ hasText: /^Offline: showing/ });
    await note.waitFor();
    expect(await note.innerText()).toBe(`Offline: showing your attendance as of ${dayMonthTime(Date.parse(keptAt), 'Asia/Kolkata')}.`);
    expect(await shownCards(page)).toEqual(cards);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'family-home-offline-360');

    // Back online, signed out: the device keeps nothing of the student's.
    await page.context().setOffline(false);
    await page.reload();
    await title.waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'SAMS Login' }).waitFor();
    await expect.poll(() => cachedApiAnswers(page), { timeout: 10_000 }).toEqual([]);
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'SAMS Login' }).waitFor();
    expect(await page.locator('.standing-card').count()).toBe(0);
    await page.context().close();
  }, 120_000);

  it('the guardian sees each child by first name and switches between the two', async () => {
    const page = await signedInByLink(DEMO_FAMILY.guardian.email, true);
    await page.getByRole('heading', { level: 1, name: 'Attendance of your children' }).waitFor();
    const me = await pageApi<SignedInUser>(page, 'GET', 'auth/currentstatus');
    const switcher = page.getByRole('navigation', { name: 'Child' });
    const buttons = await switcher.getByRole('button').all();
    expect(await Promise.all(buttons.map((button) => button.innerText()))).toEqual(me.students!.map((child) => child.name));

    const seen: string[] = [];
    for (const [at, child] of me.students!.entries()) {
      await buttons[at]!.click();
      expect(await buttons[at]!.getAttribute('aria-pressed')).toBe('true');
      const standing = await pageApi<StudentStanding>(page, 'GET', `report/student/${child._id}/standing`);
      const cards = expectedCards(standing, { you: false, firstName: firstNameOf(child.name) });
      await expect.poll(() => shownCards(page)).toEqual(cards);
      expect(cards.some((card) => card.line.includes(firstNameOf(child.name)))).toBe(true);
      seen.push((await page.locator('.standing-card').filter({ hasText: 'Data Structures' }).first().innerText()).replace(/\s+/g, ' '));
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
      expect(await brokenCardWords(page)).toEqual([]);
    }
    // The two children's Data Structures lectures: both attended, and one of two (below).
    expect(seen.filter((text) => text.includes('100.0% attended 2 of 2') && text.includes('At or above 75%'))).toHaveLength(1);
    expect(seen.filter((text) => text.includes('50.0% attended 1 of 2') && text.includes('Below 75%'))).toHaveLength(1);
    await screenshot(page, 'family-home-guardian-360');
    await page.context().close();
  }, 120_000);

  it('ran the pages under the strict CSP without a console error', () => {
    expect(t.consoleErrors).toEqual([]);
  });
});
