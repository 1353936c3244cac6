import { beforeAll, expect } from 'vitest';
import { collegeToday } from '@tests/support/college-time';
import type {
  AttendanceRecord,
  CriteriaQuery,
  HistoryEntry,
  MarkedClassSession,
  MarkInput,
  PercentageReport,
  ClassSessionView,
  ViewQuery,
} from '@shared/schemas/attendance';
import type { CollegeSettings, SettingsPatch } from '@shared/schemas/settings';
import type { StackFixture, TestStack } from './stack';

/** Attendance through the API of the fixture's stack (read when called: it starts before the tests). */
export function attendanceApi(t: { stack: TestStack }) {
  const textQuery = (values: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(values).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
  return {
    /** POST attendance, failing the test on anything but 201; answers the marked class session. */
    async mark(cookie: string, body: Record<string, unknown>): Promise<MarkedClassSession> {
      // The caller's body is sent as it is (tests build bodies field by field); the answer is typed by the contract.
      const result = await t.stack.api('POST /attendance', { cookie, body: body as MarkInput });
      expect(result.status, result.body?.message).toBe(201);
      return result.body.data;
    },
    correct: (cookie: string, id: string, body: Record<string, unknown>) =>
      t.stack.call('PATCH', `/api/v1/attendance/${id}`, { cookie, body }),
    async history(cookie: string, id: string): Promise<HistoryEntry[]> {
      const result = await t.stack.api('GET /attendance/{id}/history', { params: { id }, cookie });
      expect(result.status, result.body?.message).toBe(200);
      return result.body.data;
    },
    /** GET attendance's record, or undefined when no class session matched. */
    async view(cookie: string, values: Record<string, unknown>): Promise<AttendanceRecord | undefined> {
      const result = await t.stack.api('GET /attendance', { query: textQuery(values) as ViewQuery, cookie });
      expect(result.status, result.body?.message).toBe(200);
      return result.body.data[0];
    },
    /** The one class session GET attendance lists for this slot and group. */
    async classSession(cookie: string, values: Record<string, unknown>): Promise<ClassSessionView> {
      const record = await this.view(cookie, values);
      expect(record?.sessions).toHaveLength(1);
      return record!.sessions[0]!;
    },
    async percentages(cookie: string, values: Record<string, unknown>): Promise<PercentageReport> {
      const result = await t.stack.api('GET /attendance/criteria', { query: textQuery(values) as CriteriaQuery, cookie });
      expect(result.status, result.body?.message).toBe(200);
      return result.body.data;
    },
    async settings(cookie: string, patch: SettingsPatch): Promise<CollegeSettings> {
      const result = await t.stack.api('PATCH /settings', { cookie, body: patch });
      expect(result.status, result.body?.message).toBe(200);
      return result.body.data;
    },
  };
}

/**
 * For a file whose faculty member marks dates further back than the default markBackDays (7),
 * each test on its own day: the college's setting raised to `days` before its tests.
 */
export function letFacultyMarkBack(t: StackFixture<'admin'>, days: number): void {
  beforeAll(async () => {
    await attendanceApi(t).settings(t.admin.cookie, { markBackDays: days });
  });
}

/** YYYY-MM-DD `n` days before today (college time). */
export const daysAgo = (n: number): string => collegeToday(Date.now() - n * 86_400_000);
