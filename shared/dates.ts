/**
 * The college's clock (docs/product.md §9): dates (YYYY-MM-DD), times of day ('HH:MM') and "today"
 * are the college's, in its time zone (an IANA name, a setting); stored instants stay UTC (ISO 8601).
 * Built on Intl, which Node and every browser carry: no time-zone data of our own.
 */

/** The demo college's time zone, and a new college's until an admin sets its own. */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * Whether `name` is a time zone this runtime knows by its IANA name ('Asia/Kolkata', 'UTC'). Offsets
 * and abbreviations are not: 'IST' is India's to some and Ireland's or Israel's to others.
 */
export function isTimeZone(name: string): boolean {
  if (name !== 'UTC' && !/^[A-Za-z]+\/[A-Za-z0-9_+\-/]+$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * A time zone's offset from UTC over a stretch of time in which it does not change (instants ISO 8601).
 * The server hands one to the web app with the login status: with it the app tells the college's dates
 * and times by arithmetic, without Intl, whose first use costs a slow phone about 100 ms of a page's load.
 */
export interface SteadyOffset {
  timeZone: string;
  offsetMinutes: number;
  from: string;
  until: string;
}

const STEADY_BEFORE = DAY;
const STEADY_AFTER = 7 * DAY;
/** A zone's offset changes at most twice a year; never twice within this step. */
const STEADY_STEP = 6 * 60 * MINUTE;

/** The zone's offset from a day before `now` to a week after, or null when it changes in that stretch. */
export function steadyOffsetOf(timeZone: string, now: number = Date.now()): SteadyOffset | null {
  const from = now - STEADY_BEFORE;
  const until = now + STEADY_AFTER;
  const offset = offsetAt(timeZone, now);
  for (let at = from; at <= until; at += STEADY_STEP) if (offsetAt(timeZone, at) !== offset) return null;
  return { timeZone, offsetMinutes: offset / MINUTE, from: new Date(from).toISOString(), until: new Date(until).toISOString() };
}

const steadyOffsets = new Map<string, { offset: number; from: number; until: number }>();

/** Tells the wall clock of `known.timeZone` by its offset for instants in its stretch (the web app, from the server). */
export function knowSteadyOffset(known: SteadyOffset): void {
  steadyOffsets.set(known.timeZone, { offset: known.offsetMinutes * MINUTE, from: Date.parse(known.from), until: Date.parse(known.until) });
}

/** What a wall clock in the time zone shows at a moment: its date and the minute of its day (0–1439). */
export function wallClock(timeZone: string, at: Date | number = new Date()): { date: string; minute: number } {
  const instant = Number(at);
  const known = steadyOffsets.get(timeZone);
  if (known && instant >= known.from && instant <= known.until) {
    const shown = new Date(instant + known.offset);
    return { date: shown.toISOString().slice(0, 10), minute: shown.getUTCHours() * 60 + shown.getUTCMinutes() };
  }
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** Today's date in the college's time zone: the attendance date (docs/product.md §9). */
export const todayIn = (timeZone: string, now: Date | number = new Date()): string => wallClock(timeZone, now).date;

/** The date `days` days after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The weekday of a date, 1 = Monday … 7 = Sunday. */
/** How many days from one date to another, both counted (YYYY-MM-DD; 1 when they are the same). */
export const daysFromTo = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

export const weekdayOf = (date: string): number => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The time zone's offset from UTC at a moment, in milliseconds (IST: +5:30). */
function offsetAt(timeZone: string, at: number): number {
  const { date, minute } = wallClock(timeZone, at);
  const seconds = new Date(at).getUTCSeconds();
  return Date.parse(`${date}T00:00:00Z`) + minute * MINUTE + seconds * 1000 - (at - (at % 1000));
}

/**
 * The instant (epoch milliseconds) a wall clock in the time zone shows `date` at `minute` of the day
 * (0 = midnight; 1440 = the next midnight). A time skipped by a clock change counts as just after it.
 */
export function instantOf(date: string, minute: number, timeZone: string): number {
  const asUtc = Date.parse(`${date}T00:00:00Z`) + minute * MINUTE;
  const first = asUtc - offsetAt(timeZone, asUtc);
  const second = asUtc - offsetAt(timeZone, first);
  const shows = (at: number) => offsetAt(timeZone, at) === asUtc - at;
  return [first, second].find(shows) ?? Math.max(first, second);
}

/** A stored instant (ISO 8601) as the college reads it: '2026-11-20 14:35'. */
export function collegeMoment(iso: string | number | Date, timeZone: string): string {
  const at = typeof iso === 'string' ? Date.parse(iso) : iso;
  if (Number.isNaN(Number(at))) return String(iso);
  const { date, minute } = wallClock(timeZone, at);
  return `${date} ${formatTime(minute)}`;
}

/** The minute of the day a time 'HH:MM' (or 'H:MM', 'H.MM') names; null when it is not one. */
export function parseTime(text: string): number | null {
  const match = /^([01]?\d|2[0-3])[:.]([0-5]\d)$/.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** A minute of the day as 'HH:MM'. */
export const formatTime = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Whether `value` is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
