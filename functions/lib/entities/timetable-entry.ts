import type { TimetableEntry } from '@shared/schemas/timetable';

/** A timetable entry as stored (functions/lib/repositories/timetable.ts writes it, with its copies). */
export interface TimetableItem extends TimetableEntry {
  /** The slot's name as a natural key, so a term's entries sort by slot name without reading the slots. */
  slotOrder: string;
}
