import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { MarkConflict, MarkInput } from '@shared/schemas/attendance';
import type { ViewLink } from '../view-link';
import { keptMark } from './kept-mark';

/*
 * The marks saved on this phone (docs/product.md §4, marking offline), in IndexedDB: they outlive a
 * reload, a closed tab and a new version of the app. One record per mark, by its clientMarkId, with
 * the user who made it (only they send it) and the sign-in that saved it, what the screens show of it,
 * and its outcome. Anyone at the device can read and change these records: a mark not saved in the
 * current sign-in is sent only once its user has seen it (docs/decisions.md).
 */

/** waiting: to be sent; sent: stored by the server; conflict: someone else had marked the class; refused: the server said no. */
export type QueuedState = 'waiting' | 'sent' | 'conflict' | 'refused';

export interface QueuedMark {
  clientMarkId: string;
  userId: string;
  /** The body of POST attendance, clientMarkId included. */
  body: MarkInput & { clientMarkId: string };
  /** The class as the flow showed it ('Physics / Lecture / 09:00 - 10:00 / Division 1'). */
  label: string;
  /** The view of that class's date, where the stored session is seen (and corrected, where allowed). */
  view: ViewLink | null;
  savedAt: string;
  state: QueuedState;
  attempts: number;
  /** When the next try may go (ms since the epoch): after a failed try, later and later. */
  nextTryAt: number;
  /** The last answer: the server's message, or why it could not be sent. */
  message?: string;
  /**
   * The sign-in that saved it (the tab's id, web/src/lib/session.ts): only a mark of the current sign-in
   * is sent by itself; any other (an earlier sign-in, or a record edited or added on the device) waits
   * for its user to review it. None (a mark an older version of the app saved): reviewed too.
   */
  signInId?: string;
  /** The session stored (sent), or the one someone else stored (conflict). */
  sessionId?: string;
  conflict?: MarkConflict;
}

interface QueueDb extends DBSchema {
  marks: { key: string; value: QueuedMark; indexes: { byUser: string } };
}

const DB_NAME = 'sams-offline';
let opened: Promise<IDBPDatabase<QueueDb>> | undefined;

function database(): Promise<IDBPDatabase<QueueDb>> {
  opened ??= openDB<QueueDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('marks', { keyPath: 'clientMarkId' }).createIndex('byUser', 'userId');
    },
    // A new version of the app that needs another schema asks this tab to let go.
    blocking() {
      void opened?.then((db) => db.close());
      opened = undefined;
    },
  });
  return opened;
}

/** A browser without IndexedDB keeps no marks: it lists none, and saving one fails (the screen says so). */
const canKeep = (): boolean => typeof indexedDB !== 'undefined';

/**
 * Whether the device holds the database: it is made by the first mark saved, so a device that never kept
 * one is not given an empty database at every start (nor a first visit the time it takes).
 */
async function holdsMarks(): Promise<boolean> {
  if (!canKeep()) return false;
  if (opened || typeof indexedDB.databases !== 'function') return true;
  return (await indexedDB.databases()).some(({ name }) => name === DB_NAME);
}

/** The user's saved marks, oldest first, in the app's names (keptMark). */
export async function marksOf(userId: string): Promise<QueuedMark[]> {
  if (!(await holdsMarks())) return [];
  const marks = await (await database()).getAllFromIndex('marks', 'byUser', userId);
  // ISO times in UTC: ordered as text (no localeCompare, which loads the browser's collation data).
  return marks.map(keptMark).sort((a, b) => (a.savedAt < b.savedAt ? -1 : a.savedAt > b.savedAt ? 1 : 0));
}

export async function saveMark(mark: QueuedMark): Promise<void> {
  if (!canKeep()) throw new Error('This browser cannot keep marks offline: mark again when you are online.');
  await (await database()).put('marks', mark);
}

export async function removeMark(clientMarkId: string): Promise<void> {
  await (await database()).delete('marks', clientMarkId);
}

/** Drops every user's marks already dealt with (sent, conflict, refused); those waiting stay. */
export async function removeDoneMarks(): Promise<void> {
  if (!(await holdsMarks())) return;
  const db = await database();
  for (const mark of await db.getAll('marks')) if (mark.state !== 'waiting') await db.delete('marks', mark.clientMarkId);
}
