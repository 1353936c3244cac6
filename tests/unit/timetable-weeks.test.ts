import { describe, expect, it } from 'vitest';
import { meetsOn, weekOfTerm } from '@shared/timetable-weeks';

// 2026-03-02 is a Monday; 2026-03-08 a Sunday.
const MONDAY_START = { startDate: '2026-03-09' };
const SUNDAY_START = { startDate: '2026-03-08' };

describe('weekOfTerm', () => {
  it('counts Monday-to-Sunday weeks from the week holding a Monday start', () => {
    expect(weekOfTerm('2026-03-09', '2026-03-09')).toBe(1);
    expect(weekOfTerm('2026-03-09', '2026-03-15')).toBe(1);
    expect(weekOfTerm('2026-03-09', '2026-03-16')).toBe(2);
    expect(weekOfTerm('2026-03-09', '2026-03-22')).toBe(2);
    expect(weekOfTerm('2026-03-09', '2026-03-23')).toBe(3);
  });

  it('puts a Sunday start in week 1 with the six days before it: the next day starts week 2', () => {
    expect(weekOfTerm('2026-03-08', '2026-03-02')).toBe(1);
    expect(weekOfTerm('2026-03-08', '2026-03-08')).toBe(1);
    expect(weekOfTerm('2026-03-08', '2026-03-09')).toBe(2);
  });

  it('counts on across months, a leap day and a year end', () => {
    expect(weekOfTerm('2024-02-26', '2024-03-04')).toBe(2);
    expect(weekOfTerm('2025-12-29', '2026-01-05')).toBe(2);
    expect(weekOfTerm('2026-01-05', '2026-12-28')).toBe(52);
  });

  it('counts the weeks before the start as 0, -1…', () => {
    expect(weekOfTerm('2026-03-09', '2026-03-08')).toBe(0);
    expect(weekOfTerm('2026-03-09', '2026-03-02')).toBe(0);
    expect(weekOfTerm('2026-03-09', '2026-03-01')).toBe(-1);
  });
});

describe('meetsOn', () => {
  const odd = { weekday: 1, weeks: 'odd' } as const;
  const even = { weekday: 1, weeks: 'even' } as const;

  it('meets every week on its weekday when it has no weeks (absent or null), and never on another weekday', () => {
    for (const entry of [{ weekday: 1 }, { weekday: 1, weeks: null }]) {
      expect(meetsOn(entry, MONDAY_START, '2026-03-09')).toBe(true);
      expect(meetsOn(entry, MONDAY_START, '2026-03-16')).toBe(true);
      expect(meetsOn(entry, MONDAY_START, '2026-03-10')).toBe(false);
    }
    expect(meetsOn(odd, MONDAY_START, '2026-03-10')).toBe(false);
    expect(meetsOn({ weekday: 7, weeks: 'odd' }, MONDAY_START, '2026-03-15')).toBe(true);
    expect(meetsOn({ weekday: 7, weeks: 'odd' }, MONDAY_START, '2026-03-22')).toBe(false);
  });

  it('meets odd and even weeks in turn from a Monday start', () => {
    const mondays = ['2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30'];
    expect(mondays.map((date) => meetsOn(odd, MONDAY_START, date))).toEqual([true, false, true, false]);
    expect(mondays.map((date) => meetsOn(even, MONDAY_START, date))).toEqual([false, true, false, true]);
  });

  it('meets on the Sunday start and the Monday before it in week 1, and the next Monday in week 2', () => {
    const sunday = { weekday: 7, weeks: 'odd' } as const;
    expect(meetsOn(sunday, SUNDAY_START, '2026-03-08')).toBe(true);
    expect(meetsOn(odd, SUNDAY_START, '2026-03-02')).toBe(true);
    expect(meetsOn(odd, SUNDAY_START, '2026-03-09')).toBe(false);
    expect(meetsOn(even, SUNDAY_START, '2026-03-09')).toBe(true);
  });

  it('keeps alternating before the start (week 0 is even), leaving the term’s range to the caller', () => {
    expect(meetsOn(even, MONDAY_START, '2026-03-02')).toBe(true);
    expect(meetsOn(odd, MONDAY_START, '2026-03-02')).toBe(false);
    expect(meetsOn(odd, MONDAY_START, '2026-02-23')).toBe(true);
    expect(meetsOn(even, MONDAY_START, '2026-02-23')).toBe(false);
  });

  it('takes a class of odd or even weeks to meet every week when the term has no first day', () => {
    for (const term of [{}, { startDate: null }]) {
      expect(meetsOn(odd, term, '2026-03-09')).toBe(true);
      expect(meetsOn(even, term, '2026-03-09')).toBe(true);
      expect(meetsOn(odd, term, '2026-03-10')).toBe(false);
    }
  });
});
