import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_READS } from '@shared/offline-reads';
import { TIMETABLE_MESSAGES } from '@shared/schemas/timetable';
import { ADMIN, FACULTY, signIn } from './support/browser';
import { cachedApiAnswers, labComputer, savedMarks, writeMarks, type LabComputer } from './support/lab-computer';
import { giveTodaysLectures, homeKeptOffline, sessionsOf, type TodayLecture } from './support/offline';
import { useE2e } from './support/use-e2e';

/*
 * One lab computer, one browser profile, two people in turn (docs/product.md §4, marking offline): a
 * faculty member's session ends without a logout and the next person at the
 * computer gets nothing of theirs, online or offline; a mark left waiting on the computer, edited or made
 * up there, is sent only once its user has reviewed it; a logout with no network signs out at once and
 * ends the server's session when the network is back.
 */

// Offline, Chromium logs every failed request; signed-out starts answer 401; a 503 is made on purpose.
const t = useE2e({ expectedErrors: /ERR_INTERNET_DISCONNECTED|ERR_FAILED|status of 40[19]|status of 503|Failed to fetch|FetchEvent/ });
const SLOTS = ['09:00 - 10:00', '10:00 - 11:00', '11:15 - 12:15', '12:15 - 13:15', '14:00 - 15:00'];

let admin: Page;
let lectures: TodayLecture[];
let lab: LabComputer;

/** The session cookie of the profile, as a Cookie header (to ask the server about that session from outside the browser). */
async function sessionCookie(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
}

/** The status the server answers GET auth/currentstatus with for that cookie. */
const statusFor = async (cookie: string): Promise<number> =>
  (await fetch(`${t.e2e.stack.url}/api/v1/auth/currentstatus`, { headers: { cookie } })).status;

/** The session ends without a logout: its cookie's lifetime is over (the browser drops it). */
const sessionExpires = (page: Page) => page.context().clearCookies();

/** Offline, from Today's class in `slot`, marks everyone present: the mark is saved on the computer. */
async function markOffline(page: Page, lecture: TodayLecture): Promise<void> {
  await page.context().setOffline(true);
  await page
    .getByRole('list', { name: TIMETABLE_MESSAGES.today })
    .getByRole('link', { name: new RegExp(`^${lecture.times}`) })
    .click();
  await page.getByRole('button', { name: 'Mark' }).click();
  await page.getByRole('heading', { name: 'Saved on this phone' }).waitFor();
  await page.getByRole('link', { name: 'Back to Home' }).click();
}

/** Signs the faculty member in on the lab computer, with Home kept for offline use by the worker. */
async function facultyAtLab(page: Page): Promise<void> {
  await signIn(page, FACULTY);
  await homeKeptOffline(page);
}

const loginShown = (page: Page) => page.getByRole('heading', { name: /Login/ }).waitFor();

/** An offline read's path pattern, as the worker may keep it. */
const OFFLINE_PATHS = OFFLINE_READS.map((path) => new RegExp(`^/api/v1${path.replace(/\{\w+\}/g, '[^/?]+')}(\\?.*)?$`));

