import { MAX_VIEW_DAYS } from '@shared/attendance-words';
import type { CriteriaQuery, ViewQuery } from '@shared/schemas/attendance';
import type { ClassKind } from '@shared/schemas/wire-names';

/** The view form's fields, by their documented names (docs/product.md §3), plus the optional division/batch filter. */
export type ViewValues = {
  semester_id: string;
  course_id: string;
  slot_id: string;
  /** The class kind ('lecture' or 'lab'), '' when not chosen. */
  slot_count: string;
  date: string;
  enddate: string;
  group_id: string;
};
export type ViewField = keyof ViewValues;
/** The form's values once its schema has checked them (./view-schemas.ts). */
export type ValidView = Omit<ViewValues, 'slot_count'> & { slot_count: ClassKind };

export const EMPTY_VALUES: ViewValues = {
  semester_id: '',
  course_id: '',
  slot_id: '',
  slot_count: '',
  date: '',
  enddate: '',
  group_id: '',
};

export const VIEW_MESSAGES = {
  semester: 'Please select a semester',
  course: 'Please select a course',
  slot: 'Please select a slot',
  /** Get Attendance without a slot (Get Percentage takes every slot then). */
  slotForDates: 'Please select a slot to see attendance by date',
  slotCount: 'Please select Lecture or Lab',
  date: 'Please choose a start date',
  enddate: 'Enter a real end date',
  endBeforeStart: 'The end date must not be before the start date',
  tooManyDays: `Get Attendance shows at most ${MAX_VIEW_DAYS} days: choose an end date closer to the start date`,
} as const;

/** GET attendance's query, in the API's order (an end date only for a range). */
export const dateQuery = (view: ValidView): ViewQuery => ({
  date: view.date,
  ...(view.enddate && view.enddate !== view.date ? { enddate: view.enddate } : {}),
  slotid: view.slot_id,
  classKind: view.slot_count,
  courseid: view.course_id,
  ...(view.group_id ? { groupid: view.group_id } : {}),
});

/** GET attendance/criteria's query, in the API's order (no end date: the server reads the start date alone; no slot: every slot). */
export const rangeQuery = (view: ValidView): CriteriaQuery => ({
  startdate: view.date,
  ...(view.enddate ? { enddate: view.enddate } : {}),
  ...(view.slot_id ? { slotid: view.slot_id } : {}),
  classKind: view.slot_count,
  courseid: view.course_id,
  ...(view.group_id ? { groupid: view.group_id } : {}),
});
