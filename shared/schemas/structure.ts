import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { emailAddress, entityId, requiredText } from './common';

export const termSchema = z.object({
  name: requiredText('Please enter term'),
  status: z.boolean({ error: 'Please choose a status (active or inactive)' }),
});
export const termStatusSchema = z.object({
  status: z.boolean({ error: 'Please choose a status (active or inactive)' }),
});

/** A level under a parent (docs/product.md §3): its name and its parent's id, each with its own message. */
const childSchema = <P extends string>(nameMessage: string, parentField: P, parentMessage: string) =>
  z.object({ name: requiredText(nameMessage), ...({ [parentField]: entityId(parentMessage) } as Record<P, ReturnType<typeof entityId>>) });

export const semesterSchema = childSchema('Enter Semester', 'termid', 'Please select a term');
export const divisionSchema = childSchema('Please enter division', 'semid', 'Please select a semester');
export const batchSchema = childSchema('Please enter batch', 'divisionid', 'Please select a division');
export const courseSchema = childSchema('Please enter course', 'semid', 'Please select a semester');
export const slotSchema = childSchema('Please enter slot', 'termid', 'Please select a term');

const enrollment = requiredText('Please enter enrollment', 50);
const studentName = requiredText('Please enter name');
const studentEmail = z.pipe(
  z.string({ error: 'Please enter email' }).check(z.trim(), z.minLength(1, { error: 'Please enter email' })),
  emailAddress(MESSAGES.invalidEmail),
);

export const studentSchema = z.object({
  enrollment,
  name: studentName,
  email: studentEmail,
  batchid: entityId('Please select a batch'),
});

/** The update form marks every field optional: what is missing or empty stays as it is. */
const keepWhenEmpty = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodMiniType>(schema: T) => z.pipe(z.transform(keepWhenEmpty), z.optional(schema));
export const studentUpdateSchema = z.object({
  enrollment: optional(enrollment),
  name: optional(studentName),
  email: optional(studentEmail),
  batchid: optional(entityId('Please select a batch')),
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

export interface Term {
  _id: string;
  name: string;
  status: boolean;
}
export interface Semester {
  _id: string;
  name: string;
  termid: string;
}
export interface Division {
  _id: string;
  name: string;
  semid: string;
}
export interface Batch {
  _id: string;
  name: string;
  divisionid: string;
}
export interface Course {
  _id: string;
  name: string;
  semid: string;
}
export interface Slot {
  _id: string;
  name: string;
  termid: string;
}
export interface Student {
  _id: string;
  enrollment: string;
  name: string;
  email: string;
  batchid: string;
}
/** An entry of the division-level student list (docs/product.md §3). */
export interface DivisionStudentEntry {
  batchStudents: { _id: string; name: string; enrollment: string };
}
/** PATCH student/updateterm: how many students moved. */
export interface MovedStudents {
  moved: number;
}
/** POST student/delete: how many students were deleted. */
export interface DeletedStudents {
  deleted: number;
}
