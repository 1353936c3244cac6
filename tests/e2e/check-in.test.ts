import type { Page } from 'playwright-core';
import decodeQR from 'qr/decode.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FAMILY } from '@functions/lib/demo-accounts';
import { useMailCatcher } from '@tests/support/alerts';
import { signInLinkIn } from '@tests/support/sign-in-links';
import { DEFAULT_TIME_ZONE, formatTime, wallClock } from '@shared/dates';
import { CHECK_IN_MESSAGES } from '@shared/schemas/check-in';
import { SIGN_IN_LINK_MESSAGES } from '@shared/schemas/sign-in-link';
import type { Course, Division, Slot, Term } from '@shared/schemas/structure';
import { ADMIN, FACULTY, PHONE, screenshot } from './support/browser';
import { chromiumFilming, qrVideoFile } from './support/fake-camera';
import { pageApi } from './support/demo-family-term';
import { Screen } from './support/screen';
import { useE2e } from './support/use-e2e';

/*
 * Check-in in Chromium (docs/product.md §2.18): the teacher opens it from the class's form, the classroom screen
 * shows the code, the demo student types it on a 360 px phone, and the teacher's form starts with them present.
 */

// The sign-in page's status check answers 401 before the student has signed in.
const t = useE2e({ expectedErrors: /status of 401/ });
const inbox = useMailCatcher();
let formUrl: string;

/** Data Structures, Division 1 of Semester 3, in a slot of now (made here: the demo's slots are at fixed times). */
async function classOfNow(admin: Page): Promise<string> {
  const [term] = await pageApi<Term[]>(admin, 'GET', 'term/active');
  const semester = (await pageApi<{ _id: string; name: string }[]>(admin, 'GET', `semester/${term!._id}`)).find(
    (one) => one.name === 'Semester 3',
  )!;
  const course = (await pageApi<Course[]>(admin, 'GET', `course/${semester._id}`)).find((one) => one.name === 'Data Structures')!;
  const division = (await pageApi<Division[]>(admin, 'GET', `division/${semester._id}`)).find((one) => one.name === 'Division 1')!;
  const { minute } = wallClock(DEFAULT_TIME_ZONE);
  const [start, end] = [Math.max(0, minute - 30), Math.min(23 * 60 + 59, minute + 30)];
  const slot = await pageApi<Slot>(admin, 'POST', 'slot', {
    name: 'Now',
    termid: term!._id,
    start: formatTime(start),
    end: formatTime(end),
  });
  const query = new URLSearchParams({
    extraData: 'Semester 3 / Data Structures / Lecture / Now / Division 1',
    termid: term!._id,
    semid: semester._id,
    courseid: course._id,
    kind: '1',
    slot: slot._id,
  });
  return `/students/${division._id}?${query.toString()}`;
}

/** The QR code on the classroom screen, drawn into a canvas from its SVG path and decoded (the `qr` library's decoder). */
async function decodeScreenQr(page: Page): Promise<string> {
  const image = await page.evaluate(() => {
    const svg = document.querySelector('svg.qr-code')!;
    const modules = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
    const scale = 8;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = modules * scale;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.scale(scale, scale);
    context.fillStyle = '#000';
    context.fill(new Path2D(svg.querySelector('path')!.getAttribute('d')!));
    const { width, height, data } = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width, height, data: Array.from(data) };
  });
  return decodeQR({ ...image, data: Uint8ClampedArray.from(image.data) });
}

/** The demo student, signed in by an emailed link, on a phone. */
async function signedInStudent(): Promise<Page> {
  const page = t.watch(await t.e2e.newPage({ viewport: PHONE }));
  await page.goto(`/login?email=${encodeURIComponent(DEMO_FAMILY.student.email)}`);
  await Screen.of(page).button('Email me a sign-in link').click();
  await Screen.of(page).main().getByText(SIGN_IN_LINK_MESSAGES.sent).waitFor();
  await page.goto(signInLinkIn((await inbox.mails(1)).at(-1)!, t.e2e.stack.url).url);
  await page.getByRole('heading', { level: 1, name: 'My attendance' }).waitFor();
  return page;
}

