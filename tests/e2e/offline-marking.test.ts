import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@shared/dates';
import { MARK_ALREADY_STORED, type MarkedClassSession } from '@shared/schemas/attendance';
import type { PublicUser } from '@shared/schemas/auth';
import { TIMETABLE_MESSAGES } from '@shared/schemas/timetable';
import { collegeToday } from '@tests/support/college-time';
import { ADMIN, FACULTY, screenshot, signIn } from './support/browser';
import { apiData, giveTodaysLectures, homeKeptOffline, queueStatus, sessionsOf, type TodayLecture } from './support/offline';
import { useE2e } from './support/use-e2e';
import { wireBody } from './support/wire';

/*
 * Marking with no signal, in Chromium with the network cut (docs/product.md §4, marking offline): the
 * app is installable; after one visit Home and the marking form open offline, a mark is saved on the
 * phone, survives a reload, and is sent once when the connection returns; a class someone else marked
 * meanwhile shows as a conflict with who marked it; a mark of a login that expired is reviewed before it
 * is sent; a replay of one clientMarkId answers the same session (a shared computer: shared-device.test.ts).
 */

// Offline, Chromium logs every failed request; the sign-in page's status check answers 401.
const t = useE2e({ expectedErrors: /ERR_INTERNET_DISCONNECTED|ERR_FAILED|status of 40[19]|Failed to fetch|FetchEvent/ });
const SLOTS = ['09:00 - 10:00', '10:00 - 11:00', '11:15 - 12:15'];

let admin: Page;
let lectures: TodayLecture[];

/** The faculty member's phone: signed in, the worker in control and Today kept for offline use. */
async function facultyPhone(): Promise<Page> {
  const page = t.watch(await t.e2e.newPage({ serviceWorkers: 'allow' }));
  await signIn(page, FACULTY);
  await homeKeptOffline(page);
  return page;
}

/** Offline, from Today's class at `times`, marks everyone present: the mark is saved on the phone. */
async function markOffline(page: Page, times: string): Promise<void> {
  await page.context().setOffline(true);
  await page
    .getByRole('list', { name: TIMETABLE_MESSAGES.today })
    .getByRole('link', { name: new RegExp(`^${times}`) })
    .click();
  await page.getByRole('button', { name: 'Mark' }).click();
  await page.getByRole('heading', { name: 'Saved on this phone' }).waitFor();
  await page.getByText('Saved on this phone — it will be sent when you are online').waitFor();
}

