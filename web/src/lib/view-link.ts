import { kindCode, kindOfCode, type ClassKind } from '@shared/schemas/wire-names';

/*
 * The link to the view of one class's date (docs/product.md §2.7): Today links a marked class to it, and
 * the view screen opens with its form filled in and the sessions of that date shown. Its URL names the
 * class kind by its code (kind=1 Lecture, kind=2 Lab):
 *
 *   /dashboard/viewattendance?date&semid&courseid&slotid&kind&groupid
 */

export interface ViewLink {
  date: string;
  semid: string;
  courseid: string;
  slotid: string;
  classKind: ClassKind;
  /** The division (a lecture) or batch (a lab). */
  groupid: string;
}

export const VIEW_PATH = '/dashboard/viewattendance';

export function viewLink(link: ViewLink): string {
  const { date, semid, courseid, slotid, classKind, groupid } = link;
  const search = new URLSearchParams({ date, semid, courseid, slotid, kind: String(kindCode(classKind)), groupid });
  return `${VIEW_PATH}?${search.toString()}`;
}

/** What a view link carries, or null when it carries no complete class (the plain screen). */
export function readViewLink(search: URLSearchParams): ViewLink | null {
  const [date, semid, courseid, slotid, groupid] = ['date', 'semid', 'courseid', 'slotid', 'groupid'].map((name) => search.get(name) ?? '');
  const classKind = kindOfCode(search.get('kind'));
  if (!date || !semid || !courseid || !slotid || !groupid || !classKind) return null;
  return { date, semid, courseid, slotid, classKind, groupid };
}
