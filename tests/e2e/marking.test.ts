import { describe, expect, it } from 'vitest';
import { collegeToday } from '@tests/support/college-time';
import type { AttendanceRecord } from '@shared/schemas/attendance';
import { FACULTY, screenshot, scrollsSideways } from './support/browser';
import { useE2e } from './support/use-e2e';

const DUPLICATE = 'Attendance for this date, course, and slot already exists';

// The second mark of the same lecture is refused with a 409, which Chromium logs as a failed resource load.
const t = useE2e({ account: FACULTY, expectedErrors: /status of 409/ });
/** The students form of the lecture marked first, kept to open it again in a new tab. */
let lectureFormUrl = '';

/** Follows the links of the flow by their names, checking each step's title. */
async function walk(steps: [link: string | RegExp, nextTitle: string][]) {
  for (const [link, title] of steps) {
    await t.page.getByRole('link', { name: link, exact: true }).click();
    await t.page.getByRole('heading', { level: 1, name: title }).waitFor();
  }
}

/** From Home to the division step: Semester 3 → Data Structures → Lecture or Lab → the slot. */
async function toDivisions(kind: 'Lecture' | 'Lab', slot: string) {
  await walk([
    ['Semester 3', 'Choose a course'],
    ['Data Structures', 'Lecture or Lab?'],
    [new RegExp(`^${kind}`), 'Choose a time slot'],
    [slot, 'Choose a division'],
  ]);
}

