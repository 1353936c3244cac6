import type { TimetableClass } from '@shared/schemas/timetable';

/** A class's times as shown: '09:00–10:00', or its slot's name when the slot has no times. */
export const classTimes = (item: Pick<TimetableClass, 'slot' | 'start' | 'end'>): string =>
  item.start && item.end ? `${item.start}–${item.end}` : item.slot;
