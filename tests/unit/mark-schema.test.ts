import { afterEach, describe, expect, it, vi } from 'vitest';
import { FUTURE_DATE, markSchema } from '@shared/schemas/attendance';

/** POST attendance's body (shared/schemas/attendance.ts): what is refused before the server reads anything. */
const mark = (changes: Record<string, unknown> = {}) => ({
  presentStudentIds: ['st-1', 'st-2'],
  date: '2026-11-20',
  slotid: 'slot-1',
  classKind: 'lecture',
  courseid: 'course-1',
  ...changes,
});

/** The messages of a refused body; [] when it is accepted. */
function messages(body: unknown): string[] {
  const parsed = markSchema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

const ids = (count: number) => Array.from({ length: count }, (_, index) => `st-${index}`);

afterEach(() => vi.useRealTimers());

describe('a mark', () => {
  it('is accepted with its ids trimmed, and optional statuses, group and clientMarkId', () => {
    const body = mark({
      slotid: ' slot-1 ',
      groupid: 'division-1',
      statuses: { 'st-1': 'late', 'st-3': 'excused' },
      clientMarkId: '7f1c8a52-3b7e-4c59-9a43-0d5b2f6e8c11',
    });
    expect(markSchema.parse(body)).toMatchObject({
      slotid: 'slot-1',
      groupid: 'division-1',
      statuses: { 'st-1': 'late', 'st-3': 'excused' },
    });
  });

  it('may be for today anywhere on Earth, never a day after (the server then applies the college’s own today)', () => {
    // 09:00 UTC on 26 Nov is 23:00 on 26 Nov at UTC+14 (Kiritimati): the 27th is a day ahead everywhere.
    vi.setSystemTime(new Date('2026-11-26T09:00:00Z'));
    expect(messages(mark({ date: '2026-11-26' }))).toEqual([]);
    expect(messages(mark({ date: '2026-11-27' }))).toEqual([FUTURE_DATE]);
    // An hour later it is the 27th at UTC+14, though still the 26th in UTC.
    vi.setSystemTime(new Date('2026-11-26T10:00:00Z'));
    expect(messages(mark({ date: '2026-11-27' }))).toEqual([]);
    expect(messages(mark({ date: '2026-11-28' }))).toEqual([FUTURE_DATE]);
    expect(messages(mark({ date: '2999-01-01' }))).toEqual([FUTURE_DATE]);
  });

  it('needs a real calendar date', () => {
    for (const date of ['2026-02-30', '20-11-2026', '2026-11-20T00:00:00Z', '', 20261120]) {
      expect(messages(mark({ date }))).toEqual(['Enter a real date as YYYY-MM-DD']);
    }
  });

  it('refuses a student listed twice', () => {
    expect(messages(mark({ presentStudentIds: ['st-1', 'st-2', 'st-1'] }))).toEqual(['A student is listed twice']);
  });

  it('takes at most 1000 present students', () => {
    expect(messages(mark({ presentStudentIds: ids(1000) }))).toEqual([]);
    expect(messages(mark({ presentStudentIds: ids(1001) }))).toContain('At most 1000 students at once');
  });

  it('needs the present students as a list of ids', () => {
    expect(messages(mark({ presentStudentIds: 'st-1' }))).toEqual(['presentStudentData must be a list of student ids']);
    expect(messages(mark({ presentStudentIds: ['st-1', ''] }))).toEqual(['Each present student must be an id']);
  });

  it('maps students to one of the four statuses, at most 1000 of them', () => {
    expect(messages(mark({ statuses: { 'st-1': 'present', 'st-2': 'late', 'st-3': 'absent', 'st-4': 'excused' } }))).toEqual([]);
    expect(messages(mark({ statuses: { 'st-1': 'tardy' } }))).toEqual(['A status must be present, late, absent or excused']);
    expect(messages(mark({ statuses: ['present'] }))).toEqual(['statuses must map student ids to present, late, absent or excused']);
    expect(messages(mark({ statuses: Object.fromEntries(ids(1000).map((id) => [id, 'present'])) }))).toEqual([]);
    expect(messages(mark({ statuses: Object.fromEntries(ids(1001).map((id) => [id, 'present'])) }))).toEqual([
      'At most 1000 students at once',
    ]);
  });

  it('refuses a statuses key that is not an id', () => {
    expect(markSchema.safeParse(mark({ statuses: { '': 'present' } })).success).toBe(false);
    expect(markSchema.safeParse(mark({ statuses: { ['x'.repeat(65)]: 'present' } })).success).toBe(false);
  });

  it("takes a lecture or a lab (wire-names.ts takes the wire's 1 and 2 in before), and needs a course and a slot", () => {
    expect(messages(mark({ classKind: 'lab' }))).toEqual([]);
    expect(messages(mark({ classKind: 3 }))).toEqual(['Slot count must be 1 (Lecture) or 2 (Lab)']);
    expect(messages(mark({ classKind: 1 }))).toEqual(['Slot count must be 1 (Lecture) or 2 (Lab)']);
    expect(messages(mark({ courseid: '  ' }))).toEqual(['Please select a course']);
    expect(messages(mark({ slotid: undefined }))).toEqual(['Please select a slot']);
  });

  it('takes a clientMarkId only as a UUID', () => {
    expect(messages(mark({ clientMarkId: 'mark-1' }))).toEqual(['clientMarkId must be a UUID']);
  });
});
