import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { parseTime } from '../dates';
import { calendarDate, entityId, personName, requiredEmail, requiredText } from './common';
import { guardianListSchema } from './guardians';
import { blankIsAbsent, dateOfBirth } from './date-of-birth';

const termStatus = z.boolean({ error: 'Please choose a status (active or inactive)' });
/** A term's optional first and last day (docs/product.md §3): marks must fall between them. null clears one. */
const termDates = {
  startDate: z.optional(z.nullable(calendarDate('Enter a real start date as YYYY-MM-DD'))),
  endDate: z.optional(z.nullable(calendarDate('Enter a real end date as YYYY-MM-DD'))),
};
export const TERM_DATES_OUT_OF_ORDER = 'The term must end on or after the day it starts';
export const termDatesInOrder = (term: { startDate?: string | null; endDate?: string | null }) =>
  !term.startDate || !term.endDate || term.startDate <= term.endDate;

export const termSchema = z
  .object({ name: requiredText('Please enter term'), status: termStatus, ...termDates })
  .check(z.refine(termDatesInOrder, { error: TERM_DATES_OUT_OF_ORDER }));
export const HOLIDAY_MESSAGES = {
  date: 'Enter a real holiday date as YYYY-MM-DD',
  name: 'Name the holiday',
  twice: 'A date can be one holiday only',
  tooMany: 'At most 100 holidays in a term',
} as const;
const holiday = z.object({
  date: calendarDate(HOLIDAY_MESSAGES.date),
  name: requiredText(HOLIDAY_MESSAGES.name, 100),
});
/** A term's holidays, the whole list at once (each date once). */
const holidayList = z.array(holiday, { error: HOLIDAY_MESSAGES.date }).check(
  z.maxLength(100, { error: HOLIDAY_MESSAGES.tooMany }),
  z.refine((list) => new Set(list.map((one) => one.date)).size === list.length, { error: HOLIDAY_MESSAGES.twice }),
);

export const TERM_RENAME_ALONE = 'Rename the term on its own, then change its status, dates or holidays';
/** PATCH term/{id}: its status, its dates, its holidays, or any of them; or, on its own, a new name. */
export const termStatusSchema = z
  .object({ name: z.optional(termSchema.shape.name), status: z.optional(termStatus), ...termDates, holidays: z.optional(holidayList) })
  .check(
    z.refine(
      (change) =>
        change.name !== undefined ||
        change.status !== undefined ||
        change.startDate !== undefined ||
        change.endDate !== undefined ||
        change.holidays !== undefined,
      { error: 'Please choose a status (active or inactive)' },
    ),
    // A rename and a change of the rest are separate writes: sent together, one could be kept without the other.
    z.refine(
      (change) =>
        change.name === undefined ||
        (change.status === undefined && change.startDate === undefined && change.endDate === undefined && change.holidays === undefined),
      { error: TERM_RENAME_ALONE },
    ),
    z.refine(termDatesInOrder, { error: TERM_DATES_OUT_OF_ORDER }),
  );

/**
 * POST term/{id}/activate: make this term the active one, every other inactive (docs/product.md §3),
 * now or from a date (college time) when `from` is given; `from: null` cancels a planned switch.
 */
/** The day a term becomes active: none (now), a date, or null (cancel the planned switch). */
export const activationDay = z.optional(z.nullable(calendarDate('Enter a real date as YYYY-MM-DD to switch on')));

/** A request without a body switches the term on now. */
export const termActivationSchema = z._default(z.object({ from: activationDay }), {});

/** A level under a parent (docs/product.md §3): its name and its parent's id, each with its own message. */
const childSchema = <P extends string>(nameMessage: string, parentField: P, parentMessage: string) =>
  z.object({ name: requiredText(nameMessage), ...({ [parentField]: entityId(parentMessage) } as Record<P, ReturnType<typeof entityId>>) });

export const semesterSchema = childSchema('Enter Semester', 'termid', 'Please select a term');
export const divisionSchema = childSchema('Please enter division', 'semid', 'Please select a semester');
export const batchSchema = childSchema('Please enter batch', 'divisionid', 'Please select a division');
export const courseSchema = childSchema('Please enter course', 'semid', 'Please select a semester');

/** PATCH term|semester|division|batch|course/{id}, and a slot's Rename: the new name, with its create's message. */
const renameSchema = (create: { shape: { name: z.ZodMiniType<string> } }) => z.object({ name: create.shape.name });
export const termRenameSchema = renameSchema(termSchema);
export const semesterRenameSchema = renameSchema(semesterSchema);
export const divisionRenameSchema = renameSchema(divisionSchema);
export const batchRenameSchema = renameSchema(batchSchema);
export const courseRenameSchema = renameSchema(courseSchema);

