import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FAMILY } from '@functions/lib/demo-accounts';
import { useMailCatcher } from '@tests/support/alerts';
import { useS3Server } from '@tests/support/attachments';
import { collegeToday } from '@tests/support/college-time';
import { signInLinkIn } from '@tests/support/sign-in-links';
import { addDays } from '@shared/dates';
import type { LeaveApplication } from '@shared/answers/leave';
import type { SignedInUser } from '@shared/schemas/auth';
import { SIGN_IN_LINK_MESSAGES } from '@shared/schemas/sign-in-link';
import type { Division, Term } from '@shared/schemas/structure';
import { ADMIN, FACULTY, PHONE, screenshot } from './support/browser';
import { giveDemoTermAndMarks, pageApi } from './support/demo-family-term';
import { descriptionOf, Screen } from './support/screen';
import { useE2e } from './support/use-e2e';

/*
 * Leave, on a phone (docs/product.md §2.17), in Chromium against the real stack with its local S3 server: the
 * demo student applies for 3 days of Medical leave with a photo of the certificate (uploaded from the browser
 * straight to storage), the coordinator of their division views the photo and approves; the class already
 * marked absent turns excused (the Home counts it so), and today's marking form starts them excused, saying why.
 */

// Before useE2e: the stack's CSP lets its pages post to the S3 server the environment names then.
const s3 = useS3Server();
// The sign-in page's status check answers 401 before the student has signed in.
const t = useE2e({ expectedErrors: /status of 401/ });
const inbox = useMailCatcher();

const today = collegeToday();
const yesterday = addDays(today, -1);
const tomorrow = addDays(today, 1);
const COMMENT = 'Get well soon';

/** An 8 × 8 PNG (a real image, as a phone's photo of a certificate would be). */
function certificatePng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(8 * 3, 0xc8)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: 8 }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}
const PNG = certificatePng();

let student: Page;
let faculty: Page;

/** Signs the demo student in by the emailed link, on a phone. */
async function signedInStudent(): Promise<Page> {
  const page = t.watch(await t.e2e.newPage({ viewport: PHONE }));
  await page.goto(`/login?email=${encodeURIComponent(DEMO_FAMILY.student.email)}`);
  const screen = Screen.of(page);
  await screen.button('Email me a sign-in link').click();
  // Sent: the browser keeps the request's cookie by then, which the link is checked against.
  await screen.main().getByText(SIGN_IN_LINK_MESSAGES.sent).waitFor();
  const mails = await inbox.mails(1);
  await page.goto(signInLinkIn(mails.at(-1)!, t.e2e.stack.url).url);
  await page.getByRole('heading', { level: 1, name: 'My attendance' }).waitFor();
  return page;
}

/** The Data Structures lecture's card of the Home, as shown ('… 50.0% attended 1 of 2 …'). */
async function lectureCard(page: Page): Promise<string> {
  const card = page.locator('.standing-card').filter({ hasText: 'Data Structures' }).filter({ hasText: 'Lecture' }).first();
  await card.waitFor();
  return (await card.innerText()).replace(/\s+/g, ' ');
}

const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

/** Division 1 of Semester 3 in the active term. */
async function divisionOne(admin: Page): Promise<Division> {
  const [term] = await pageApi<Term[]>(admin, 'GET', 'term/active');
  const semesters = await pageApi<{ _id: string; name: string }[]>(admin, 'GET', `semester/${term!._id}`);
  const semester = semesters.find((one) => one.name === 'Semester 3')!;
  return (await pageApi<Division[]>(admin, 'GET', `division/${semester._id}`)).find((one) => one.name === 'Division 1')!;
}

