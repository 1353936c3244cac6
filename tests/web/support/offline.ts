import { collegeToday } from '@tests/support/college-time';
import type { MarkConflict } from '@shared/schemas/attendance';
import type { PublicUser } from '@shared/schemas/auth';
import { keptMark } from '@web/lib/offline/kept-mark';
import type { QueuedMark } from '@web/lib/offline/mark-queue';

/*
 * The marks saved on the phone, in memory (happy-dom has no IndexedDB): test files replace the
 * IndexedDB module with this one, `vi.mock('@web/lib/offline/mark-queue', () => import('./support/offline'))`.
 */

export const stored = new Map<string, QueuedMark>();

/** As IndexedDB's module reads them: in the app's names (a mark may be kept with the wire's). */
export async function marksOf(userId: string): Promise<QueuedMark[]> {
  return [...stored.values()]
    .filter((mark) => mark.userId === userId)
    .map(keptMark)
    .sort((a, b) => a.savedAt.localeCompare(b.savedAt));
}

export async function saveMark(mark: QueuedMark): Promise<void> {
  stored.set(mark.clientMarkId, structuredClone(mark));
}

export async function removeMark(clientMarkId: string): Promise<void> {
  stored.delete(clientMarkId);
}

export async function removeDoneMarks(): Promise<void> {
  for (const [id, mark] of stored) if (mark.state !== 'waiting') stored.delete(id);
}

/** The id of the tab's sign-in that waitingMark's marks were saved in (web/src/lib/session.ts keeps it in sessionStorage). */
export const THIS_SIGN_IN = 'sign-in-of-this-tab';

/** This tab signed in as `user` before the test (as after a reload): their next signIn keeps THIS_SIGN_IN. */
export function signedInHere(user: PublicUser): void {
  sessionStorage.setItem('sams-sign-in', JSON.stringify({ user, id: THIS_SIGN_IN }));
}

let made = 0;

/** A mark of the faculty member waiting on the phone (Division 1's lecture at 09:00 today unless told). */
export function waitingMark(overrides: Partial<QueuedMark> = {}): QueuedMark {
  made += 1;
  const clientMarkId = `00000000-0000-4000-8000-${String(made).padStart(12, '0')}`;
  return {
    clientMarkId,
    userId: 'u-faculty',
    signInId: THIS_SIGN_IN,
    body: {
      presentStudentIds: ['st1'],
      date: collegeToday(),
      slotid: 'slot9',
      classKind: 'lecture',
      courseid: 'c1',
      groupid: 'd1',
      clientMarkId,
    },
    label: 'Semester 3 / Data Structures / Lecture / 09:00 - 10:00 / Division 1',
    view: { date: collegeToday(), semid: 's3', courseid: 'c1', slotid: 'slot9', classKind: 'lecture', groupid: 'd1' },
    savedAt: new Date(Date.now() - 60_000 + made).toISOString(),
    state: 'waiting',
    attempts: 0,
    nextTryAt: 0,
    ...overrides,
  };
}

/** A 409's data: Division 1's lecture at 09:00 marked by the demo admin. */
export const CONFLICT: MarkConflict = {
  _id: 'sess9',
  date: collegeToday(),
  courseid: 'c1',
  slotid: 'slot9',
  classKind: 'lecture',
  groupid: 'd1',
  markedBy: { _id: 'u-admin', username: 'Demo Admin' },
  markedAt: '2026-11-20T09:05:00.000Z',
};
