import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collegeToday } from '@tests/support/college-time';
import type { AttendanceRecord } from '@shared/schemas/attendance';
import type { PublicUser } from '@shared/schemas/auth';
import type { Batch, Course, Division, Semester, Slot, Term } from '@shared/schemas/structure';
import { TIMETABLE_MESSAGES, weekdayOf, type NotMarked, type TimetableEntry } from '@shared/schemas/timetable';
import { ADMIN, FACULTY, screenshot, scrollsSideways, signIn } from './support/browser';
import { useE2e } from './support/use-e2e';
import { answerJson, wireBody } from './support/wire';

/*
 * Today in Chromium against the real local stack (docs/product.md §2.4, §3): the admin gives the demo
 * faculty member two classes on today's weekday (whatever day the test runs, weekends too); the faculty
 * member signs in, opens the marking form of the first class from Today in one tap, marks it, and Today
 * shows it marked, leading to its view. The admin's Home counts the classes not marked, before and after.
 */

// The sign-in page's status check answers 401 before login, which Chromium logs as a failed resource load.
const t = useE2e({ expectedErrors: /status of 401/ });
const TODAY = collegeToday();
const LECTURE_SLOT = '09:00 - 10:00';
const LAB_SLOT = '14:00 - 15:00';

async function api<T>(page: Page, method: 'GET' | 'POST' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api/v1/${path}`, { method, ...(data ? { data: wireBody(data) } : {}) });
  const body = await answerJson<{ data: T; message: string }>(response);
  expect(response.ok(), body.message).toBe(true);
  return body.data;
}

/** Only these two classes for the demo faculty member on today's weekday: a lecture of Division 1, then a lab of Batch 1A. */
async function giveTodaysClasses(admin: Page): Promise<void> {
  const [term] = await api<Term[]>(admin, 'GET', 'term/active');
  const faculty = (await api<PublicUser[]>(admin, 'GET', 'user')).find((user) => user.email === FACULTY.email)!;
  const weekday = weekdayOf(TODAY);
  const theirs = await api<TimetableEntry[]>(admin, 'GET', `timetable?termid=${term!._id}&facultyid=${faculty._id}`);
  for (const entry of theirs.filter((one) => one.weekday === weekday)) await api(admin, 'DELETE', `timetable/${entry._id}`);

  const semester = (await api<Semester[]>(admin, 'GET', `semester/${term!._id}`)).find((one) => one.name === 'Semester 3')!;
  const course = (await api<Course[]>(admin, 'GET', `course/${semester._id}`)).find((one) => one.name === 'Data Structures')!;
  const division = (await api<Division[]>(admin, 'GET', `division/${semester._id}`)).find((one) => one.name === 'Division 1')!;
  const batch = (await api<Batch[]>(admin, 'GET', `batch/${division._id}`)).find((one) => one.name === 'Batch 1A')!;
  const slots = await api<Slot[]>(admin, 'GET', `slot/${term!._id}`);
  const slotid = (name: string) => slots.find((slot) => slot.name === name)!._id;
  const base = { termid: term!._id, weekday, courseid: course._id, facultyid: faculty._id };
  // The lab first, so that Today's order is the slots' and not the order of adding.
  await api(admin, 'POST', 'timetable', { ...base, slotid: slotid(LAB_SLOT), classKind: 'lab', groupid: batch._id });
  await api(admin, 'POST', 'timetable', { ...base, slotid: slotid(LECTURE_SLOT), classKind: 'lecture', groupid: division._id });
}

const missingToday = (admin: Page) => api<NotMarked>(admin, 'GET', `attendance/missing?date=${TODAY}`);
/** Home counts the overdue ones; the later ones (not ended yet, by the clock of the run) come apart. */
const notMarkedCount = async (admin: Page) => {
  const { overdue, later } = await missingToday(admin);
  return { overdue: overdue.length, all: overdue.length + later.length };
};
const countText = (count: number) => `${count} ${count === 1 ? 'class' : 'classes'} not marked today`;

describe('e2e Today: a faculty member on a phone', () => {
  let admin: Page;
  let missingBefore = { overdue: 0, all: 0 };

  it("counts today's classes not marked on the admin's Home, the two new ones included", async () => {
    admin = t.watch(await t.e2e.signedInPage(ADMIN));
    await giveTodaysClasses(admin);
    missingBefore = await notMarkedCount(admin);
    expect(missingBefore.all).toBeGreaterThanOrEqual(2);
    await admin.goto('/');
    await admin.getByRole('link', { name: new RegExp(countText(missingBefore.overdue)) }).waitFor();
  });

  it('opens the current class from Today in one tap after login, marks it, and Today shows it marked', async () => {
    const page = t.watch(await t.e2e.newPage());
    await signIn(page, FACULTY); // lands on Home

    const today = page.getByRole('list', { name: TIMETABLE_MESSAGES.today });
    await today.waitFor();
    const classes = today.getByRole('link');
    await expect.poll(() => classes.allInnerTexts()).toHaveLength(2);
    const [first, second] = await classes.allInnerTexts();
    // Each led by its class times (the demo slots' names are their times, so not repeated).
    expect(first).toMatch(new RegExp(`^${LECTURE_SLOT.replace(' - ', '–')} · Data Structures\\s+Lecture · Division 1`));
    expect(second).toMatch(new RegExp(`^${LAB_SLOT.replace(' - ', '–')} · Data Structures\\s+Lab · Division 1 / Batch 1A`));
    expect(first).not.toMatch(/Marked/);
    // Large tap targets, and the step-by-step flow still below as "Another class".
    expect((await classes.first().boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await page.getByRole('heading', { name: 'Another class' }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'today-1-home');

    // Tap 1: the marking form of the lecture, everyone present.
    await classes.first().click();
    await page.getByRole('heading', { level: 1, name: 'Who is present?' }).waitFor();
    await expect.poll(() => page.getByText('Selected: Data Structures / Lecture / 09:00 - 10:00 / Division 1').count()).toBe(1);
    await expect.poll(() => page.getByText('30 of 30 present').count()).toBe(1);
    await page.getByRole('checkbox', { name: /^25CE002 / }).uncheck();
    await page.getByRole('button', { name: 'Mark' }).click();
    await page.getByRole('heading', { name: 'Attendance Marked Successfully' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home now' }).click();

    // Today: the lecture marked, the lab not.
    await expect.poll(async () => (await classes.allInnerTexts()).map((text) => /Marked/.test(text))).toEqual([true, false]);
    await screenshot(page, 'today-2-marked');

    // Exactly one session, with the one absent student (the marked class links to its view, which names the class).
    const view = new URL((await classes.first().getAttribute('href'))!, t.e2e.stack.url).searchParams;
    const query = new URLSearchParams({ date: TODAY, slotid: view.get('slotid')!, slotcount: '1', courseid: view.get('courseid')! });
    const [record] = await api<AttendanceRecord[]>(page, 'GET', `attendance?${query}`);
    expect(record!.sessions).toHaveLength(1);
    const absent = record!.sessions[0]!.students.filter((student) => student.status === 'absent');
    expect(absent.map((student) => student.enrollment)).toEqual(['25CE002']);

    // A marked class opens its view of today, the session listed with its students.
    await classes.first().click();
    await page.getByRole('heading', { level: 1, name: 'View Attendance' }).waitFor();
    await page.getByRole('article', { name: 'Division 1' }).waitFor();
    await page.context().close();
  });

  it("the admin's Home then counts one class fewer", async () => {
    const after = await notMarkedCount(admin);
    expect(after.all).toBe(missingBefore.all - 1);
    await admin.reload();
    await admin.getByRole('link', { name: new RegExp(countText(after.overdue)) }).waitFor();
    await admin.context().close();
  });

  it('ran every page above under the strict CSP without a console error', () => {
    expect(t.consoleErrors).toEqual([]);
  });
});
