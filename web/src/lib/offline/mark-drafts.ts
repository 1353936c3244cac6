import type { AttendanceStatus } from '@shared/schemas/attendance';
import { kindCode, type ClassKind } from '@shared/schemas/wire-names';

/*
 * The marking form's drafts (docs/product.md §2.4): the statuses a teacher has changed on a class not
 * marked yet, kept in localStorage until the class is marked or the draft discarded, so leaving the
 * form and coming back keeps the work. Keyed by the signed-in user and the class, and all of them
 * dropped at any move to signed out (forget-device.ts): the next person at a shared computer never
 * sees one.
 */

/** The class a draft belongs to: what POST attendance would store it under. */
export interface DraftClass {
  date: string;
  courseid: string;
  classKind: ClassKind;
  slotid: string;
  /** The division (a lecture) or the batch (a lab). */
  groupid: string;
}

export type DraftStatuses = Readonly<Record<string, AttendanceStatus>>;

const PREFIX = 'sams-mark-draft:';

/** The key names the class kind by its code (1 Lecture, 2 Lab), as every version of the app has. */
const keyOf = (userId: string, of: DraftClass): string =>
  `${PREFIX}${JSON.stringify([userId, of.date, of.courseid, kindCode(of.classKind), of.slotid, of.groupid])}`;

/** Every draft key kept on this device. */
function draftKeys(): string[] {
  const keys: string[] = [];
  for (let index = 0; index < localStorage.length; index += 1) {
    const key = localStorage.key(index);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  return keys;
}

/** The user's draft of the class, if any (a malformed one counts as none). */
export function readDraft(userId: string, of: DraftClass): DraftStatuses | null {
  try {
    const stored = localStorage.getItem(keyOf(userId, of));
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as DraftStatuses) : null;
  } catch {
    return null;
  }
}

/** Keeps the user's draft of the class; drops their drafts of other days (a class is marked on its day). */
export function saveDraft(userId: string, of: DraftClass, statuses: DraftStatuses): void {
  try {
    for (const key of draftKeys()) {
      const [owner, date] = JSON.parse(key.slice(PREFIX.length)) as string[];
      if (owner === userId && date !== of.date) localStorage.removeItem(key);
    }
    localStorage.setItem(keyOf(userId, of), JSON.stringify(statuses));
  } catch {
    // Storage full or refused (private mode): the form still works, without a draft.
  }
}

export function removeDraft(userId: string, of: DraftClass): void {
  try {
    localStorage.removeItem(keyOf(userId, of));
  } catch {
    // Nothing was kept.
  }
}

/** Signed out: every draft on this device goes, whoever made it. */
export function forgetMarkDrafts(): void {
  try {
    for (const key of draftKeys()) localStorage.removeItem(key);
  } catch {
    // Nothing was kept.
  }
}
