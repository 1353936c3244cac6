import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_FAMILY } from '@functions/lib/demo-accounts';
import { addDays } from '@shared/dates';
import type { Course, Division, Slot, Term } from '@shared/schemas/structure';
import { collegeToday } from '@tests/support/college-time';
import { answerJson, wireBody } from './wire';

/** The API through the page's session (support/wire.ts): `data` of a 2xx answer. */
export async function pageApi<T>(page: Page, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api/v1/${path}`, { method, ...(data ? { data: wireBody(data) } : {}) });
  const body = await answerJson<{ data: T; message: string }>(response);
  expect(response.ok(), body.message).toBe(true);
  return body.data;
}

/**
 * Gives the demo college's active term a first and last day (two weeks ago to a month ahead) and marks Data
 * Structures lectures of Division 1 (Semester 3) on days before today, as the admin: `marks` says, per number of
 * days ago, which of the demo guardian's children (0: the demo student, 1: their sibling) were present.
 */
export async function giveDemoTermAndMarks(admin: Page, marks: { daysAgo: number; present: number[] }[]): Promise<void> {
  const today = collegeToday();
  const [term] = await pageApi<Term[]>(admin, 'GET', 'term/active');
  await pageApi(admin, 'PATCH', `term/${term!._id}`, { startDate: addDays(today, -14), endDate: addDays(today, 30) });
  const semesters = await pageApi<{ _id: string; name: string }[]>(admin, 'GET', `semester/${term!._id}`);
  const semester = semesters.find((one) => one.name === 'Semester 3')!;
  const course = (await pageApi<Course[]>(admin, 'GET', `course/${semester._id}`)).find((one) => one.name === 'Data Structures')!;
  const division = (await pageApi<Division[]>(admin, 'GET', `division/${semester._id}`)).find((one) => one.name === 'Division 1')!;
  const students = await pageApi<{ batchStudents: { _id: string; enrollment: string } }[]>(
    admin,
    'GET',
    `student/division/${division._id}`,
  );
  const children = DEMO_FAMILY.guardian.children.map(
    (enrollment) => students.find((one) => one.batchStudents.enrollment === enrollment)!.batchStudents._id,
  );
  const slot = (await pageApi<Slot[]>(admin, 'GET', `slot/${term!._id}`)).find((one) => one.name === '09:00 - 10:00')!;
  for (const { daysAgo, present } of marks) {
    await pageApi(admin, 'POST', 'attendance', {
      date: addDays(today, -daysAgo),
      slotid: slot._id,
      classKind: 'lecture',
      courseid: course._id,
      groupid: division._id,
      presentStudentIds: present.map((child) => children[child]),
    });
  }
}
