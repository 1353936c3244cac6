import * as z from 'zod/mini';
import type { CriteriaQuery, ViewQuery } from '@shared/schemas/attendance';
import { isCalendarDate } from '@shared/dates';
import { entityId } from '@shared/schemas/common';
import type { ReportMode } from './report';

/** The view form's fields, by their documented names (docs/product.md §3), plus the optional division/batch filter. */
export type ViewValues = {
  semester_id: string;
  course_id: string;
  slot_id: string;
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
  slotCount: 'Please select Lecture or Lab',
  date: 'Please choose a start date',
  enddate: 'Enter a real end date',
  endBeforeStart: 'The end date must not be before the start date',
} as const;

const optionalDate = (message: string) => z.string().check(z.refine((value) => value === '' || isCalendarDate(value), { error: message }));

/** docs/product.md §5: semester, course, slot, slot count and start date required; the end date optional. */
export const viewFormSchema = z.object({
  semester_id: entityId(VIEW_MESSAGES.semester),
  course_id: entityId(VIEW_MESSAGES.course),
  slot_id: entityId(VIEW_MESSAGES.slot),
  slot_count: z.enum(['1', '2'], { error: VIEW_MESSAGES.slotCount }),
  date: z.string({ error: VIEW_MESSAGES.date }).check(z.refine(isCalendarDate, { error: VIEW_MESSAGES.date })),
  enddate: optionalDate(VIEW_MESSAGES.enddate),
  group_id: z.string(),
});
export type ValidView = z.infer<typeof viewFormSchema>;

const endNotBeforeStart = z.refine<ValidView>((view) => !view.enddate || !view.date || view.enddate >= view.date, {
  error: VIEW_MESSAGES.endBeforeStart,
  path: ['enddate'],
});

/** What each button checks: Get Percentage also checks the range (Get Attendance reads one date). */
export const VIEW_SCHEMAS: Record<ReportMode, z.ZodMiniType<ValidView>> = {
  date: viewFormSchema,
  percentage: viewFormSchema.check(endNotBeforeStart),
};

/** GET attendance's query, in the API's order. */
export const dateQuery = (view: ValidView): ViewQuery => ({
  date: view.date,
  slotid: view.slot_id,
  slotcount: view.slot_count,
  courseid: view.course_id,
  ...(view.group_id ? { groupid: view.group_id } : {}),
});

/** GET attendance/criteria's query, in the API's order (no end date: the server reads the start date alone). */
export const rangeQuery = (view: ValidView): CriteriaQuery => ({
  startdate: view.date,
  ...(view.enddate ? { enddate: view.enddate } : {}),
  slotcount: view.slot_count,
  courseid: view.course_id,
  ...(view.group_id ? { groupid: view.group_id } : {}),
});
