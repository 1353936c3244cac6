import type { AttendanceStatus, AttendanceStudent, UserRef } from '@shared/schemas/attendance';
import type { ClassKind } from '@shared/schemas/wire-names';
import { decodeId, encodeId } from '../item-ids';
import { beginsWith, between, exactly, type Key, type KeyCondition } from '../keys';
import { kindOfStored, storedKind, withClassKind, withStoredKind, type WithStoredKind } from './stored-kind';

/**
 * A class session: one marked class (a course, slot kind, date, slot and group). Everything about
 * how one is stored is here: its key, its id, its stored shape (with a version) and the converters;
 * functions/lib/repositories/attendance.ts reads and writes it. Named apart from a user's sign-in,
 * which is a login session.
 */
export interface ClassSession extends ClassSessionPlace {
  _id: string;
  expected: AttendanceStudent[];
  statuses: Record<string, AttendanceStatus>;
  markedBy: UserRef;
  markedAt: string;
  /** The states it has been in (1: as marked); a correction replaces it only at the version the corrector read. */
  version: number;
  /** The client's id of the mark that stored it (absent for marks sent without one): a replay of it is not a second mark. */
  clientMarkId?: string;
}

/** What identifies a class session: marked once per course, kind, date, slot and group. */
export interface ClassSessionPlace {
  courseid: string;
  classKind: ClassKind;
  date: string;
  slotid: string;
  groupid: string;
}

// Keys: in the course's partition, so that deleting the course finds all; the key is the exactly-once rule.

const sortKey = (s: Omit<ClassSessionPlace, 'courseid'>) => `ATT#${storedKind(s.classKind)}#${s.date}#${s.slotid}#${s.groupid}`;

export const classSessionKey = (place: ClassSessionPlace): Key => ({ pk: `COURSE#${place.courseid}`, sk: sortKey(place) });

/** The class sessions of one course, kind, date and slot: of one group (exactly that id), or (groupid missing) of every group. */
export const classSessionsOfSlot = (slot: Omit<ClassSessionPlace, 'groupid'> & { groupid?: string }): KeyCondition =>
  slot.groupid
    ? exactly(classSessionKey({ ...slot, groupid: slot.groupid }))
    : beginsWith(`COURSE#${slot.courseid}`, sortKey({ ...slot, groupid: '' }));

/** The class sessions of one course and kind from one date to another, both included ('~' sorts after every id). */
export const classSessionsOfCourse = (courseid: string, kind: ClassKind, from: string, to: string): KeyCondition =>
  between(`COURSE#${courseid}`, `ATT#${storedKind(kind)}#${from}`, `ATT#${storedKind(kind)}#${to}#~`);

export const allClassSessionsOfCourse = (courseid: string): KeyCondition => beginsWith(`COURSE#${courseid}`, 'ATT#');

// Its history: one immutable entry per version (1 = the original mark), in the course's partition
// outside ATT#, so class session Queries never see them.

const historySortKey = (s: ClassSessionPlace) => `HIST#${storedKind(s.classKind)}#${s.date}#${s.slotid}#${s.groupid}#`;

/** Zero-padded, so that the entries sort by version. */
export const historyEntryKey = (place: ClassSessionPlace, version: number): Key => ({
  pk: `COURSE#${place.courseid}`,
  sk: `${historySortKey(place)}${String(version).padStart(6, '0')}`,
});
export const historyOfClassSession = (place: ClassSessionPlace): KeyCondition =>
  beginsWith(`COURSE#${place.courseid}`, historySortKey(place));
export const allHistoryOfCourse = (courseid: string): KeyCondition => beginsWith(`COURSE#${courseid}`, 'HIST#');
/** The history of one course and kind's class sessions from one date to another, both included. */
export const historyOfCourse = (courseid: string, kind: ClassKind, from: string, to: string): KeyCondition =>
  between(`COURSE#${courseid}`, `HIST#${storedKind(kind)}#${from}`, `HIST#${storedKind(kind)}#${to}#~`);

