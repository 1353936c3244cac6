import * as z from 'zod/mini';
import { isCalendarDate } from '../dates';
import { TIMETABLE_MESSAGES, WEEKDAYS } from '../timetable-words';
import { entityId } from './common';
import { CLASS_KINDS } from './wire-names';

/*
 * The weekly timetable (docs/product.md §3): which faculty member teaches which course, as a lecture
 * to a division or a lab to a batch, in which slot on which weekday of a term. It drives each faculty
 * member's Today, who may mark what (the settings' markingPolicy) and the classes not yet marked.
 */

export { TIMETABLE_MESSAGES, WEEKDAYS } from '../timetable-words';
export { weekdayOf } from '../dates';

const weeksChoice = z.enum(['odd', 'even'], { error: TIMETABLE_MESSAGES.weeks });

export const timetableEntrySchema = z.object({
  termid: entityId(TIMETABLE_MESSAGES.termid),
  weekday: z
    .int({ error: TIMETABLE_MESSAGES.weekday })
    .check(z.gte(1, { error: TIMETABLE_MESSAGES.weekday }), z.lte(7, { error: TIMETABLE_MESSAGES.weekday })),
  slotid: entityId(TIMETABLE_MESSAGES.slotid),
  courseid: entityId(TIMETABLE_MESSAGES.courseid),
  classKind: z.enum(CLASS_KINDS, { error: TIMETABLE_MESSAGES.classKind }),
  groupid: entityId(TIMETABLE_MESSAGES.groupid),
  facultyid: entityId(TIMETABLE_MESSAGES.facultyid),
  /** Odd or even weeks of the term only (shared/timetable-weeks.ts); absent: every week. */
  weeks: z.optional(weeksChoice),
});
export type TimetableEntryInput = z.infer<typeof timetableEntrySchema>;

/**
 * PATCH timetable/{id}: what the entry becomes, in the same term (its course, kind, group, faculty member,
 * weekday, slot); its weeks stay as they are when `weeks` is left out, and become every week with null.
 */
export const timetableChangeSchema = z.extend(z.omit(timetableEntrySchema, { termid: true }), {
  weeks: z.optional(z.nullable(weeksChoice)),
});
export type TimetableEntryChange = z.infer<typeof timetableChangeSchema>;

/** GET timetable: a term's entries, of one faculty member or one group (a division's includes its batches' labs). */
export const timetableQuerySchema = z.object({
  termid: entityId(TIMETABLE_MESSAGES.termid),
  facultyid: z.optional(entityId(TIMETABLE_MESSAGES.facultyid)),
  groupid: z.optional(entityId(TIMETABLE_MESSAGES.groupid)),
});
export type TimetableQuery = z.input<typeof timetableQuerySchema>;

const DATE_MESSAGE = 'Enter a real date as YYYY-MM-DD';
const dateText = z.string({ error: DATE_MESSAGE }).check(z.trim(), z.refine(isCalendarDate, { error: DATE_MESSAGE }));

/** GET timetable/today: the date, today (college time) when left out. */
export const todayQuerySchema = z.object({ date: z.optional(dateText) });
/** GET attendance/missing: the date is required. */
export const missingQuerySchema = z.object({ date: dateText });

/** What the timetable routes answer: shared/answers/timetable.ts. */
export type { NotMarked, TimetableClass, TimetableEntry, TodayClass } from '../answers/timetable';

/** The class a new or changed entry clashes with, as a 409 names it. */
export interface ClashingClass {
  course: string;
  kind: 'Lecture' | 'Lab';
  /** A division, or a batch as 'Division 1 / Batch 1A'. */
  group: string;
  faculty: string;
  weekday: number;
  /** The slot's times ('09:00 - 10:00') when it has them, else its name. */
  when: string;
  /** A class of odd or even weeks only. */
  weeks?: 'odd' | 'even';
}

/**
 * A clash in the user's words, naming the other class: the group is taken ('Division 1 already has Data
 * Structures (Lecture) with Asha Rao on Monday 09:00 - 10:00'), the faculty member teaches then, the
 * division has a lecture then (no lab for its batches) or one of its batches a lab (no lecture for it).
 */
export function clashMessage(clash: 'group' | 'faculty' | 'divisionLecture' | 'batchLab', other: ClashingClass): string {
  const at = `${WEEKDAYS[other.weekday - 1]} ${other.when}${other.weeks ? ` in ${other.weeks} weeks` : ''}`;
  const what = `${other.course} (${other.kind})`;
  if (clash === 'faculty') return `${other.faculty} already teaches ${what} to ${other.group} on ${at}`;
  const has = `${other.group} already has ${what} with ${other.faculty} on ${at}`;
  if (clash === 'divisionLecture') return `${has}, so its batches cannot have a lab then`;
  if (clash === 'batchLab') return `${has}, so the whole division cannot have a lecture then`;
  return has;
}

/** GET timetable/today's message on a holiday of the active term. */
export const holidayMessage = (name: string): string => `No classes today: ${name} (holiday)`;
