import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type CollegeSettings } from '@shared/schemas/settings';
import { classesNeeded, standingOf } from '@functions/lib/reports/standing';

/** docs/product.md §5: what a student's counts are worth, and how many classes bring them to the threshold. */
const counts = (present: number, late: number, absent: number, excused: number) => ({ present, late, absent, excused });
const rules = (changes: Partial<CollegeSettings>): CollegeSettings => ({ ...DEFAULT_SETTINGS, ...changes });

describe('standingOf', () => {
  it('has no percentage when no session was held', () => {
    expect(standingOf(counts(0, 0, 0, 0), DEFAULT_SETTINGS)).toEqual({ attended: 0, held: 0, percentage: null });
  });

  it('has no percentage when every session was excused and excused ones are excluded', () => {
    expect(standingOf(counts(0, 0, 0, 3), rules({ excusedCounts: 'excluded' }))).toEqual({ attended: 0, held: 0, percentage: null });
  });

  it('counts a late as a whole present, or as half of one', () => {
    expect(standingOf(counts(2, 2, 1, 0), rules({ lateCounts: 1 }))).toEqual({ attended: 4, held: 5, percentage: 80 });
    expect(standingOf(counts(2, 2, 1, 0), rules({ lateCounts: 0.5 }))).toEqual({ attended: 3, held: 5, percentage: 60 });
    expect(standingOf(counts(0, 4, 0, 0), rules({ lateCounts: 0 }))).toEqual({ attended: 0, held: 4, percentage: 0 });
  });

  it('leaves excused sessions out of the held ones, or counts them as absences, as the settings say', () => {
    expect(standingOf(counts(3, 0, 0, 1), rules({ excusedCounts: 'excluded' }))).toEqual({ attended: 3, held: 3, percentage: 100 });
    expect(standingOf(counts(3, 0, 0, 1), rules({ excusedCounts: 'absent' }))).toEqual({ attended: 3, held: 4, percentage: 75 });
  });

  it('keeps the percentage unrounded', () => {
    expect(standingOf(counts(2, 0, 1, 0), DEFAULT_SETTINGS).percentage).toBe(200 / 3);
  });
});

describe('classesNeeded', () => {
  it('is 0 with no session held, and at or above the threshold', () => {
    expect(classesNeeded(0, 0, 75)).toBe(0);
    expect(classesNeeded(3, 4, 75)).toBe(0); // exactly 75 %
    expect(classesNeeded(4, 4, 75)).toBe(0);
    expect(classesNeeded(4, 4, 100)).toBe(0);
  });

  it('counts the classes in a row that bring the percentage up to the threshold', () => {
    expect(classesNeeded(1, 4, 75)).toBe(8); // (1 + 8) / (4 + 8) = 75 %
    expect(classesNeeded(1, 2, 75)).toBe(2); // (1 + 2) / (2 + 2) = 75 %
    expect(classesNeeded(2, 3, 75)).toBe(1); // (2 + 1) / (3 + 1) = 75 %
    expect(classesNeeded(0, 1, 50)).toBe(1);
  });

  it('is the fewest classes that reach the threshold, for every whole count', () => {
    for (const threshold of [50, 60, 75, 80, 90])
      for (let held = 1; held <= 12; held++)
        for (let attended = 0; attended <= held; attended++) {
          const k = classesNeeded(attended, held, threshold)!;
          expect(100 * (attended + k), `${attended}/${held} at ${threshold} %`).toBeGreaterThanOrEqual(threshold * (held + k));
          if (k > 0) expect(100 * (attended + k - 1)).toBeLessThan(threshold * (held + k - 1));
        }
  });

  it('is null when a threshold of 100 can never be reached again after a class missed', () => {
    expect(classesNeeded(3, 4, 100)).toBeNull();
    expect(classesNeeded(0, 1, 100)).toBeNull();
  });

  it('is not one too many when floating point lands just above a whole number', () => {
    // A late worth 0.1: 2 present + 3 late = 2.3 attended of 5. (2.3 + 4) / (5 + 4) is exactly 70 %,
    // but (70 × 5 − 100 × 2.3) / 30 is 4.000000000000001 in floating point.
    const { attended, held } = standingOf(counts(2, 3, 0, 0), rules({ lateCounts: 0.1 }));
    expect((70 * held - 100 * attended) / 30).toBeGreaterThan(4);
    expect(classesNeeded(attended, held, 70)).toBe(4);
  });
});