/** What GET attendance answers for the marked session (read through the signed-in browser context). */
async function markedSession(formUrl: string): Promise<AttendanceRecord | undefined> {
  const url = new URL(formUrl, t.e2e.stack.url);
  const query = new URLSearchParams({
    date: collegeToday(),
    slotid: url.searchParams.get('slot')!,
    slotcount: url.searchParams.get('kind')!,
    courseid: url.searchParams.get('courseid')!,
    groupid: url.pathname.split('/').pop()!,
  });
  const response = await t.page.request.get(`/api/v1/attendance?${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: AttendanceRecord[] }).data[0];
}

const studentBoxes = () => t.page.getByRole('group', { name: 'Students present' }).getByRole('checkbox');

describe('e2e marking: a faculty member on a phone', () => {
  it('marks a lecture: Home → course → Lecture → time → division → students → success → Home', async () => {
    await t.page.goto('/');
    await t.page.getByRole('heading', { name: 'Mark Attendance' }).waitFor();
    await screenshot(t.page, 'lecture-1-home');
    await toDivisions('Lecture', '09:00 - 10:00');
    await walk([['Division 1', 'Who is present?']]);
    await t.page.getByRole('checkbox', { name: 'Select all' }).waitFor();
    expect(new URL(t.page.url()).pathname).toMatch(/^\/students\/[\w-]+$/);
    await expect.poll(() => t.page.getByText('Semester 3 / Data Structures / Lecture / 09:00 - 10:00 / Division 1').count()).toBe(1);

    // A lecture is the whole division: two batches of 15, everyone present to start with.
    await expect.poll(() => studentBoxes().count()).toBe(30);
    await expect.poll(() => t.page.getByText('30 of 30 present').count()).toBe(1);
    await t.page.getByRole('checkbox', { name: 'Select all' }).uncheck();
    await expect.poll(() => t.page.getByText('0 of 30 present').count()).toBe(1);
    await t.page.getByRole('checkbox', { name: /^25CE001 / }).check();
    await t.page.getByRole('checkbox', { name: /^25CE004 / }).check();
    await t.page.getByRole('checkbox', { name: /^25CE020 / }).check(); // batch 1B
    await expect.poll(() => t.page.getByText('3 of 30 present').count()).toBe(1);

    // Phone-friendly: no sideways scrolling, tap targets of 44 px or more.
    expect(await scrollsSideways(t.page)).toBe(false);
    const row = await t.page.locator('label', { has: t.page.getByRole('checkbox', { name: /^25CE001 / }) }).boundingBox();
    expect(row!.height).toBeGreaterThanOrEqual(44);
    expect(row!.width).toBeGreaterThan(300);
    expect((await t.page.getByRole('button', { name: 'Mark' }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await screenshot(t.page, 'lecture-2-students');

    lectureFormUrl = t.page.url();
    await t.page.getByRole('button', { name: 'Mark' }).click();
    await t.page.getByRole('heading', { name: 'Attendance Marked Successfully' }).waitFor();
    const shownAt = Date.now();
    expect(await t.page.getByText('You will be redirected shortly...').isVisible()).toBe(true);
    expect(new URL(t.page.url()).pathname).toBe('/success');
    await screenshot(t.page, 'lecture-3-success');
    await t.page.waitForURL((url) => url.pathname === '/', { timeout: 6000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2500);
    await t.page.getByRole('heading', { name: 'Mark Attendance' }).waitFor();

    const record = await markedSession(lectureFormUrl);
    expect(record?.presentStudentsName.map((student) => student.enrollment)).toEqual(['25CE001', '25CE004', '25CE020']);
  });

  it('refuses a second mark of the same lecture (opened in a new tab): the message, then back home after 1 s', async () => {
    expect(lectureFormUrl).not.toBe('');
    const tab = t.watch(await t.page.context().newPage());
    try {
      await tab.goto(lectureFormUrl);
      await tab.getByRole('checkbox', { name: 'Select all' }).check();
      await tab.getByRole('button', { name: 'Mark' }).click();
      const toast = tab.getByRole('alert').filter({ hasText: DUPLICATE });
      await toast.waitFor();
      const shownAt = Date.now();
      await screenshot(tab, 'lecture-4-duplicate');
      await tab.waitForURL((url) => url.pathname === '/', { timeout: 4000 });
      expect(Date.now() - shownAt).toBeGreaterThanOrEqual(700);
      await tab.getByRole('heading', { name: 'Mark Attendance' }).waitFor();
    } finally {
      await tab.close();
    }
    // The first mark stands.
    const record = await markedSession(lectureFormUrl);
    expect(record?.presentStudentsName).toHaveLength(3);
  });

  it('marks a lab for one batch, with the keyboard: … → division → batch → students → success', async () => {
    await t.page.goto('/');
    await toDivisions('Lab', '10:00 - 11:00');
    await walk([['Division 1', 'Choose a batch']]);
    await screenshot(t.page, 'lab-1-batch');
    await walk([['Batch 1B', 'Who is present?']]);
    await expect.poll(() => t.page.getByText('Semester 3 / Data Structures / Lab / 10:00 - 11:00 / Division 1 / Batch 1B').count()).toBe(1);
    await expect.poll(() => studentBoxes().count()).toBe(15);
    expect(await t.page.getByRole('checkbox', { name: /^25CE016 / }).count()).toBe(1);
    expect(await t.page.getByRole('checkbox', { name: /^25CE001 / }).count()).toBe(0);

    // Keyboard only: Space on Select all (everyone off, then on again), Tab to the first student, Space to take them off.
    await expect.poll(() => t.page.getByText('15 of 15 present').count()).toBe(1);
    await t.page.getByRole('checkbox', { name: 'Select all' }).focus();
    await t.page.keyboard.press('Space');
    await expect.poll(() => t.page.getByText('0 of 15 present').count()).toBe(1);
    await t.page.keyboard.press('Space');
    await expect.poll(() => t.page.getByText('15 of 15 present').count()).toBe(1);
    await t.page.keyboard.press('Tab');
    await t.page.keyboard.press('Space');
    await expect.poll(() => t.page.getByText('14 of 15 present').count()).toBe(1);
    expect(await t.page.getByRole('checkbox', { name: /^25CE016 / }).isChecked()).toBe(false);
    expect(await scrollsSideways(t.page)).toBe(false);
    await screenshot(t.page, 'lab-2-students');
    const formUrl = t.page.url();

    await t.page.getByRole('button', { name: 'Mark' }).click();
    await t.page.getByRole('heading', { name: 'Attendance Marked Successfully' }).waitFor();
    await t.page.waitForURL((url) => url.pathname === '/', { timeout: 6000 });

    const record = await markedSession(formUrl);
    expect(record?.slotcount).toBe(2);
    expect(record?.presentStudentsName).toHaveLength(14);
    expect(record?.presentStudentsName.map((student) => student.enrollment)).not.toContain('25CE016');
  });

  it('ran every screen above under the strict CSP without a console error', () => {
    expect(t.consoleErrors).toEqual([]);
  });
});
