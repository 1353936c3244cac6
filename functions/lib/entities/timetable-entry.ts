import type { TimetableEntry } from '@shared/schemas/timetable';
import { beginsWith, type Key, type KeyCondition } from '../keys';
import { withClassKind, withStoredKind, type WithStoredKind } from './stored-kind';
import { userPartition } from './user';

/**
 * A timetable entry (functions/lib/repositories/timetable.ts writes it, with its copies). Its slot's order
 * is read from the slot when listed, so a renamed slot moves its entries.
 */
export type TimetableItem = TimetableEntry;

/** An entry (or its copy) as stored: its kind by its code (stored-kind.ts). */
export type StoredTimetableEntry = WithStoredKind<TimetableItem>;

/** The entry's attributes as stored. */
export function storedTimetableEntry(entry: TimetableItem): StoredTimetableEntry {
  return withStoredKind(entry);
}

/** A stored entry (or copy) as read, its kind by name; what else the item carries (its keys, its revision) stays on it. */
export function timetableItemOf(item: StoredTimetableEntry): TimetableItem {
  return withClassKind(item);
}

// Keys (docs/data-model.md): an entry per term, weekday, slot and group, in the term's partition (the key
// makes a group's slot taken once); a copy in the faculty member's partition (the key makes a faculty
// member's slot taken once, and lists their classes of a weekday); and per division, weekday and slot a
// count of its batches' labs (a lecture and a lab of its batch never share a slot).

export interface EntryPlace {
  termid: string;
  weekday: number;
  slotid: string;
  groupid: string;
  /** A class of odd or even weeks has a place of its own beside an every-week class's (functions/lib/timetable/places.ts). */
  weeks?: 'odd' | 'even' | null;
}

const weeksPart = (weeks: EntryPlace['weeks']) => (weeks ? `#${weeks}` : '');
export const timetableEntry = (e: EntryPlace): Key => ({
  pk: `TERM#${e.termid}`,
  sk: `TT#${e.weekday}#${e.slotid}#${e.groupid}${weeksPart(e.weeks)}`,
});
/** Every entry of a term, or of one weekday of it. */
export const timetableOfTerm = (termid: string, weekday?: number): KeyCondition =>
  beginsWith(`TERM#${termid}`, weekday === undefined ? 'TT#' : `TT#${weekday}#`);
export const facultyClass = (e: Omit<EntryPlace, 'groupid'> & { facultyid: string }): Key => ({
  pk: userPartition(e.facultyid),
  sk: `TT#${e.weekday}#${e.termid}#${e.slotid}${weeksPart(e.weeks)}`,
});
/** A faculty member's classes of one weekday, in every term (the caller keeps the active terms'). */
export const classesOfFaculty = (facultyid: string, weekday: number): KeyCondition =>
  beginsWith(userPartition(facultyid), `TT#${weekday}#`);
/** Every class of a faculty member, in every term and weekday. */
export const allClassesOfFaculty = (facultyid: string): KeyCondition => beginsWith(userPartition(facultyid), 'TT#');
export const divisionLabs = (e: Omit<EntryPlace, 'groupid'> & { divisionid: string }): Key => ({
  pk: `TERM#${e.termid}`,
  sk: `TTLABS#${e.weekday}#${e.slotid}#${e.divisionid}`,
});
