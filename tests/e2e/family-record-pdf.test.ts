import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FAMILY } from '@functions/lib/demo-accounts';
import type { SignedInUser } from '@shared/schemas/auth';
import type { StudentStanding } from '@shared/schemas/reports';
import { SIGN_IN_LINK_MESSAGES } from '@shared/schemas/sign-in-link';
import { PROJECTIONS_HEADING, projectionsSection } from '@web/features/reports/record';
import { useMailCatcher } from '@tests/support/alerts';
import { pdfLines } from '@tests/support/pdf';
import { signInLinkIn } from '@tests/support/sign-in-links';
import { ADMIN, PHONE } from './support/browser';
import { Screen } from './support/screen';
import { giveDemoTermAndMarks, pageApi } from './support/demo-family-term';
import { useE2e } from './support/use-e2e';

/*
 * The demo student's record PDF from /me/classes on a phone (360 px), in Chromium against the real stack
 * (docs/product.md §4, §5): after the standing, what the classes still to come allow, in the Home's words,
 * as of the standing's day, read back with pdftotext.
 */

// Before the sign-in, the login page's status check answers 401.
const t = useE2e({ expectedErrors: /status of 401/ });
const inbox = useMailCatcher();
let folder = '';
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'sams-family-pdf-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("e2e: a student's record PDF from every class, on a phone", () => {
  beforeAll(async () => {
    const admin = t.watch(await t.e2e.signedInPage(ADMIN));
    // Yesterday's Data Structures lecture of Division 1, the demo student present.
    await giveDemoTermAndMarks(admin, [{ daysAgo: 1, present: [0] }]);
    await admin.context().close();
  }, 120_000);

  it('has the Home’s projection lines after the standing, as of the standing’s day', async () => {
    const page = t.watch(await t.e2e.newPage({ viewport: PHONE }));
    await page.goto(`/login?email=${encodeURIComponent(DEMO_FAMILY.student.email)}`);
    const screen = Screen.of(page);
    await screen.button('Email me a sign-in link').click();
    await screen.main().getByText(SIGN_IN_LINK_MESSAGES.sent).waitFor();
    await page.goto(signInLinkIn((await inbox.mails(1)).at(-1)!, t.e2e.stack.url).url);
    await page.getByRole('heading', { level: 1, name: 'My attendance' }).waitFor();
    await page.locator('.standing-card').first().waitFor();
    const me = await pageApi<SignedInUser>(page, 'GET', 'auth/currentstatus');
    const standing = await pageApi<StudentStanding>(page, 'GET', `report/student/${me.students![0]!._id}/standing`);
    const homeLines = await page.locator('.standing-card-line').allInnerTexts();

    await page.getByRole('link', { name: 'Every class, with PDF and CSV' }).click();
    await page.getByRole('heading', { level: 2, name: 'Sessions' }).waitFor();
    const [file] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      screen.main().getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const path = join(folder, file.suggestedFilename());
    await file.saveAs(path);

    const lines = pdfLines(path);
    const heading = lines.indexOf(PROJECTIONS_HEADING);
    const standingHead = lines.indexOf('Course Percentage Attended Classes needed');
    const sessionsHead = lines.indexOf('Date Course Kind Slot Status');
    expect(standingHead).toBeGreaterThan(0);
    expect(heading).toBeGreaterThan(standingHead);
    expect(sessionsHead).toBeGreaterThan(heading);
    expect(lines[heading + 1]).toBe(`As of ${standing.asOf}`);
    // A long line wraps in the PDF: the section's text, its lines joined, is the Home's lines in order.
    const expected = projectionsSection(standing, { you: true }).body.slice(1).flat();
    const lecture = expected.find((line) => line.startsWith('Data Structures (Lecture): '))!;
    expect(lecture).toMatch(/^Data Structures \(Lecture\): \d+ more Data Structures lectures are scheduled until /);
    const section = lines.slice(heading + 2, sessionsHead).join(' ');
    expect(section).toBe(expected.join(' '));
    expect(homeLines.length).toBe(expected.length);
    for (const line of homeLines) expect(section).toContain(line.trim());
    await page.context().close();
  }, 120_000);

  it('ran the pages under the strict CSP without a console error', () => {
    expect(t.consoleErrors).toEqual([]);
  });
});
