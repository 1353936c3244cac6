import type { TimetableEntry } from '@shared/schemas/timetable';

/**
 * A timetable entry as stored (functions/lib/repositories/timetable.ts writes it, with its copies). Its
 * slot's order is read from the slot when listed, so a renamed slot moves its entries.
 */
export type TimetableItem = TimetableEntry;