describe('e2e: check-in', () => {
  beforeAll(async () => {
    const admin = t.watch(await t.e2e.signedInPage(ADMIN));
    formUrl = await classOfNow(admin);
    await admin.context().close();
  }, 60_000);

  it('a student types the code of the classroom screen on their phone; the teacher marks from who checked in', async () => {
    const teacher = t.watch(await t.e2e.signedInPage(FACULTY));
    await teacher.goto(formUrl);
    await teacher.getByRole('button', { name: 'Open check-in' }).click();
    const code = (await teacher.locator('.check-in-big-code').innerText()).trim();
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    await teacher.getByRole('status').filter({ hasText: '0 checked in' }).waitFor();

    const student = await signedInStudent();
    await student.getByRole('link', { name: 'Check in to a class' }).click();
    await student.getByRole('textbox', { name: 'Code on the screen' }).fill(code.toLowerCase());
    await student.getByRole('button', { name: 'Check in' }).click();
    await student.getByText(CHECK_IN_MESSAGES.checkedIn, { exact: false }).waitFor();
    expect(await student.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(student, 'check-in-phone');

    // The phone's camera reads the screen's QR code (decoded here from the pixels Chromium draws): its link opens Check
    // in with the code now on the screen, which the server takes (this student is in already: said so, counted once).
    const scanned = await decodeScreenQr(teacher);
    expect(scanned).toMatch(new RegExp(`^${t.e2e.stack.url}/me/checkin\\?code=[A-Z2-9]{6}$`));
    await student.goto(scanned);
    await student.getByText(CHECK_IN_MESSAGES.already).waitFor();

    // Scanned inside SAMS: the phone's camera films the screen's QR code (Chromium's fake camera playing a video of
    // it); Chromium here has no BarcodeDetector, so the `qr` library's reads it. Again the server takes the code.
    const camera = await chromiumFilming(qrVideoFile(scanned));
    try {
      const context = await camera.newContext({
        baseURL: t.e2e.stack.url,
        viewport: PHONE,
        serviceWorkers: 'block',
        permissions: ['camera'],
        storageState: await student.context().storageState(),
      });
      const phone = await context.newPage();
      await phone.goto('/me/checkin');
      await phone.getByRole('button', { name: 'Scan the QR code' }).click();
      await phone.getByText(CHECK_IN_MESSAGES.already).waitFor({ timeout: 15_000 });
      // The camera is off once the code is read.
      expect(await phone.locator('video').count()).toBe(0);
      expect(await phone.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    } finally {
      await camera.close();
    }

    // The screen reads again every 2 s: the student shows up without a reload.
    await teacher.getByRole('status').filter({ hasText: '1 checked in' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => teacher.getByRole('list', { name: 'Checked in' }).innerText()).toContain(DEMO_FAMILY.student.enrollment);
    // The classroom screen fits a teacher's phone too.
    expect(teacher.viewportSize()).toEqual(PHONE);
    expect(await teacher.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(teacher, 'check-in-screen');
    await teacher.getByRole('link', { name: 'Mark from check-in' }).click();
    const checkedIn = teacher.getByRole('checkbox', { name: new RegExp(DEMO_FAMILY.student.enrollment) });
    await checkedIn.waitFor();
    expect(await checkedIn.isChecked()).toBe(true);
    expect(await checkedIn.getAttribute('aria-describedby')).toBeTruthy();
    const others = teacher.getByRole('checkbox', { name: /^25CE0(0[2-9]|[1-9]\d)/ });
    expect(await others.first().isChecked()).toBe(false);
    await teacher.context().close();
    await student.context().close();
  }, 90_000);
});