// Its id: the place, encoded (the kind by its stored code), so the id alone finds the item with one GetItem.

export const classSessionId = (s: ClassSessionPlace): string =>
  encodeId([s.courseid, storedKind(s.classKind), s.date, s.slotid, s.groupid]);

/** Where the class session with this `_id` would be; null for an id no class session can have. */
export function classSessionPlaceOfId(id: string): ClassSessionPlace | null {
  const parts = decodeId(id, 5, [0, 2, 3, 4]);
  if (!parts || (parts[1] !== 1 && parts[1] !== 2)) return null;
  const [courseid, code, date, slotid, groupid] = parts;
  return { courseid, classKind: kindOfStored(code), date, slotid, groupid } as ClassSessionPlace;
}

// Its stored shape. Shape 2 is the class session itself, its kind by its code (stored-kind.ts). Items without
// `shape` were stored by older releases: some without `_id` or `version`, the oldest with `present` (the ids
// there) instead of `statuses`.

export const CLASS_SESSION_SHAPE = 2;

/** The place as stored: the kind by its code. */
export type StoredPlace = WithStoredKind<ClassSessionPlace>;
type Stored<T extends ClassSessionPlace> = Omit<T, 'classKind'> & StoredPlace;
type Shape1 = Stored<Omit<ClassSession, '_id' | 'statuses' | 'version'>> &
  Partial<Pick<ClassSession, '_id' | 'statuses' | 'version'>> & { shape?: undefined; present?: string[] };
type Shape2 = Stored<ClassSession> & { shape: 2 };
export type StoredClassSession = Shape1 | Shape2;

/** The item to store: the key, the entity's name, the shape's version and the class session, its kind by its code. */
export const classSessionItem = (session: ClassSession) => {
  return { ...classSessionKey(session), entity: 'attendance', shape: CLASS_SESSION_SHAPE, ...withStoredKind(session) };
};

/** The place of a stored item (or of a projection of one that reads its place). */
export const placeOfItem = (item: StoredPlace): ClassSessionPlace => {
  const { courseid, classKind, date, slotid, groupid } = withClassKind(item);
  return { courseid, classKind, date, slotid, groupid };
};

/** A stored item as a class session, upgraded from the shape it was stored in. */
export function classSessionOf(item: StoredClassSession): ClassSession {
  const { expected, markedBy, markedAt, clientMarkId } = item;
  const session = { ...placeOfItem(item), expected, markedBy, markedAt, ...(clientMarkId ? { clientMarkId } : {}) };
  if (item.shape === CLASS_SESSION_SHAPE) return { ...session, _id: item._id, statuses: item.statuses, version: item.version };
  return { ...session, ...upgradeShape1(item, session) };
}

function upgradeShape1(item: Shape1, place: ClassSessionPlace): Pick<ClassSession, '_id' | 'statuses' | 'version'> {
  const present = new Set(item.present ?? []);
  const statuses = Object.fromEntries(item.expected.map(({ _id }) => [_id, present.has(_id) ? 'present' : 'absent'] as const));
  return { _id: item._id ?? classSessionId(place), statuses: item.statuses ?? statuses, version: item.version ?? 1 };
}

/**
 * Whether a projection of a stored item (without `expected`) carries its statuses: every item with a
 * shape or a version does; an older one must be read whole (upgradeShape1 needs `present` and `expected`).
 */
export const carriesStatuses = (item: { shape?: number; version?: number }): boolean =>
  item.shape !== undefined || item.version !== undefined;

/** The rule for a mark sent again: `stored` was stored by this very mark (its clientMarkId, by the same user). */
export const isSameMark = (stored: ClassSession, mark: Pick<ClassSession, 'clientMarkId' | 'markedBy'>): boolean =>
  mark.clientMarkId !== undefined && stored.clientMarkId === mark.clientMarkId && stored.markedBy._id === mark.markedBy._id;
