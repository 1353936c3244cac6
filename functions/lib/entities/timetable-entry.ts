import type { TimetableEntry } from '@shared/schemas/timetable';
import { kindOfStored, storedKind, type KindCode } from './stored-kind';

/**
 * A timetable entry (functions/lib/repositories/timetable.ts writes it, with its copies). Its slot's order
 * is read from the slot when listed, so a renamed slot moves its entries.
 */
export type TimetableItem = TimetableEntry;

/** An entry (or its copy) as stored: its kind by its code (stored-kind.ts). */
export type StoredTimetableEntry = Omit<TimetableItem, 'classKind'> & { slotcount: KindCode };

/** The entry's attributes as stored. */
export function storedTimetableEntry(entry: TimetableItem): StoredTimetableEntry {
  const { classKind, ...rest } = entry;
  return { ...rest, slotcount: storedKind(classKind) };
}

/** A stored entry (or copy) as read, its kind by name; what else the item carries (its keys, its revision) stays on it. */
export function timetableItemOf(item: StoredTimetableEntry): TimetableItem {
  const { slotcount, ...rest } = item;
  return { ...rest, classKind: kindOfStored(slotcount) };
}
