import { describe, expect, it } from 'vitest';
import { CORRECTION_CONFLICT, type CorrectionInput } from '@shared/schemas/attendance';
import { DEFAULT_SETTINGS, type CollegeSettings } from '@shared/schemas/settings';
import { assertMayCorrect, correctedClassSession } from '@functions/lib/attendance/corrections';
import { Conflict, Forbidden, Invalid } from '@functions/lib/domain-errors';
import type { CurrentUser } from '@functions/lib/http/types';
import type { ClassSession } from '@functions/lib/repositories/attendance';

/** docs/product.md §4 and §6: who may correct a marked class session, and what a correction writes. */
const settings: CollegeSettings = { ...DEFAULT_SETTINGS, editWindowHours: 48, timeZone: 'Asia/Kolkata' };
const HOUR = 3_600_000;

const user = (_id: string, role: 'admin' | 'faculty', username = _id): CurrentUser => ({
  _id,
  username,
  email: `${_id}@college.test`,
  role,
  loginSessionId: `login-session-${_id}`,
});
const admin = user('admin-1', 'admin', 'Admin');
const marker = user('faculty-1', 'faculty', 'Meera Iyer');
const otherFaculty = user('faculty-2', 'faculty', 'Ravi Kumar');

// Marked at 09:30 in Kolkata on 20 Nov; a 48-hour window closes at 09:30 on 22 Nov there.
const MARKED_AT = '2026-11-20T04:00:00.000Z';
const WINDOW_CLOSES = Date.parse('2026-11-22T04:00:00.000Z');

const classSession = (changes: Partial<ClassSession> = {}): ClassSession => ({
  _id: 'session-1',
  courseid: 'course-1',
  classKind: 'lecture',
  date: '2026-11-20',
  slotid: 'slot-1',
  groupid: 'division-1',
  // Stored out of roll order, so the tests see where roll order is applied.
  expected: [
    { _id: 'st-10', name: 'Bina Shah', enrollment: 'CE10' },
    { _id: 'st-2', name: 'Aarav Patel', enrollment: 'CE2' },
    { _id: 'st-3', name: 'Chirag Rao', enrollment: 'CE3' },
  ],
  statuses: { 'st-10': 'absent', 'st-2': 'present', 'st-3': 'late' },
  markedBy: { _id: marker._id, username: marker.username },
  markedAt: MARKED_AT,
  version: 1,
  ...changes,
});

/** The error `run` throws (fails the test when it throws none). */
function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error, none was thrown');
}

describe('assertMayCorrect', () => {
  it('lets an admin correct any session, long after the window and with faculty corrections off', () => {
    const years = new Date(WINDOW_CLOSES + 3 * 365 * 24 * HOUR);
    expect(() => assertMayCorrect(classSession(), admin, settings, years)).not.toThrow();
    expect(() => assertMayCorrect(classSession(), admin, { ...settings, editWindowHours: 0 }, years)).not.toThrow();
  });

  it('lets the faculty member who marked it correct it until the window closes, not at the close', () => {
    expect(() => assertMayCorrect(classSession(), marker, settings, new Date(MARKED_AT))).not.toThrow();
    expect(() => assertMayCorrect(classSession(), marker, settings, new Date(WINDOW_CLOSES - 1))).not.toThrow();
    const error = thrown(() => assertMayCorrect(classSession(), marker, settings, new Date(WINDOW_CLOSES)));
    expect(error).toBeInstanceOf(Forbidden);
  });

  it('after the window, says when it closed in college time', () => {
    const error = thrown(() => assertMayCorrect(classSession(), marker, settings, new Date(WINDOW_CLOSES + HOUR)));
    expect(error).toBeInstanceOf(Forbidden);
    expect(error.message).toBe('Only an admin can correct this attendance now: the edit window closed at 2026-11-22 09:30');
    const newYork = thrown(() =>
      assertMayCorrect(classSession(), marker, { ...settings, timeZone: 'America/New_York' }, new Date(WINDOW_CLOSES + HOUR)),
    );
    expect(newYork.message).toMatch(/closed at 2026-11-21 23:00$/);
  });

  it('refuses another faculty member, naming who marked it and until when they may correct it', () => {
    const error = thrown(() => assertMayCorrect(classSession(), otherFaculty, settings, new Date(MARKED_AT)));
    expect(error).toBeInstanceOf(Forbidden);
    expect(error.message).toBe('Only an admin, or Meera Iyer who marked it (until 2026-11-22 09:30), can correct this attendance');
    const late = thrown(() => assertMayCorrect(classSession(), otherFaculty, settings, new Date(WINDOW_CLOSES + HOUR)));
    expect(late.message).toMatch(/edit window closed at 2026-11-22 09:30$/);
  });

  it('with an edit window of 0 hours, refuses every faculty member, the one who marked it too, at once', () => {
    const off = { ...settings, editWindowHours: 0 };
    for (const faculty of [marker, otherFaculty]) {
      const error = thrown(() => assertMayCorrect(classSession(), faculty, off, new Date(MARKED_AT)));
      expect(error).toBeInstanceOf(Forbidden);
      expect(error.message).toBe('Only an admin can correct attendance: corrections by faculty are turned off in the settings');
    }
  });
});

