import * as z from 'zod/mini';
import { daysFromTo, isCalendarDate } from '@shared/dates';
import { MAX_VIEW_DAYS } from '@shared/attendance-words';
import { entityId } from '@shared/schemas/common';
import { CLASS_KINDS } from '@shared/schemas/wire-names';
import type { ReportMode } from './report';
import { VIEW_MESSAGES, type ValidView } from './view-form';

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

const endNotBeforeStart = z.refine<ValidView>((view) => !view.enddate || !view.date || view.enddate >= view.date, {
  error: VIEW_MESSAGES.endBeforeStart,
  path: ['enddate'],
});

const atMostMaxDays = z.refine<ValidView>(
  (view) => !view.enddate || !view.date || view.enddate < view.date || daysFromTo(view.date, view.enddate) <= MAX_VIEW_DAYS,
  { error: VIEW_MESSAGES.tooManyDays, path: ['enddate'] },
);

// ValidView (./view-form.ts) is what these answer: a change to a field here must be made there too (a type error says so).
/** What each button checks: Get Attendance needs a slot and takes at most 31 days; both check the range. */
export const VIEW_SCHEMAS: Record<ReportMode, z.ZodMiniType<ValidView>> = {
  date: formSchema(entityId(VIEW_MESSAGES.slotForDates)).check(endNotBeforeStart, atMostMaxDays),
  percentage: viewFormSchema.check(endNotBeforeStart),
};
