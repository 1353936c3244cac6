import { expect } from 'vitest';
import type { NotMarked, TimetableEntry, TimetableEntryInput, TimetableQuery, TodayClass } from '@shared/schemas/timetable';
import { toWire } from '@shared/schemas/wire-names';
import { createUser } from '@functions/lib/repositories/users';
import type { PublicUser } from '@shared/schemas/auth';
import type { SmallCollege } from './college';
import type { TestStack } from './stack';

/** Dates of one week (2026-03-02 is a Monday): the timetable tests' dates by weekday. */
export const WEEK = {
  monday: '2026-03-02',
  tuesday: '2026-03-03',
  wednesday: '2026-03-04',
  thursday: '2026-03-05',
  friday: '2026-03-06',
  saturday: '2026-03-07',
} as const;

/** The body of POST timetable (SAMS's names): a lecture of the college's first division in its first slot on Monday. */
export function entryBody(college: SmallCollege, facultyid: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    termid: college.termid,
    weekday: 1,
    slotid: college.slotids[0],
    courseid: college.courseid,
    classKind: 'lecture',
    groupid: college.divisions[0]!.id,
    facultyid,
    ...overrides,
  };
}

let members = 0;

/** A user straight in the table, never signed in (a faculty member to give classes to). */
export async function facultyMember(username: string): Promise<PublicUser> {
  members += 1;
  return createUser({ username, email: `member${members}-${Date.now()}@college.test`, role: 'faculty', passwordHash: 'not a hash' });
}

/** The timetable routes through the API of the fixture's stack (read when called: it starts before the tests). */
export function timetableApi(t: { stack: TestStack; admin: { cookie: string } }) {
  return {
    /** POST timetable, any answer: the body (SAMS's names) sent with the wire's, the answer as it came. */
    add: (body: Record<string, unknown>, cookie = t.admin.cookie) =>
      t.stack.call('POST', '/api/v1/timetable', { cookie, body: toWire(body) }),
    /** POST timetable, failing the test on anything but 201; answers the entry. */
    async added(body: Record<string, unknown>): Promise<TimetableEntry> {
      // The caller's body is sent as it is (tests build bodies field by field); the answer is typed by the contract.
      const result = await t.stack.api('POST /timetable', { cookie: t.admin.cookie, body: body as TimetableEntryInput });
      expect(result.status, result.body?.message).toBe(201);
      return result.body.data;
    },
    remove: (id: string, cookie = t.admin.cookie) => t.stack.call('DELETE', `/api/v1/timetable/${id}`, { cookie }),
    async list(query: TimetableQuery, cookie = t.admin.cookie): Promise<TimetableEntry[]> {
      const result = await t.stack.api('GET /timetable', { query, cookie });
      expect(result.status, result.body?.message).toBe(200);
      return result.body.data;
    },
    async today(cookie: string, date?: string): Promise<{ data: TodayClass[]; message: string }> {
      const result = await t.stack.api('GET /timetable/today', { query: { date }, cookie });
      expect(result.status, result.body?.message).toBe(200);
      return result.body;
    },
    async missing(date: string): Promise<{ data: NotMarked; message: string }> {
      const result = await t.stack.api('GET /attendance/missing', { query: { date }, cookie: t.admin.cookie });
      expect(result.status, result.body?.message).toBe(200);
      return result.body;
    },
  };
}
