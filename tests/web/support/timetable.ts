import type { TimetableClass, TimetableEntry, TodayClass } from '@shared/schemas/timetable';
import type { Course, Slot } from '@shared/schemas/structure';
import { routes } from './fake-api';
import { FACULTY } from './fixtures';

/*
 * The fake timetable: the active term's slots and Semester 3's courses, and a week of Division 1 taught by
 * the demo faculty member (a Monday lecture at 09:00, a Monday lab of Batch 1A at 10:00).
 */

export const SLOT_9: Slot = { _id: 'slot9', name: '09:00 - 10:00', termid: 't1' };
export const SLOT_10: Slot = { _id: 'slot10', name: '10:00 - 11:00', termid: 't1' };
export const DATA_STRUCTURES: Course = { _id: 'c1', name: 'Data Structures', semid: 's3' };
export const ELECTRONICS: Course = { _id: 'c2', name: 'Digital Electronics', semid: 's3' };

export const SECOND_FACULTY = { _id: 'u-faculty2', username: 'Second Faculty', email: 'faculty2@sams.local', role: 'faculty' } as const;

/** An entry of the term t1, of Semester 3, taught by the demo faculty member unless told otherwise. */
export const entry = (overrides: Partial<TimetableEntry> & Pick<TimetableEntry, '_id'>): TimetableEntry => ({
  termid: 't1',
  weekday: 1,
  slotid: SLOT_9._id,
  courseid: DATA_STRUCTURES._id,
  classKind: 'lecture',
  groupid: 'd1',
  facultyid: FACULTY._id,
  semid: 's3',
  divisionid: 'd1',
  faculty: { _id: FACULTY._id, username: FACULTY.username },
  ...overrides,
});

/** Monday 09:00: Data Structures, a lecture of Division 1. */
export const LECTURE = entry({ _id: 'e1' });
/** Monday 10:00: Digital Electronics, a lab of Batch 1A (of Division 1). */
export const LAB = entry({ _id: 'e2', slotid: SLOT_10._id, courseid: ELECTRONICS._id, classKind: 'lab', groupid: 'b1' });

/** An entry with the names a screen shows, as Today and Not marked answer it. */
export const named = (item: TimetableEntry): TimetableClass => ({
  entry: item,
  course: item.courseid === DATA_STRUCTURES._id ? DATA_STRUCTURES.name : ELECTRONICS.name,
  kind: item.classKind === 'lecture' ? 'Lecture' : 'Lab',
  group: item.groupid === 'd1' ? 'Division 1' : item.groupid === 'b1' ? 'Division 1 / Batch 1A' : item.groupid,
  slot: item.slotid === SLOT_9._id ? SLOT_9.name : SLOT_10.name,
});

export const todayClass = (item: TimetableEntry, marked: string | null = null): TodayClass => ({ ...named(item), marked });

/** The lists the timetable's names come from. */
export const TIMETABLE_LISTS = routes({
  'GET /slot/t1': { data: [SLOT_9, SLOT_10] },
  'GET /course/s3': { data: [DATA_STRUCTURES, ELECTRONICS] },
  'GET /course/s5': { data: [] },
});
