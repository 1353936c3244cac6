/** A moment the API gives (ISO 8601) as the app shows it, in UTC like the attendance dates: '2026-11-20 09:05 UTC'. */
export function formatMoment(iso: string): string {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return iso;
  const text = moment.toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 16)} UTC`;
}