export const COORDINATOR_MESSAGES = {
  coordinators: 'Choose up to 10 faculty members as coordinators',
  notFaculty: 'Coordinators must be faculty members or admins with an account',
  saved: 'Coordinators saved',
} as const;

/** PATCH division/{id}/coordinators: the users (faculty or admins) who decide its students' leave; empty: none. */
export const coordinatorsSchema = z.object({
  coordinators: z
    .array(entityId(COORDINATOR_MESSAGES.coordinators), { error: COORDINATOR_MESSAGES.coordinators })
    .check(z.maxLength(10, { error: COORDINATOR_MESSAGES.coordinators })),
});

export const SLOT_MESSAGES = {
  start: 'Enter the time the class starts, such as 09:00',
  end: 'Enter the time the class ends, such as 10:00',
  order: 'The class must end after it starts',
  noTimes: 'No class times: set them, or Not marked and the reminders cannot tell when its classes end',
} as const;
/** A time of day in college time, written HH:MM (24-hour). */
const classTime = (message: string) =>
  z.string({ error: message }).check(
    z.trim(),
    z.refine((text) => /^\d{2}:\d{2}$/.test(text) && parseTime(text) !== null, { error: message }),
  );
const timesInOrder = (slot: { start?: string; end?: string }) => !slot.start || !slot.end || slot.start < slot.end;
/** A time slot (docs/product.md §3): its name for display, and when its classes start and end (college time). */
export const slotSchema = z
  .object({
    ...childSchema('Please enter slot', 'termid', 'Please select a term').shape,
    start: classTime(SLOT_MESSAGES.start),
    end: classTime(SLOT_MESSAGES.end),
  })
  .check(z.refine(timesInOrder, { error: SLOT_MESSAGES.order, path: ['end'] }));
export const slotRenameSchema = z.object({ name: requiredText('Please enter slot') });
/** PATCH slot/{id}: its name, its times, or both (a slot an older release stored may have none). */
export const slotUpdateSchema = z
  .object({
    name: z.optional(requiredText('Please enter slot')),
    start: z.optional(classTime(SLOT_MESSAGES.start)),
    end: z.optional(classTime(SLOT_MESSAGES.end)),
  })
  .check(
    z.refine((change) => change.name !== undefined || change.start !== undefined || change.end !== undefined, {
      error: 'Change the name or the times',
    }),
    z.refine(timesInOrder, { error: SLOT_MESSAGES.order, path: ['end'] }),
  );

const enrollment = requiredText('Please enter enrollment', 50, 'Enrollment');
const studentName = personName('Please enter name');
const studentEmail = requiredEmail('Please enter email', MESSAGES.invalidEmail);

export const studentSchema = z.object({
  enrollment,
  name: studentName,
  email: studentEmail,
  batchid: entityId('Please select a batch'),
  guardians: z.optional(guardianListSchema),
  /** Optional (docs/product.md §2.6): empty is none. */
  dob: z.optional(z.pipe(z.transform(blankIsAbsent), z.optional(dateOfBirth))),
});

/** The update form marks every field optional: what is missing or empty stays as it is; guardians sent replace the list. */
const keepWhenEmpty = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodMiniType>(schema: T) => z.pipe(z.transform(keepWhenEmpty), z.optional(schema));
export const studentUpdateSchema = z.object({
  enrollment: optional(enrollment),
  name: optional(studentName),
  email: optional(studentEmail),
  batchid: optional(entityId('Please select a batch')),
  guardians: z.optional(guardianListSchema),
  /** Empty stays as it is, as the other fields; null clears the date of birth (as a term's dates). */
  dob: z.pipe(z.transform(keepWhenEmpty), z.optional(z.nullable(dateOfBirth))),
});

export const changeTermSchema = z
  .object({
    oldbatchid: entityId('Please select the batch to move from'),
    newbatchid: entityId('Please select the batch to move to'),
  })
  .check(z.refine((value) => value.oldbatchid !== value.newbatchid, { error: 'Choose a different batch to move to' }));

const idList = (message: string) =>
  z
    .array(entityId(message), { error: message })
    .check(z.minLength(1, { error: message }), z.maxLength(100, { error: 'At most 100 ids at once' }));
export const batchDeleteSchema = z.object({ divIds: idList('Some error occur') });
export const studentDeleteSchema = z.object({ batches_id: idList('Some error occur') });

/** What the structure routes answer: shared/answers/structure.ts. */
export type {
  Batch,
  Course,
  DeletedStudents,
  Division,
  DivisionStudentEntry,
  Guardian,
  Holiday,
  MovedStudents,
  Semester,
  Slot,
  Student,
  Term,
} from '../answers/structure';