describe('e2e offline marking', () => {
  beforeAll(async () => {
    admin = t.watch(await t.e2e.signedInPage(ADMIN));
    lectures = await giveTodaysLectures(admin, SLOTS);
  });

  it('is installable: a manifest with icons and a service worker in control, no installability errors', async () => {
    const page = await facultyPhone();
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    // Test contexts are incognito-like; Lighthouse's installability audit leaves that one out too.
    expect(installabilityErrors.filter(({ errorId }) => errorId !== 'in-incognito')).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(manifest.errors).toEqual([]);
    expect(new URL(manifest.url).pathname).toBe('/manifest.json');

    // The worker is always fetched fresh, with the whole app as its scope.
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${t.e2e.stack.url}/`);
    await page.context().close();
  });

  it('saves a mark made offline, keeps it through a reload, and sends it once when the connection returns', async () => {
    const page = await facultyPhone();
    // Nothing kept on the phone until a mark is: no database made just by opening the app.
    const databases = () => page.evaluate(async () => (await indexedDB.databases()).map(({ name }) => name));
    expect(await databases()).not.toContain('sams-offline');
    const [lecture] = lectures;
    await markOffline(page, lecture!.times);
    expect(await databases()).toContain('sams-offline');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect.poll(() => queueStatus(page).innerText()).toMatch(/offline[\s\S]*1 mark waiting to be sent/);

    // A reload with no network: the app, Today and the waiting mark are all still there.
    await page.reload();
    await page.getByRole('heading', { name: 'Mark Attendance' }).waitFor();
    await queueStatus(page).getByText('1 mark waiting to be sent').waitFor();
    const today = page.getByRole('list', { name: TIMETABLE_MESSAGES.today });
    await today.getByRole('link', { name: new RegExp(`^${lecture!.times}.*Saved on this phone`, 's') }).waitFor();
    await screenshot(page, 'offline-home');

    await page.context().setOffline(false);
    await expect.poll(() => queueStatus(page).count(), { timeout: 10_000 }).toBe(0);
    const sessions = await sessionsOf(admin, lecture!);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.markedBy.username).not.toBe('');
    // At once: no reload, no wait for the next poll.
    await today.getByRole('link', { name: new RegExp(`^${lecture!.times}.*Marked`, 's') }).waitFor({ timeout: 3_000 });

    await page.goto('/queue');
    await page.getByText('Sent and stored').waitFor();
    await page.context().close();
  });

  it('shows a mark of a class someone else marked meanwhile as a conflict, with who and when, and a link to it', async () => {
    const page = await facultyPhone();
    const lecture = lectures[1]!;
    await markOffline(page, lecture.times);

    // Meanwhile the admin marks the same class.
    await apiData(admin, 'POST', 'attendance', lecture.body);
    const adminUser = await apiData<PublicUser>(admin, 'GET', 'auth/currentstatus');

    await page.context().setOffline(false);
    await queueStatus(page).getByText('1 mark needs a look').click();
    await page.getByText('Not sent: this class was already marked').waitFor();
    await page.getByText(new RegExp(`Marked by ${adminUser.username}, \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d`)).waitFor();
    await screenshot(page, 'offline-conflict');
    await page.getByRole('link', { name: /Open the marked class/ }).click();
    await page.getByRole('heading', { name: 'View Attendance' }).waitFor();
    await page.getByText(`Marked by ${adminUser.username}`).first().waitFor();

    const sessions = await sessionsOf(admin, lecture);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.markedBy.username).toBe(adminUser.username);
    await page.context().close();
  });

  it('asks to sign in again when the login expired while offline, then shows the mark for review and sends it on Send', async () => {
    const page = await facultyPhone();
    const lecture = lectures[2]!;
    await markOffline(page, lecture.times);
    await page.context().clearCookies();

    await page.context().setOffline(false);
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await page.getByText('Sign in again to send the marks saved on this phone.').waitFor();
    expect(await sessionsOf(admin, lecture)).toEqual([]);

    await page.getByLabel('Email').fill(FACULTY.email);
    await page.getByLabel('Password').fill(FACULTY.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Mark Attendance' }).waitFor();
    // Saved in the sign-in that expired: not sent by itself, but shown for review.
    await queueStatus(page).getByText('1 mark saved in an earlier sign-in needs your review').click();
    expect(await sessionsOf(admin, lecture)).toEqual([]);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Sent and stored').waitFor();
    expect(await sessionsOf(admin, lecture)).toHaveLength(1);
    await page.context().close();
  });

  it('answers a replay of one clientMarkId at the API with the same session (200, not 409)', async () => {
    // A day of the demo term no other test marks.
    const body = { ...lectures[0]!.body, date: addDays(collegeToday(), -33), clientMarkId: randomUUID() };
    const first = await admin.request.post('/api/v1/attendance', { data: wireBody(body) });
    expect(first.status()).toBe(201);
    const again = await admin.request.post('/api/v1/attendance', { data: wireBody(body) });
    expect(again.status()).toBe(200);
    const answer = (await again.json()) as { data: MarkedClassSession; message: string };
    expect(answer.message).toBe(MARK_ALREADY_STORED);
    expect(answer.data._id).toBe(((await first.json()) as { data: MarkedClassSession }).data._id);
    expect(t.consoleErrors).toEqual([]);
  });
});
