import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { collegeToday } from '@tests/support/college-time';
import type { AttendanceRecord } from '@shared/schemas/attendance';
import type { PublicUser } from '@shared/schemas/auth';
import type { Course, Division, Semester, Slot, Term } from '@shared/schemas/structure';
import { weekdayOf, type TimetableEntry } from '@shared/schemas/timetable';
import { FACULTY } from './browser';
import { answerJson, wireBody } from './wire';

/*
 * The offline tests' steps (docs/product.md §4, marking offline): today's classes for the demo faculty
 * member, the service worker in control with Today's reads kept, and the sessions stored.
 */

export const TODAY = collegeToday();

/** The API through the page's session (support/wire.ts): `data` of a 2xx answer. */
export async function apiData<T>(page: Page, method: 'GET' | 'POST' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api/v1/${path}`, { method, ...(data ? { data: wireBody(data) } : {}) });
  const body = await answerJson<{ data: T; message: string }>(response);
  expect(response.ok(), body.message).toBe(true);
  return body.data;
}

export interface TodayLecture {
  /** How Today shows the class's times ('09:00–10:00'): its link's name starts with them. */
  times: string;
  body: { date: string; slotid: string; classKind: 'lecture'; courseid: string; groupid: string; presentStudentIds: string[] };
}

/**
 * Gives the demo faculty member, on today's weekday (whatever day the test runs), lectures of Semester 3's
 * Data Structures to Division 2 in these slots, and nothing else that day; answers each one's mark body.
 */
export async function giveTodaysLectures(admin: Page, slotNames: string[]): Promise<TodayLecture[]> {
  const [term] = await apiData<Term[]>(admin, 'GET', 'term/active');
  const faculty = (await apiData<PublicUser[]>(admin, 'GET', 'user')).find((user) => user.email === FACULTY.email)!;
  const weekday = weekdayOf(TODAY);
  const theirs = await apiData<TimetableEntry[]>(admin, 'GET', `timetable?termid=${term!._id}&facultyid=${faculty._id}`);
  for (const entry of theirs.filter((one) => one.weekday === weekday)) await apiData(admin, 'DELETE', `timetable/${entry._id}`);

  const semester = (await apiData<Semester[]>(admin, 'GET', `semester/${term!._id}`)).find((one) => one.name === 'Semester 3')!;
  const course = (await apiData<Course[]>(admin, 'GET', `course/${semester._id}`)).find((one) => one.name === 'Data Structures')!;
  const division = (await apiData<Division[]>(admin, 'GET', `division/${semester._id}`)).find((one) => one.name === 'Division 2')!;
  const slots = await apiData<Slot[]>(admin, 'GET', `slot/${term!._id}`);
  const lectures: TodayLecture[] = [];
  for (const name of slotNames) {
    const slot = slots.find((one) => one.name === name)!;
    const slotid = slot._id;
    await apiData(admin, 'POST', 'timetable', {
      termid: term!._id,
      weekday,
      courseid: course._id,
      facultyid: faculty._id,
      slotid,
      classKind: 'lecture',
      groupid: division._id,
    });
    lectures.push({
      times: `${slot.start}–${slot.end}`,
      body: { date: TODAY, slotid, classKind: 'lecture', courseid: course._id, groupid: division._id, presentStudentIds: [] },
    });
  }
  return lectures;
}

/** The sessions stored for a lecture (GET attendance). */
export async function sessionsOf(page: Page, lecture: TodayLecture) {
  const { date, slotid, courseid, groupid } = lecture.body;
  const records = await apiData<AttendanceRecord[]>(
    page,
    'GET',
    `attendance?date=${date}&slotid=${slotid}&slotcount=1&courseid=${courseid}&groupid=${groupid}`,
  );
  return records[0]?.sessions ?? [];
}

/** Home, under the service worker's control, with Today's student lists kept for offline use. */
export async function homeKeptOffline(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // Loaded again through the worker, which keeps Today and its classes' student lists.
  await page.reload();
  await page.getByRole('heading', { name: 'Mark Attendance' }).waitFor();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const kept = await (await caches.open('sams-api')).keys();
        return kept.map((request) => new URL(request.url).pathname);
      }),
    )
    .toEqual(expect.arrayContaining(['/api/v1/timetable/today', expect.stringMatching(/^\/api\/v1\/student\/division\//)]));
}

/** The strip under the navigation bar: offline, and how many marks wait. */
export const queueStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: /waiting to be sent|offline|needs? a look|needs? your review/ });
