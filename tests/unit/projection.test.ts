import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type CollegeSettings } from '@shared/schemas/settings';
import type { ClassKind } from '@shared/schemas/wire-names';
import { projectionOf } from '@functions/lib/reports/projection';
import { remainingClasses } from '@functions/lib/reports/remaining-classes';
import { standingOf } from '@functions/lib/reports/standing';

/** docs/product.md §5: what a standing can still become, from the classes the timetable still has. */
const counts = (present: number, late: number, absent: number, excused: number) => ({ present, late, absent, excused });
const rules = (changes: Partial<CollegeSettings> = {}): CollegeSettings => ({ ...DEFAULT_SETTINGS, ...changes });
const project = (c: ReturnType<typeof counts>, remaining: number, settings = rules()) =>
  projectionOf(standingOf(c, settings), settings.threshold, { remaining });

describe('projectionOf', () => {
  it('with no class held yet: no percentage, nothing needed, and the remaining classes decide what may be missed', () => {
    const none = project(counts(0, 0, 0, 0), 20);
    expect(none).toMatchObject({ percentage: null, below: false, classesNeeded: 0, remaining: 20, canMiss: 5, best: 100 });
  });

  it('exactly at the threshold is not below it, and one of four more may be missed', () => {
    // 3 of 4 = 75 %; 4 more: missing 1 gives 6 of 8 = 75 %, missing 2 gives 5 of 8.
    expect(project(counts(3, 0, 1, 0), 4)).toMatchObject({ percentage: 75, below: false, classesNeeded: 0, canMiss: 1, best: 87.5 });
  });

  it('below the threshold: the classes in a row that recover it, and none to miss', () => {
    // 5 of 10; 75 % needs (5 + k) / (10 + k) ≥ 0.75: k = 10.
    expect(project(counts(5, 0, 5, 0), 30)).toMatchObject({ below: true, classesNeeded: 10, canMiss: 5, best: 87.5 });
    expect(project(counts(5, 0, 5, 0), 10)).toMatchObject({ classesNeeded: 10, canMiss: 0, best: 75 });
  });

  it('impossible to recover before the term ends: nothing to miss and the best reachable under the threshold', () => {
    const lost = project(counts(2, 0, 8, 0), 6);
    expect(lost).toMatchObject({ below: true, classesNeeded: 22, canMiss: 0 });
    expect(lost.best).toBe(50);
    expect(lost.classesNeeded!).toBeGreaterThan(lost.remaining!);
  });

  it('a threshold of 100 after a miss can never be reached', () => {
    expect(project(counts(3, 0, 1, 0), 5, rules({ threshold: 100 }))).toMatchObject({ classesNeeded: null, canMiss: 0, best: 800 / 9 });
  });

  it('counts lates as the college counts them', () => {
    // 6 present, 4 late, at half: 8 of 10. 10 more: (8 + 10 − m) / 20 ≥ 0.75 → m ≤ 3.
    expect(project(counts(6, 4, 0, 0), 10, rules({ lateCounts: 0.5 }))).toMatchObject({ attended: 8, canMiss: 3 });
    expect(project(counts(6, 4, 0, 0), 10, rules({ lateCounts: 1 }))).toMatchObject({ attended: 10, canMiss: 5 });
  });

  it('counts excused classes as the college counts them', () => {
    // 6 present, 2 absent, 2 excused: left out, 6 of 8 = 75 %; as absences, 6 of 10 = 60 %.
    expect(project(counts(6, 0, 2, 2), 8, rules({ excusedCounts: 'excluded' }))).toMatchObject({ held: 8, below: false, canMiss: 2 });
    expect(project(counts(6, 0, 2, 2), 8, rules({ excusedCounts: 'absent' }))).toMatchObject({
      held: 10,
      below: true,
      classesNeeded: 6,
      canMiss: 0,
    });
  });

  it('says why when the classes to come are unknown, and makes no guess', () => {
    const standing = standingOf(counts(5, 0, 5, 0), rules());
    expect(projectionOf(standing, 75, { remaining: null, unknown: 'noLastDay' })).toMatchObject({
      classesNeeded: 10,
      remaining: null,
      unknown: 'noLastDay',
      canMiss: null,
      best: null,
    });
    expect(projectionOf(standing, 75, { remaining: null, unknown: 'noTimetable' }).unknown).toBe('noTimetable');
  });

  it('with the term over, nothing more may be missed', () => {
    expect(project(counts(9, 0, 1, 0), 0)).toMatchObject({ remaining: 0, canMiss: 0, best: 90 });
  });
});

describe('remainingClasses', () => {
  const course = (id: string, classKind: ClassKind, weekday: number, weeks?: 'odd' | 'even') => ({
    _id: `${id}-${classKind}-${weekday}`,
    courseid: id,
    classKind,
    weekday,
    weeks,
  });
  // Monday 2 Nov 2026 to Sunday 29 Nov 2026: four of each weekday.
  const term = { startDate: '2026-11-02', endDate: '2026-11-29', holidays: [] };

  it('counts each meeting from today to the last day, per course and kind', () => {
    const entries = [course('ds', 'lecture', 1), course('ds', 'lecture', 3), course('ds', 'lab', 5)];
    expect(remainingClasses(entries, term, '2026-11-02', new Set())).toEqual(
      new Map([
        ['ds#lecture', 8],
        ['ds#lab', 4],
      ]),
    );
    // From Thursday 19 Nov: Mon 23 and Wed 25; Fri 20 and Fri 27.
    expect(remainingClasses(entries, term, '2026-11-19', new Set())!.get('ds#lecture')).toBe(2);
    expect(remainingClasses(entries, term, '2026-11-19', new Set())!.get('ds#lab')).toBe(2);
  });

  it('skips holidays', () => {
    const withHoliday = { ...term, holidays: [{ date: '2026-11-09', name: 'Diwali' }] };
    expect(remainingClasses([course('ds', 'lecture', 1)], withHoliday, '2026-11-02', new Set())!.get('ds#lecture')).toBe(3);
  });

  it("leaves out today's classes already marked, and keeps those still to mark", () => {
    const monday = course('ds', 'lecture', 1);
    expect(remainingClasses([monday], term, '2026-11-16', new Set())!.get('ds#lecture')).toBe(2);
    expect(remainingClasses([monday], term, '2026-11-16', new Set([monday._id]))!.get('ds#lecture')).toBe(1);
  });

  it('counts a lab every other week in its own weeks only', () => {
    // Weeks 1 and 3 of the term are odd: Fri 6 and Fri 20; weeks 2 and 4 even: Fri 13 and Fri 27.
    const odd = remainingClasses([course('ds', 'lab', 5, 'odd')], term, '2026-11-02', new Set())!;
    expect(odd.get('ds#lab')).toBe(2);
    expect(remainingClasses([course('ds', 'lab', 5, 'even')], term, '2026-11-14', new Set())!.get('ds#lab')).toBe(1);
  });

  it('starts at the term’s first day when the term has not begun, and has nothing left after its last', () => {
    expect(remainingClasses([course('ds', 'lecture', 1)], term, '2026-10-01', new Set())!.get('ds#lecture')).toBe(4);
    expect(remainingClasses([course('ds', 'lecture', 1)], term, '2026-12-01', new Set())!.get('ds#lecture')).toBe(0);
  });

  it('is unknown without a last day', () => {
    expect(remainingClasses([course('ds', 'lecture', 1)], { startDate: '2026-11-02', endDate: null }, '2026-11-02', new Set())).toBeNull();
  });
});