describe('e2e a shared lab computer', () => {
  beforeAll(async () => {
    admin = t.watch(await t.e2e.signedInPage(ADMIN));
    lectures = await giveTodaysLectures(admin, SLOTS);
    lab = labComputer(t.e2e.stack.url, t.watch);
  });
  // Whatever a test left open, the next one starts the browser anew, with no one signed in.
  afterEach(() => lab.endSessionAndClose());
  afterAll(() => lab.dispose());

  it('keeps only the reads marking offline needs, never the login status or a no-store answer; a signed-out start forgets them all, also offline', async () => {
    // The faculty member at the lab computer: Home, then a page whose reads are not needed offline.
    let page = await lab.open();
    await facultyAtLab(page);
    await page.goto('/dashboard/viewattendance');
    await page.getByRole('heading', { name: 'View Attendance' }).waitFor();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Mark Attendance' }).waitFor();
    const kept = await cachedApiAnswers(page);
    expect(kept.map(({ path }) => path)).toEqual(expect.arrayContaining(['/api/v1/timetable/today']));
    for (const answer of kept) {
      expect(
        OFFLINE_PATHS.some((pattern) => pattern.test(answer.path)),
        answer.path,
      ).toBe(true);
      expect(answer.cacheControl, answer.path).not.toMatch(/no-store/);
    }
    expect(kept.map(({ path }) => path)).not.toContain('/api/v1/auth/currentstatus');

    // They leave without logging out; the session ends. The next person starts the browser.
    await sessionExpires(page);
    await lab.close();
    page = await lab.open();
    await page.goto('/');
    await loginShown(page);
    await expect.poll(() => cachedApiAnswers(page), { timeout: 10_000 }).toEqual([]);

    // Offline, a reload still shows the login page: no one's Home, no one's marks.
    await page.context().setOffline(true);
    await page.reload();
    await loginShown(page);
    expect(await page.getByRole('heading', { name: 'Mark Attendance' }).count()).toBe(0);
    await page.context().setOffline(false);
    await lab.close();
  });

  it('never sends by itself a mark of an earlier sign-in, edited or made up on the computer: its user reviews it, then sends or discards it', async () => {
    const [kept, made] = [lectures[0]!, lectures[1]!];
    let page = await lab.open();
    await facultyAtLab(page);
    await markOffline(page, kept);
    await sessionExpires(page);
    await lab.close();

    // The next person at the computer changes the waiting mark (everyone absent) and makes one up.
    page = await lab.open();
    await page.goto('/');
    await loginShown(page);
    const [saved] = (await savedMarks(page)).filter((mark) => mark.state === 'waiting');
    expect(saved).toBeDefined();
    const madeUpId = randomUUID();
    await writeMarks(page, [
      { ...saved!, body: { ...saved!.body, presentStudentIds: [] } },
      {
        ...saved!,
        clientMarkId: madeUpId,
        body: { ...made.body, clientMarkId: madeUpId, presentStudentIds: [] },
        label: 'Data Structures / Lecture',
      },
    ]);
    await page.context().setOffline(false);
    await lab.close();

    // The faculty member signs in again: both are shown for review, and neither is sent.
    page = await lab.open();
    await signIn(page, FACULTY);
    await page.waitForTimeout(2_000);
    expect(await sessionsOf(admin, kept)).toEqual([]);
    expect(await sessionsOf(admin, made)).toEqual([]);
    await page.getByRole('link', { name: /2 marks saved in an earlier sign-in need your review/ }).waitFor();

    await page.getByRole('link', { name: /need your review/ }).click();
    const list = page.getByRole('list', { name: 'Saved marks' });
    const items = list.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    // Each as it would be stored: everyone absent, by name.
    for (const index of [0, 1]) {
      await items.nth(index).getByText('To review: saved in an earlier sign-in').waitFor();
      await items
        .nth(index)
        .getByText(/^Absent \(\d+\)$/)
        .waitFor();
      const text = await items.nth(index).innerText();
      const total = Number(/Present\s+0 of (\d+)/.exec(text)?.[1]);
      expect(total).toBeGreaterThan(0);
      expect(text).toContain(`Absent (${total})`);
    }
    await items.nth(1).getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => items.count()).toBe(1);
    await items.nth(0).getByRole('button', { name: 'Discard' }).click();
    await page.getByText('No marks are waiting on this phone.').waitFor();
    expect(await sessionsOf(admin, kept)).toEqual([]);
    expect(await sessionsOf(admin, made)).toEqual([]);
    await sessionExpires(page);
    await lab.close();
  });

  it('logging out online with a mark waiting offers to send it or keep it for review; kept, it is sent at the next sign-in only on Send', async () => {
    const lecture = lectures[2]!;
    let page = await lab.open();
    await facultyAtLab(page);
    // The server cannot take marks for now: the mark made offline stays waiting once back online.
    await page
      .context()
      .route('**/api/v1/attendance', (route) =>
        route.request().method() === 'POST' ? route.fulfill({ status: 503, json: { data: null, message: 'Busy' } }) : route.fallback(),
      );
    await markOffline(page, lecture);
    await page.context().setOffline(false);
    await page.getByText('1 mark waiting to be sent').waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Marks not sent yet' });
    await dialog.getByText('1 mark saved on this phone has not been sent yet.').waitFor();
    await dialog.getByRole('button', { name: 'Keep for review and log out' }).click();
    await loginShown(page);
    await page.context().unroute('**/api/v1/attendance');
    expect((await savedMarks(page)).map((mark) => mark.state)).toEqual(['waiting']);
    await lab.close();

    page = await lab.open();
    await signIn(page, FACULTY);
    await page.getByRole('link', { name: /1 mark saved in an earlier sign-in needs your review/ }).click();
    await page.waitForTimeout(1_000);
    expect(await sessionsOf(admin, lecture)).toEqual([]);
    const item = page.getByRole('list', { name: 'Saved marks' }).getByRole('listitem');
    await item.getByText('Absent (0)').waitFor();
    await item.getByRole('button', { name: 'Send' }).click();
    await item.getByText('Sent and stored').waitFor();
    expect(await sessionsOf(admin, lecture)).toHaveLength(1);
    await sessionExpires(page);
    await lab.close();
  });

  it('logging out with no network signs out on the computer at once, keeps the waiting mark for review, and ends the server session once online', async () => {
    const lecture = lectures[3]!;
    let page = await lab.open();
    await facultyAtLab(page);
    await markOffline(page, lecture);
    const cookie = await sessionCookie(page);

    await page.getByRole('button', { name: 'Logout' }).click();
    await loginShown(page);
    await page.getByText(/^Logged out on this phone\. 1 mark saved on this phone is kept for you to review/).waitFor();
    await expect.poll(() => cachedApiAnswers(page)).toEqual([]);
    expect((await savedMarks(page)).map((mark) => mark.state)).toEqual(['waiting']);
    // Still offline, a reload shows no one's Home. (Whether the server's session is still live here depends on
    // Chromium's offline emulation, which a service worker's requests can get past: only its end, below, is checked.)
    await page.reload();
    await loginShown(page);

    // The network is back: the server's session ends.
    await page.context().setOffline(false);
    await expect.poll(() => statusFor(cookie), { timeout: 10_000 }).toBe(401);
    await lab.close();

    // Again, but the browser is closed before the network comes back: the next start ends it.
    page = await lab.open();
    await signIn(page, FACULTY);
    await page.getByRole('link', { name: /needs your review/ }).waitFor();
    const second = await sessionCookie(page);
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Logout' }).click();
    await loginShown(page);
    expect(await statusFor(second)).toBe(200);
    // Checked before the browser closes: a loaded machine may let the closing page see the network again.
    await lab.close();
    page = await lab.open();
    await page.goto('/');
    await loginShown(page);
    await expect.poll(() => statusFor(second), { timeout: 10_000 }).toBe(401);
    expect(await sessionsOf(admin, lecture)).toEqual([]);
    await lab.close();
    expect(t.consoleErrors).toEqual([]);
  });
});