describe('correctedClassSession', () => {
  const NOW = new Date('2026-11-21T06:00:00.000Z');
  const correction = (changes: Partial<CorrectionInput> = {}): CorrectionInput => ({
    statuses: { 'st-10': 'present' },
    reason: 'Was at the sports meet',
    version: 1,
    ...changes,
  });

  it('refuses a student who is not in the session, naming the group, before looking at the version', () => {
    const input = correction({ statuses: { 'st-10': 'present', 'st-99': 'present' }, version: 7 });
    const lecture = thrown(() => correctedClassSession(classSession(), input, marker, settings, NOW));
    expect(lecture).toBeInstanceOf(Invalid);
    expect(lecture.message).toBe("Some students are not in this session's division");
    const lab = thrown(() => correctedClassSession(classSession({ classKind: 'lab' }), input, marker, settings, NOW));
    expect(lab.message).toBe("Some students are not in this session's batch");
  });

  it('refuses a correction made on another version, carrying the session as it stands', () => {
    const standing = classSession({ version: 3, statuses: { 'st-10': 'excused', 'st-2': 'present', 'st-3': 'late' } });
    const error = thrown(() => correctedClassSession(standing, correction({ version: 2 }), marker, settings, NOW));
    expect(error).toBeInstanceOf(Conflict);
    expect(error.message).toBe(CORRECTION_CONFLICT);
    expect((error as Conflict).data).toMatchObject({
      _id: 'session-1',
      version: 3,
      corrections: 2,
      editableUntil: '2026-11-22T04:00:00.000Z',
      students: [
        { _id: 'st-2', status: 'present' },
        { _id: 'st-3', status: 'late' },
        { _id: 'st-10', status: 'excused' },
      ],
    });
  });

  it('refuses a student who would keep their status, naming them', () => {
    const input = correction({ statuses: { 'st-10': 'present', 'st-2': 'present' } });
    const error = thrown(() => correctedClassSession(classSession(), input, marker, settings, NOW));
    expect(error).toBeInstanceOf(Invalid);
    expect(error.message).toBe('Aarav Patel (CE2) is already present: leave them out of the correction');
  });

  it('on the first correction, writes the original mark before the correction', () => {
    const before = classSession();
    const input = correction({ statuses: { 'st-10': 'present', 'st-2': 'late' } });
    const { after, entries } = correctedClassSession(before, input, marker, settings, NOW);

    expect(after).toEqual({ ...before, statuses: { 'st-10': 'present', 'st-2': 'late', 'st-3': 'late' }, version: 2 });
    expect(before.statuses['st-10']).toBe('absent'); // the session read is left as it was
    expect(entries).toHaveLength(2);
    expect(entries[0]).toEqual({
      version: 1,
      by: { _id: marker._id, username: 'Meera Iyer' },
      at: MARKED_AT,
      reason: null,
      changes: expect.arrayContaining([
        { _id: 'st-10', name: 'Bina Shah', enrollment: 'CE10', from: null, to: 'absent' },
        { _id: 'st-2', name: 'Aarav Patel', enrollment: 'CE2', from: null, to: 'present' },
        { _id: 'st-3', name: 'Chirag Rao', enrollment: 'CE3', from: null, to: 'late' },
      ]),
    });
    expect(entries[0]!.changes).toHaveLength(3);
    // Only the students it changes, in roll order; the user by id and name alone.
    expect(entries[1]).toEqual({
      version: 2,
      by: { _id: marker._id, username: 'Meera Iyer' },
      at: NOW.toISOString(),
      reason: 'Was at the sports meet',
      changes: [
        { _id: 'st-2', name: 'Aarav Patel', enrollment: 'CE2', from: 'present', to: 'late' },
        { _id: 'st-10', name: 'Bina Shah', enrollment: 'CE10', from: 'absent', to: 'present' },
      ],
    });
  });

  it('on a later correction, writes the correction alone, one version on', () => {
    const { after, entries } = correctedClassSession(classSession({ version: 3 }), correction({ version: 3 }), admin, settings, NOW);
    expect(after.version).toBe(4);
    expect(after.statuses['st-10']).toBe('present');
    expect(entries).toEqual([
      {
        version: 4,
        by: { _id: admin._id, username: 'Admin' },
        at: NOW.toISOString(),
        reason: 'Was at the sports meet',
        changes: [{ _id: 'st-10', name: 'Bina Shah', enrollment: 'CE10', from: 'absent', to: 'present' }],
      },
    ]);
  });
});
