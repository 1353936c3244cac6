import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_FAMILY } from '@functions/lib/demo-accounts';
import { collegeToday } from '@tests/support/college-time';
import type { ClassSessionView } from '@shared/schemas/attendance';
import type { Course, Division, Slot, Term } from '@shared/schemas/structure';
import { ADMIN, DESKTOP, FACULTY, PHONE, screenshot, scrollsSideways, withinWidth } from './support/browser';
import { pageApi } from './support/demo-family-term';
import { useE2e } from './support/use-e2e';

/*
 * The audit trail in Chromium (docs/product.md §2.19): the demo faculty member marks a lecture and corrects the demo
 * student's mark; an admin finds the student by name on the Audit trail screen, sees who corrected it and when, and
 * downloads the CSV.
 */

const t = useE2e({ account: ADMIN, viewport: DESKTOP });
const downloads = mkdtempSync(join(tmpdir(), 'sams-audit-'));
afterAll(() => rmSync(downloads, { recursive: true, force: true }));

/** Data Structures, Division 1 of Semester 3, marked today by the faculty member, then the demo student corrected to absent. */
async function markAndCorrect(): Promise<string> {
  const faculty = t.watch(await t.e2e.signedInPage(FACULTY));
  const [term] = await pageApi<Term[]>(faculty, 'GET', 'term/active');
  const semester = (await pageApi<{ _id: string; name: string }[]>(faculty, 'GET', `semester/${term!._id}`)).find(
    (one) => one.name === 'Semester 3',
  )!;
  const course = (await pageApi<Course[]>(faculty, 'GET', `course/${semester._id}`)).find((one) => one.name === 'Data Structures')!;
  const division = (await pageApi<Division[]>(faculty, 'GET', `division/${semester._id}`)).find((one) => one.name === 'Division 1')!;
  const students = await pageApi<{ batchStudents: { _id: string; name: string; enrollment: string } }[]>(
    faculty,
    'GET',
    `student/division/${division._id}`,
  );
  const slot =
    (await pageApi<Slot[]>(faculty, 'GET', `slot/${term!._id}`)).find((one) => one.name === '11:00 - 12:00') ??
    (await pageApi<Slot[]>(faculty, 'GET', `slot/${term!._id}`))[0]!;
  const demo = students.find((one) => one.batchStudents.enrollment === DEMO_FAMILY.student.enrollment)!.batchStudents;
  const marked = await pageApi<ClassSessionView>(faculty, 'POST', 'attendance', {
    date: collegeToday(),
    slotid: slot._id,
    classKind: 'lecture',
    courseid: course._id,
    groupid: division._id,
    presentStudentIds: students.map((one) => one.batchStudents._id),
  });
  await pageApi(faculty, 'PATCH', `attendance/${marked._id}`, {
    statuses: { [demo._id]: 'absent' },
    reason: 'Left after the first ten minutes',
    version: marked.version,
  });
  await faculty.context().close();
  return demo.name;
}

describe('e2e: the audit trail', () => {
  it('an admin finds who corrected a student’s mark, and downloads the entries', async () => {
    const name = await markAndCorrect();
    // From Settings, where the college's rules are kept.
    await t.page.goto('/dashboard/settings');
    await t.page.getByRole('link', { name: 'audit trail' }).click();
    await t.page.getByRole('heading', { level: 1, name: 'Audit trail' }).waitFor();
    await t.page.getByRole('searchbox', { name: 'Find a student' }).fill(name);
    await t.page.getByRole('button', { name: 'Search', exact: true }).click();
    await t.page.getByRole('button', { name: 'Show their trail' }).first().click();
    await t.page.getByText(`Concerning ${name}`).waitFor();
    const row = t.page.getByRole('table', { name: 'Entries' }).getByRole('row').filter({ hasText: 'Corrected attendance' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Demo Faculty (faculty)');
    // Only the correction names the student (the mark names the class): the header row and one entry.
    expect(await t.page.getByRole('table', { name: 'Entries' }).getByRole('row').count()).toBe(2);
    expect(await scrollsSideways(t.page)).toBe(false);
    await screenshot(t.page, 'audit-trail');

    const [file] = await Promise.all([t.page.waitForEvent('download'), t.page.getByRole('button', { name: 'Download CSV' }).click()]);
    const path = join(downloads, file.suggestedFilename());
    await file.saveAs(path);
    const lines = readFileSync(path, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('When,Who,What,Concerning,From,Route,User-Agent,Records,Request');
    expect(lines.slice(1).join('\n')).toContain('Demo Faculty (faculty),Corrected attendance');
    expect(lines).toHaveLength(2);
  }, 90_000);
});

/** A privacy contact as long as a college's may be: a name, an address of many characters without a space, a phone. */
const LONG_CONTACT = 'Data Protection Officer, dpo.attendance-records@government-engineering-college.example.ac.in, +91 98200 12345';

describe('e2e: the audit trail and the privacy notice on a phone (360 px)', () => {
  it('the Audit trail screen shows its heading and its entries without scrolling sideways', async () => {
    const page = await t.e2e.signedInPage(ADMIN, { viewport: PHONE });
    try {
      // An entry concerning a record: the term's id (a long word) in its Concerning cell.
      const term = await pageApi<Term>(page, 'POST', 'term', { name: 'Phone width term', status: false });
      await pageApi(page, 'PATCH', `term/${term._id}`, { name: 'Phone width term, renamed' });
      await page.goto('/dashboard/audit');
      await page.getByRole('heading', { level: 1, name: 'Audit trail' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Entries' }).waitFor();
      const entries = page.getByRole('table', { name: 'Entries' });
      const renamed = entries.getByRole('row').filter({ hasText: term._id }).first();
      await renamed.waitFor();
      expect(page.viewportSize()).toEqual(PHONE);
      expect(await scrollsSideways(page)).toBe(false);
      expect(await withinWidth(entries)).toBe(true);
      expect(await withinWidth(renamed)).toBe(true);
      await renamed.scrollIntoViewIfNeeded();
      await screenshot(page, 'audit-trail-phone');
    } finally {
      await page.context().close();
    }
  }, 90_000);

  it('the privacy notice, linked from the sign-in page, shows its headings and a long contact without scrolling sideways', async () => {
    const admin = await t.e2e.signedInPage(ADMIN, { viewport: PHONE });
    await pageApi(admin, 'PATCH', 'settings', { privacyContact: LONG_CONTACT });
    await admin.context().close();

    const page = await t.e2e.newPage({ viewport: PHONE });
    try {
      await page.goto('/login');
      await page.getByRole('link', { name: /^Privacy notice/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Privacy notice' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/privacy');
      for (const name of ['What SAMS keeps', 'Why, and who sees it', 'Your data, on request']) {
        await page.getByRole('heading', { level: 2, name }).waitFor();
      }
      const contact = page.getByText(LONG_CONTACT);
      await contact.waitFor();
      expect(page.viewportSize()).toEqual(PHONE);
      expect(await scrollsSideways(page)).toBe(false);
      expect(await withinWidth(contact)).toBe(true);
      await screenshot(page, 'privacy-notice-phone');
    } finally {
      await page.context().close();
    }
  }, 90_000);
});
