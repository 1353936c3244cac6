import * as z from 'zod/mini';
import { daysFromTo } from '@shared/dates';
import { MAX_VIEW_DAYS, type CriteriaQuery, type ViewQuery } from '@shared/schemas/attendance';
import { isCalendarDate } from '@shared/dates';
import { entityId } from '@shared/schemas/common';
import { CLASS_KINDS } from '@shared/schemas/wire-names';
import type { ReportMode } from './report';

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

const optionalDate = (message: string) => z.string().check(z.refine((value) => value === '' || isCalendarDate(value), { error: message }));

/**
 * docs/product.md §5: semester, course, slot count and start date required; the end date optional; the slot
 * needed by Get Attendance, optional for Get Percentage (every slot of the course without one).
 */
const formSchema = (slot: z.ZodMiniType<string>) =>
  z.object({
    semester_id: entityId(VIEW_MESSAGES.semester),
    course_id: entityId(VIEW_MESSAGES.course),
    slot_id: slot,
    slot_count: z.enum(CLASS_KINDS, { error: VIEW_MESSAGES.slotCount }),
    date: z.string({ error: VIEW_MESSAGES.date }).check(z.refine(isCalendarDate, { error: VIEW_MESSAGES.date })),
    enddate: optionalDate(VIEW_MESSAGES.enddate),
    group_id: z.string(),
  });
const viewFormSchema = formSchema(z.string());
export type ValidView = z.infer<typeof viewFormSchema>;

const endNotBeforeStart = z.refine<ValidView>((view) => !view.enddate || !view.date || view.enddate >= view.date, {
  error: VIEW_MESSAGES.endBeforeStart,
  path: ['enddate'],
});

const atMostMaxDays = z.refine<ValidView>(
  (view) => !view.enddate || !view.date || view.enddate < view.date || daysFromTo(view.date, view.enddate) <= MAX_VIEW_DAYS,
  { error: VIEW_MESSAGES.tooManyDays, path: ['enddate'] },
);

/** What each button checks: Get Attendance needs a slot and takes at most 31 days; both check the range. */
export const VIEW_SCHEMAS: Record<ReportMode, z.ZodMiniType<ValidView>> = {
  date: formSchema(entityId(VIEW_MESSAGES.slotForDates)).check(endNotBeforeStart, atMostMaxDays),
  percentage: viewFormSchema.check(endNotBeforeStart),
};

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
