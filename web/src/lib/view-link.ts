/*
 * The link to the view of one class's date (docs/product.md §2.7): Today links a marked class to it, and
 * the view screen opens with its form filled in and the sessions of that date shown.
 *
 *   /dashboard/viewattendance?date&semid&courseid&slotid&kind&groupid
 */

export interface ViewLink {
  date: string;
  semid: string;
  courseid: string;
  slotid: string;
  /** 1 Lecture, 2 Lab. */
  kind: 1 | 2;
  /** The division (a lecture) or batch (a lab). */
  groupid: string;
}

const NAMES = ['date', 'semid', 'courseid', 'slotid', 'kind', 'groupid'] as const;

export const VIEW_PATH = '/dashboard/viewattendance';

export function viewLink(link: ViewLink): string {
  const search = new URLSearchParams(NAMES.map((name) => [name, String(link[name])]));
  return `${VIEW_PATH}?${search.toString()}`;
}

/** What a view link carries, or null when it carries no complete class (the plain screen). */
export function readViewLink(search: URLSearchParams): ViewLink | null {
  const values = Object.fromEntries(NAMES.map((name) => [name, search.get(name) ?? '']));
  if (NAMES.some((name) => !values[name])) return null;
  const kind = values.kind === '1' ? 1 : values.kind === '2' ? 2 : null;
  if (!kind) return null;
  return { date: values.date!, semid: values.semid!, courseid: values.courseid!, slotid: values.slotid!, kind, groupid: values.groupid! };
}
