import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FAMILY } from '@functions/lib/demo-accounts';
import type { SignedInUser } from '@shared/schemas/auth';
import { SIGN_IN_LINK_MESSAGES } from '@shared/schemas/sign-in-link';
import type { StudentData } from '@shared/schemas/student-data';
import { useMailCatcher } from '@tests/support/alerts';
import { pdfLines } from '@tests/support/pdf';
import { signInLinkIn } from '@tests/support/sign-in-links';
import { ADMIN, DESKTOP, PHONE, scrollsSideways } from './support/browser';
import { giveDemoTermAndMarks, pageApi } from './support/demo-family-term';
import { Screen } from './support/screen';
import { useE2e } from './support/use-e2e';

/*
 * A student's data on request in Chromium (docs/product.md §2.21): the demo student asks for their data from Home on a
 * phone; an admin, from Settings, finds the request, downloads the student's data as a PDF (read back with pdftotext)
 * and fulfils it; the student then downloads it as JSON from Home.
 */

// Before the sign-in, the login page's status check answers 401.
const t = useE2e({ expectedErrors: /status of 401/ });
const inbox = useMailCatcher();
let folder = '';
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'sams-student-data-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("e2e: a student's data on request", () => {
  beforeAll(async () => {
    const admin = t.watch(await t.e2e.signedInPage(ADMIN));
    // Yesterday's Data Structures lecture of Division 1, the demo student present.
    await giveDemoTermAndMarks(admin, [{ daysAgo: 1, present: [0] }]);
    await admin.context().close();
  }, 120_000);

  it('the student asks from Home, an admin downloads the PDF and fulfils it, the student downloads the JSON', async () => {
    const student = t.watch(await t.e2e.newPage({ viewport: PHONE }));
    await student.goto(`/login?email=${encodeURIComponent(DEMO_FAMILY.student.email)}`);
    const me = Screen.of(student);
    await me.button('Email me a sign-in link').click();
    await me.main().getByText(SIGN_IN_LINK_MESSAGES.sent).waitFor();
    await student.goto(signInLinkIn((await inbox.mails(1)).at(-1)!, t.e2e.stack.url).url);
    await student.getByRole('heading', { level: 1, name: 'My attendance' }).waitFor();
    const { name } = (await pageApi<SignedInUser>(student, 'GET', 'auth/currentstatus')).students![0]!;
    await student.getByRole('button', { name: 'Ask for your data' }).click();
    await student.getByText(/^Asked for on /).waitFor();
    expect(await scrollsSideways(student)).toBe(false);

    const admin = t.watch(await t.e2e.signedInPage(ADMIN, { viewport: DESKTOP }));
    await admin.goto('/dashboard/settings');
    await admin.getByRole('link', { name: 'student data' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Student data' }).waitFor();
    const row = admin.getByRole('table', { name: 'Requests' }).getByRole('row').filter({ hasText: DEMO_FAMILY.student.enrollment });
    await row.waitFor();
    expect(await row.innerText()).toContain(`by ${name} (student)`);
    const [pdf] = await Promise.all([
      admin.waitForEvent('download', { timeout: 30_000 }),
      row.getByRole('button', { name: /^Download PDF/ }).click(),
    ]);
    const pdfPath = join(folder, pdf.suggestedFilename());
    await pdf.saveAs(pdfPath);
    expect(pdf.suggestedFilename()).toBe(`Data of ${DEMO_FAMILY.student.enrollment} ${name}.pdf`);
    const lines = pdfLines(pdfPath);
    const text = lines.join('\n');
    expect(text).toContain(`Name: ${name}`);
    expect(text).toContain(`Enrollment: ${DEMO_FAMILY.student.enrollment}`);
    // Their class of yesterday, present; their request; the trail's entry of their asking.
    expect(lines.some((line) => line.includes('Data Structures (Lecture)') && line.includes('present'))).toBe(true);
    expect(text).toContain('Data request: requested');
    expect(text).toContain("Asked for a student's data");

    await row.getByRole('button', { name: /^Fulfil/ }).click();
    await admin.getByText('The data is ready').waitFor();
    await admin.getByText('No open requests').waitFor();
    // The screen on a phone: nothing scrolls sideways.
    await admin.setViewportSize(PHONE);
    await admin.getByRole('heading', { level: 2, name: 'Requests' }).waitFor();
    expect(await scrollsSideways(admin)).toBe(false);
    await admin.context().close();

    await student.reload();
    const [json] = await Promise.all([
      student.waitForEvent('download', { timeout: 30_000 }),
      student.getByRole('button', { name: 'Download JSON' }).click(),
    ]);
    const jsonPath = join(folder, json.suggestedFilename());
    await json.saveAs(jsonPath);
    const data = JSON.parse(readFileSync(jsonPath, 'utf8')) as StudentData;
    expect(data.student.enrollment).toBe(DEMO_FAMILY.student.enrollment);
    expect(data.dataRequest?.status).toBe('ready');
    expect(data.record.sessions.length).toBeGreaterThan(0);
    expect(t.consoleErrors).toEqual([]);
    await student.context().close();
  }, 150_000);
});