describe('e2e: a Medical leave applied for on a phone, approved by the division coordinator', () => {
  beforeAll(async () => {
    const admin = t.watch(await t.e2e.signedInPage(ADMIN));
    // Data Structures lectures: the demo student present two days ago, absent yesterday (1 of 2, 50%).
    await giveDemoTermAndMarks(admin, [
      { daysAgo: 2, present: [0, 1] },
      { daysAgo: 1, present: [1] },
    ]);
    faculty = t.watch(await t.e2e.signedInPage(FACULTY));
    const coordinator = await pageApi<SignedInUser>(faculty, 'GET', 'auth/currentstatus');
    const division = await divisionOne(admin);
    await pageApi(admin, 'PATCH', `division/${division._id}/coordinators`, { coordinators: [coordinator._id] });
    await admin.context().close();
  }, 120_000);

  it('the student applies from their Home for 3 days of Medical leave, a photo of the certificate attached: it waits for a decision', async () => {
    student = await signedInStudent();
    await student.goto('/me');
    expect(await lectureCard(student)).toContain('50.0% attended 1 of 2');
    await student.getByRole('link', { name: 'Apply for leave, or see your applications' }).click();
    await student.getByRole('heading', { level: 1, name: 'Leave' }).waitFor();
    await student.getByRole('link', { name: 'Apply for leave', exact: true }).click();
    await student.getByRole('heading', { level: 1, name: 'Apply for leave' }).waitFor();

    const form = Screen.of(student);
    await form.field('Kind of leave').selectOption({ label: 'Medical' });
    await form.main().getByText('At most 15 days; a certificate is needed over 2 days; its classes count as excused.').waitFor();
    await form.field('First day').fill(yesterday);
    await form.field('Last day').fill(tomorrow);
    await form.field('Reason').fill('Fever, the doctor advised three days of rest');
    await form.field('Attachment (optional)').setInputFiles({ name: 'certificate.png', mimeType: 'image/png', buffer: PNG });
    await form.main().getByText('Chosen: certificate.png (1 KB).').waitFor();
    expect(await pageWidth(student)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(student, 'leave-apply-360');

    // The file goes from the browser straight to storage, then the application names it.
    const [upload] = await Promise.all([
      student.waitForResponse((response) => response.url().startsWith(s3.server().endpoint) && response.request().method() === 'POST'),
      form.button('Send application').click(),
    ]);
    expect(upload.status()).toBeLessThan(300);
    await form.toast('Application sent').waitFor();
    await student.getByRole('heading', { level: 1, name: 'Leave' }).waitFor();
    const card = student
      .getByRole('listitem')
      .filter({ has: student.getByRole('heading', { name: `Medical leave, ${yesterday} to ${tomorrow}` }) });
    await card.getByText('Waiting for a decision', { exact: true }).waitFor();
    expect(await card.getByText('Whole days', { exact: true }).count()).toBe(1);
    expect(await pageWidth(student)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(student, 'leave-pending-360');

    const me = await pageApi<SignedInUser>(student, 'GET', 'auth/currentstatus');
    const [application] = await pageApi<LeaveApplication[]>(student, 'GET', `leave/student/${me.students![0]!._id}`);
    expect(application).toMatchObject({ status: 'pending', attachment: { type: 'image/png', bytes: PNG.length } });
  }, 120_000);

  it('the coordinator opens it from Leave, views the photo, sees the classes it covers and approves with a comment', async () => {
    await faculty.goto('/leave');
    await faculty.getByRole('heading', { level: 1, name: 'Leave applications' }).waitFor();
    const item = faculty.getByRole('link', { name: new RegExp(`\\(${DEMO_FAMILY.student.enrollment}\\)`) });
    await item.getByText('Waiting for a decision').waitFor();
    expect(await item.innerText()).toContain(`Medical, ${yesterday} to ${tomorrow}`);
    await item.click();
    await faculty.getByRole('heading', { level: 1, name: 'Leave application' }).waitFor();
    const main = faculty.getByRole('main');
    await main.getByText('Medical (its classes count as excused)').waitFor();

    // View attachment opens a tab with a short-lived link to the file: the very photo uploaded.
    const [photo] = await Promise.all([
      faculty.context().waitForEvent('response', (response) => response.url().startsWith(s3.server().endpoint)),
      main.getByRole('button', { name: 'View attachment' }).click(),
    ]);
    expect(photo.status()).toBe(200);
    expect(photo.headers()['content-type']).toBe('image/png');
    expect(Buffer.from(await photo.body()).equals(PNG)).toBe(true);
    await photo.frame().page().close();

    // Yesterday's lectures of Data Structures: the one marked (absent for now), and the timetable's at another time.
    const yesterdays = () =>
      main
        .getByRole('table')
        .getByRole('row')
        .filter({ hasText: yesterday })
        .filter({ hasText: 'Data Structures' })
        .evaluateAll((rows: HTMLTableRowElement[]) => rows.map((row) => [...row.cells].map((cell) => cell.innerText).join(' | ')));
    expect(await yesterdays()).toContain(`${yesterday} | Data Structures | Lecture | Absent`);
    expect(await pageWidth(faculty)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(faculty, 'leave-decide-360');

    await Screen.of(faculty).field('Comment (optional)').fill(COMMENT);
    await Screen.of(faculty).button('Approve').click();
    await Screen.of(faculty).toast('Leave approved').waitFor();
    await main
      .getByRole('definition')
      .filter({ hasText: /^Approved$/ })
      .waitFor();
    await expect.poll(yesterdays).toContain(`${yesterday} | Data Structures | Lecture | Excused`);
    expect((await yesterdays()).join('\n')).not.toContain('Absent');
    const history = main.getByRole('region', { name: 'History' }).getByRole('listitem').last();
    expect((await history.innerText()).replace(/\s+/g, ' ')).toMatch(
      new RegExp(`^Approved by Demo Faculty \\(faculty\\), .+ “${COMMENT}”$`),
    );
  }, 120_000);

  it("the student sees it approved and the class excused on their Home; today's marking form starts them excused, on leave", async () => {
    await student.goto('/me/leave');
    const card = student
      .getByRole('listitem')
      .filter({ has: student.getByRole('heading', { name: `Medical leave, ${yesterday} to ${tomorrow}` }) });
    await card.getByText('Approved', { exact: true }).waitFor();
    expect((await card.innerText()).replace(/\s+/g, ' ')).toContain(`${COMMENT} (Demo Faculty)`);
    expect(await pageWidth(student)).toBeLessThanOrEqual(PHONE.width);

    // Excused classes leave the count: yesterday's lecture no longer counts against them.
    await student.goto('/me');
    await expect.poll(() => lectureCard(student)).toContain('100.0% attended 1 of 1');

    // Today, not marked yet: the form starts the student excused, with their leave beside them.
    await faculty.goto('/');
    for (const [link, title] of [
      ['Semester 3', 'Choose a course'],
      ['Data Structures', 'Lecture or Lab?'],
      [/^Lecture/, 'Choose a time slot'],
      ['09:00 - 10:00', 'Choose a division'],
      ['Division 1', 'Who is present?'],
    ] as const) {
      await faculty.getByRole('link', { name: link, exact: true }).click();
      await faculty.getByRole('heading', { level: 1, name: title }).waitFor();
    }
    const box = (enrollment: string) => faculty.getByRole('checkbox', { name: new RegExp(`^${enrollment} `) });
    const row = (enrollment: string) => faculty.locator('label', { has: box(enrollment) });
    await box(DEMO_FAMILY.student.enrollment).waitFor();
    expect(await row(DEMO_FAMILY.student.enrollment).getAttribute('data-status')).toBe('excused');
    expect(await box(DEMO_FAMILY.student.enrollment).isChecked()).toBe(false);
    expect(await row(DEMO_FAMILY.student.enrollment).innerText()).toContain('On leave (Medical)');
    expect(await descriptionOf(box(DEMO_FAMILY.student.enrollment))).toContain('On leave (Medical)');
    // Their sibling has no leave: present, as everyone starts.
    expect(await row(DEMO_FAMILY.guardian.children[1]).getAttribute('data-status')).toBe('present');
    expect(await row(DEMO_FAMILY.guardian.children[1]).innerText()).not.toContain('On leave');
    await screenshot(faculty, 'leave-marking-360');
  }, 120_000);

  it('ran the pages under the strict CSP without a console error', () => {
    expect(t.consoleErrors).toEqual([]);
  });
});
