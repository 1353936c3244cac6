import { describe, expect, it, vi } from 'vitest';
import {
  addDays,
  collegeMoment,
  instantOf,
  isTimeZone,
  knowSteadyOffset,
  parseTime,
  steadyOffsetOf,
  todayIn,
  wallClock,
  weekdayOf,
} from '@shared/dates';

/** The college's clock (shared/dates.ts): dates and times of its time zone from UTC instants, and back. */
const IST = 'Asia/Kolkata';

describe('today in the college', () => {
  it('is the college’s date at 23:30 and at 00:30 there, whatever the UTC date', () => {
    // 23:30 IST on 26 Nov is 18:00 UTC the same day; 00:30 IST on 27 Nov is 19:00 UTC on 26 Nov.
    expect(todayIn(IST, Date.parse('2026-11-26T18:00:00Z'))).toBe('2026-11-26');
    expect(todayIn(IST, Date.parse('2026-11-26T19:00:00Z'))).toBe('2026-11-27');
    expect(todayIn('UTC', Date.parse('2026-11-26T19:00:00Z'))).toBe('2026-11-26');
    // West of UTC the college's day ends after UTC's: 23:30 in New York on 26 Nov is 04:30 UTC on 27 Nov.
    expect(todayIn('America/New_York', Date.parse('2026-11-27T04:30:00Z'))).toBe('2026-11-26');
  });

  it('reads the wall clock to the minute, across the year and a new year', () => {
    expect(wallClock(IST, Date.parse('2026-12-31T18:29:59Z'))).toEqual({ date: '2026-12-31', minute: 23 * 60 + 59 });
    expect(wallClock(IST, Date.parse('2026-12-31T18:30:00Z'))).toEqual({ date: '2027-01-01', minute: 0 });
  });
});

describe('an instant from a college date and time', () => {
  it('is the UTC moment the college’s clock shows it', () => {
    expect(new Date(instantOf('2026-11-26', 9 * 60, IST)).toISOString()).toBe('2026-11-26T03:30:00.000Z');
    expect(new Date(instantOf('2026-11-27', 0, IST)).toISOString()).toBe('2026-11-26T18:30:00.000Z');
    expect(instantOf('2026-11-26', 24 * 60, IST)).toBe(instantOf('2026-11-27', 0, IST));
  });

  it('follows a clock change, counting a skipped time as after it', () => {
    const NY = 'America/New_York';
    expect(new Date(instantOf('2026-07-01', 9 * 60, NY)).toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(new Date(instantOf('2026-12-01', 9 * 60, NY)).toISOString()).toBe('2026-12-01T14:00:00.000Z');
    // 8 March 2026, 02:30 does not exist in New York (02:00 → 03:00): it reads as 03:30.
    expect(new Date(instantOf('2026-03-08', 2 * 60 + 30, NY)).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    for (const [date, minute] of [
      ['2026-03-08', 4 * 60],
      ['2026-11-01', 12 * 60],
    ] as const) {
      expect(wallClock(NY, instantOf(date, minute, NY))).toEqual({ date, minute });
    }
  });
});

describe('the college’s text', () => {
  it('shows a stored instant in college time, without a zone', () => {
    expect(collegeMoment('2026-11-20T09:05:00.000Z', IST)).toBe('2026-11-20 14:35');
    expect(collegeMoment('2026-11-20T20:00:00.000Z', IST)).toBe('2026-11-21 01:30');
    expect(collegeMoment('not a time', IST)).toBe('not a time');
  });

  it('knows IANA names, not offsets or made-up ones', () => {
    for (const name of ['Asia/Kolkata', 'UTC', 'America/New_York', 'Asia/Calcutta']) expect(isTimeZone(name), name).toBe(true);
    for (const name of ['IST', 'EST', 'IST+5:30', 'Mars/Olympus', '', ' Asia/Kolkata', '+05:30'])
      expect(isTimeZone(name), name).toBe(false);
  });

  it('reads times of day and walks dates', () => {
    expect([parseTime('09:00'), parseTime('9.05'), parseTime('23:59'), parseTime('24:00'), parseTime('9')]).toEqual([
      540,
      545,
      1439,
      null,
      null,
    ]);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect([weekdayOf('2026-11-23'), weekdayOf('2026-11-29')]).toEqual([1, 7]);
  });
});

describe('a steady offset (the clock the server hands the web app)', () => {
  const DAY = 86_400_000;
  const at = Date.parse('2026-11-26T10:00:00Z');

  it('is the zone’s offset from a day before to a week after, or none when it changes in that stretch', () => {
    expect(steadyOffsetOf('Asia/Kathmandu', at)).toEqual({
      timeZone: 'Asia/Kathmandu',
      offsetMinutes: 345,
      from: new Date(at - DAY).toISOString(),
      until: new Date(at + 7 * DAY).toISOString(),
    });
    expect(steadyOffsetOf('Europe/Berlin', at)?.offsetMinutes).toBe(60);
    // Berlin's clocks go back on 25 October 2026, within a week of the 22nd, and went back a day before the 26th.
    expect(steadyOffsetOf('Europe/Berlin', Date.parse('2026-10-22T10:00:00Z'))).toBeNull();
    expect(steadyOffsetOf('Europe/Berlin', Date.parse('2026-10-26T00:30:00Z'))).toBeNull();
  });

  it('tells the wall clock in its stretch by arithmetic, as Intl would, and leaves the rest to Intl', () => {
    const zone = 'America/Sao_Paulo';
    const instants = [at - DAY, at - 1, at, at + 3 * DAY + 12_345, at + 7 * DAY];
    const outside = [at - DAY - 60_000, at + 7 * DAY + 60_000];
    const byIntl = [...instants, ...outside].map((instant) => wallClock(zone, instant));
    knowSteadyOffset(steadyOffsetOf(zone, at)!);
    const formatToParts = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    try {
      expect(instants.map((instant) => wallClock(zone, instant))).toEqual(byIntl.slice(0, instants.length));
      expect(formatToParts).not.toHaveBeenCalled();
      expect(outside.map((instant) => wallClock(zone, instant))).toEqual(byIntl.slice(instants.length));
      expect(formatToParts).toHaveBeenCalledTimes(outside.length);
    } finally {
      formatToParts.mockRestore();
    }
  });
});
