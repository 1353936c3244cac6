import * as z from 'zod/mini';
import { GUARDIAN_RELATIONS } from '../schemas/guardian-relations';

// Answer shapes (shared/api-schemas.ts), kept out of shared/schemas/: the Lambdas load those, and zod schemas
// built at load time cannot be tree-shaken, so each Lambda would carry every answer.

export const holidayShape = z.strictObject({
  date: z.string(),
  name: z.string(),
});
export type Holiday = z.output<typeof holidayShape>;
export const termShape = z.strictObject({
  _id: z.string(),
  name: z.string(),
  status: z.boolean(),
  /** The term's first and last day, when the admin set them (docs/product.md §3). */
  startDate: z.optional(z.nullable(z.string())),
  endDate: z.optional(z.nullable(z.string())),
  /** Days of the term with no classes (docs/product.md §3): Today, Not marked and the alerts skip them. */
  holidays: z.optional(z.array(holidayShape)),
  /** A planned switch: from this date (college time) this term is the active one and the others are not. */
  activeFrom: z.optional(z.nullable(z.string())),
});
export type Term = z.output<typeof termShape>;
export const semesterShape = z.strictObject({
  _id: z.string(),
  name: z.string(),
  termid: z.string(),
});
export type Semester = z.output<typeof semesterShape>;
export const divisionShape = z.strictObject({
  _id: z.string(),
  name: z.string(),
  semid: z.string(),
  /** The faculty members (user ids) who decide its students' leave applications (docs/product.md §2.17). */
  coordinators: z.optional(z.array(z.string())),
});
export type Division = z.output<typeof divisionShape>;
export const batchShape = z.strictObject({
  _id: z.string(),
  name: z.string(),
  divisionid: z.string(),
});
export type Batch = z.output<typeof batchShape>;
export const courseShape = z.strictObject({
  _id: z.string(),
  name: z.string(),
  semid: z.string(),
});
export type Course = z.output<typeof courseShape>;
export const slotShape = z.strictObject({
  _id: z.string(),
  name: z.string(),
  termid: z.string(),
  /** When its classes start and end, 'HH:MM' college time; unset on a slot an older release stored whose name gave none. */
  start: z.optional(z.string()),
  end: z.optional(z.string()),
});
export type Slot = z.output<typeof slotShape>;
export const guardianShape = z.strictObject({
  name: z.string(),
  relation: z.enum(GUARDIAN_RELATIONS),
  email: z.optional(z.string()),
  phone: z.optional(z.string()),
});
export type Guardian = z.output<typeof guardianShape>;
export const studentShape = z.strictObject({
  _id: z.string(),
  enrollment: z.string(),
  name: z.string(),
  /** Admins only: faculty-facing reads leave contact details out. */
  email: z.optional(z.string()),
  batchid: z.string(),
  /** Admins only, as email: absent or empty for a student without guardian contacts. */
  guardians: z.optional(z.array(guardianShape)),
  /** Admins only, as email: the date of birth (YYYY-MM-DD), when the college has it. */
  dob: z.optional(z.string()),
  /**
   * Admins only: for a minor, when each guardian (by lower-cased email) was informed, and how
   * (docs/product.md §2.6). Recorded by the invitation email; absent until one is sent.
   */
  guardiansInformed: z.optional(z.record(z.string(), z.strictObject({ at: z.string(), how: z.literal('invitation email') }))),
});
export type Student = z.output<typeof studentShape>;
/** An entry of the division-level student list (docs/product.md §3). */
export const divisionStudentEntryShape = z.strictObject({
  batchStudents: z.strictObject({ _id: z.string(), name: z.string(), enrollment: z.string() }),
});
export type DivisionStudentEntry = z.output<typeof divisionStudentEntryShape>;
/** PATCH student/updateterm: how many students moved. */
export const movedStudentsShape = z.strictObject({
  moved: z.number(),
});
export type MovedStudents = z.output<typeof movedStudentsShape>;
/** POST student/delete: how many students were deleted. */
export const deletedStudentsShape = z.strictObject({
  deleted: z.number(),
});
export type DeletedStudents = z.output<typeof deletedStudentsShape>;
