/** Today's date in UTC as YYYY-MM-DD: the attendance date (docs/product.md §9). */
export const todayUtc = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** The date `days` days before today (todayUtc): the earliest day a faculty member may mark. */
export function daysBeforeToday(days: number, now: Date = new Date()): string {
  const day = new Date(`${todayUtc(now)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
}

/** Whether `value` is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
