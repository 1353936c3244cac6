import type { Page } from 'playwright-core';
import { beforeAll, expect } from 'vitest';
import { collegeToday } from '@tests/support/college-time';
import type { Batch, Course, Division, DivisionStudentEntry, Semester, Slot, Student, Term } from '@shared/schemas/structure';
import type { ClassKind } from '@shared/schemas/wire-names';
import { FACULTY } from './browser';
import { chosen } from './screen';
import { useE2e, type E2eFile } from './use-e2e';
import { wireBody } from './wire';

/*
 * View Attendance over sessions marked through the API: Data Structures lectures at 11:15 for
 * Division 1 on days A, B and C with fewer students each time, one for Division 2 on day A, and a
 * lab for Batch 1A on day A.
 */

export const NOT_FOUND = 'Attendance data not found!!!';
export const COURSE = 'Data Structures';
export const SLOT = '11:15 - 12:15';
export const LAB_SLOT = '14:00 - 15:00';

/** A day `days` before today (college time), as YYYY-MM-DD. */
export const daysAgo = (days: number) => collegeToday(new Date(Date.now() - days * 86_400_000));
// Within the days back a faculty member may mark (markBackDays, 7 by default).
export const A = daysAgo(6);
export const B = daysAgo(5);
export const C = daysAgo(4);
export const NO_SESSION = daysAgo(20);

interface Person {
  _id: string;
  name: string;
  enrollment: string;
}

export interface ViewAttendanceFile {
  t: E2eFile;
  /** A demo student by enrollment: Division 1 holds 25CE001–25CE030, Division 2 25CE031–25CE060. */
  student(enrollment: string): Person;
  /**
   * A row of the results table: name and enrollment; as percentages also the sessions by status
   * (present, late, absent, excused) and the percentage as a screen reader reads it.
   */
  row(enrollment: string, totals?: readonly number[], percentage?: string): string[];
}

const byName = <T extends { name: string }>(list: T[], name: string): T => {
  const found = list.find((item) => item.name === name);
  if (!found) throw new Error(`${name} not found in ${list.map((item) => item.name).join(', ')}`);
  return found;
};

/** This file's stack, signed in as the demo faculty member on a phone, with the sessions above marked. */
export function useViewAttendance(): ViewAttendanceFile {
  const t = useE2e({ account: FACULTY });
  let people: Person[] = [];
  const student = (enrollment: string) => people.find((person) => person.enrollment === enrollment)!;

  beforeAll(async () => {
    const term = (await t.getData<Term[]>('/term/active'))[0]!;
    const semester = byName(await t.getData<Semester[]>(`/semester/${term._id}`), 'Semester 3');
    const course = byName(await t.getData<Course[]>(`/course/${semester._id}`), COURSE);
    const slots = await t.getData<Slot[]>(`/slot/${term._id}`);
    const divisions = await t.getData<Division[]>(`/division/${semester._id}`);
    const division1 = byName(divisions, 'Division 1')._id;
    const division2 = byName(divisions, 'Division 2')._id;
    for (const division of [division1, division2]) {
      const entries = await t.getData<DivisionStudentEntry[]>(`/student/division/${division}`);
      people.push(...entries.map(({ batchStudents }) => batchStudents));
    }
    people = people.sort((a, b) => a.enrollment.localeCompare(b.enrollment));
    const batch1a = byName(await t.getData<Batch[]>(`/batch/${division1}`), 'Batch 1A');
    expect((await t.getData<Student[]>(`/student/${batch1a._id}`)).map((s) => s.enrollment)).toContain('25CE001');

    const mark = async (date: string, slot: string, classKind: ClassKind, groupid: string, present: string[]) => {
      const data = { date, slotid: byName(slots, slot)._id, classKind, courseid: course._id, groupid };
      const response = await t.page.request.post('/api/v1/attendance', {
        data: wireBody({ ...data, presentStudentIds: present.map((enrollment) => student(enrollment)._id) }),
      });
      expect(response.status(), await response.text()).toBe(201);
    };
    await mark(A, SLOT, 'lecture', division1, ['25CE001', '25CE002', '25CE003', '25CE004']);
    await mark(B, SLOT, 'lecture', division1, ['25CE001', '25CE002', '25CE003']);
    await mark(C, SLOT, 'lecture', division1, ['25CE001', '25CE002']);
    await mark(A, SLOT, 'lecture', division2, ['25CE031']);
    await mark(A, LAB_SLOT, 'lab', batch1a._id, ['25CE001']);
  });

  const row = (enrollment: string, totals?: readonly number[], percentage?: string) => {
    const { name } = student(enrollment);
    return totals === undefined ? [name, enrollment] : [name, enrollment, ...totals.map(String), percentage ?? ''];
  };
  return { t, student, row };
}

const select = (page: Page, label: string) => page.getByLabel(label, { exact: true });

export interface Query {
  slot: string;
  kind: 'Lecture' | 'Lab';
  group?: string;
  date: string;
  enddate?: string;
}

/** Opens View Attendance (unless open) and fills the form for Semester 3 / Data Structures. */
export async function fillForm(page: Page, query: Query): Promise<void> {
  if (new URL(page.url()).pathname !== '/dashboard/viewattendance') {
    await page.goto('/dashboard/viewattendance');
    await page.getByRole('heading', { level: 1, name: 'View Attendance' }).waitFor();
  }
  await select(page, 'Semester').locator('option', { hasText: 'Semester 3' }).waitFor({ state: 'attached' });
  await select(page, 'Semester').selectOption({ label: 'Semester 3' });
  // The first course is preselected once the semester's courses load.
  await expect.poll(() => chosen(select(page, 'Course'))).toBe(COURSE);
  await select(page, 'Slot').selectOption({ label: query.slot });
  await select(page, 'Slot count').selectOption({ label: query.kind });
  const group = page.getByLabel(query.kind === 'Lecture' ? 'Division (optional)' : 'Batch (optional)');
  if (query.group) {
    await group.locator('option', { hasText: query.group }).waitFor({ state: 'attached' });
    await group.selectOption({ label: query.group });
  } else {
    await group.selectOption({ value: '' });
  }
  await page.getByLabel('Start Date').fill(query.date);
  await page.getByLabel('End Date (optional)').fill(query.enddate ?? '');
}

/** Each button's report heading: 'Attendance on <date>' (or 'from <date> to <date>'), 'Attendance percentage'. */
const REPORT_HEADING = { 'Get Attendance': /^Attendance (on|from) \d{4}-\d\d-\d\d/, 'Get Percentage': /^Attendance percentage$/ } as const;

/** Presses the button and waits for the report of that query (a new table or the not-found notice), which takes focus. */
export async function submit(page: Page, button: 'Get Attendance' | 'Get Percentage'): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('heading', { level: 2, name: REPORT_HEADING[button] }).waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toMatch(REPORT_HEADING[button]);
  await page.getByRole('status').filter({ hasText: 'Please wait' }).waitFor({ state: 'detached' });
}

/** The percentage table's header row. */
export const PERCENTAGE_HEADER = ['Name', 'Enrollment', 'Present', 'Late', 'Absent', 'Excused', 'Percentage'];

/** The results table as a screen reader reads it (without what is aria-hidden), header first. */
export async function tableRows(page: Page): Promise<string[][]> {
  const table = page.getByRole('table');
  await table.waitFor();
  return table.evaluate((element) =>
    [...element.querySelectorAll('tr')].map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => {
        const copy = cell.cloneNode(true) as Element;
        copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
        return copy.textContent!.trim();
      }),
    ),
  );
}
