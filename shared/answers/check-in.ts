import * as z from 'zod/mini';
import { classOfDayFields } from './attendance';

// Answer shapes (shared/api-schemas.ts), kept out of shared/schemas/ (see shared/answers/auth.ts).

/** A student checked in, as the teacher's screen lists them: flags name what to look at twice. */
export const checkedInShape = z.strictObject({
  _id: z.string(),
  name: z.string(),
  enrollment: z.string(),
  at: z.string(),
  flags: z.array(z.enum(['sharedDevice', 'twoDevices', 'outside'])),
  /** Checked in after the settings' minutes from the class's start: the form starts them late. */
  late: z.boolean(),
});

/**
 * The class once marked: the version a correction names, and the corrections its check-in proposes — each student
 * who checked in after the mark and is marked absent, as late (by the settings) or present. The teacher accepts them.
 */
export const markedCheckInShape = z.strictObject({
  _id: z.string(),
  version: z.number(),
  markedAt: z.string(),
  proposals: z.array(z.strictObject({ _id: z.string(), status: z.enum(['present', 'late']) })),
});

/** A check-in as its teacher sees it: open or not, the code to show now (while open), who checked in. */
export const checkInViewShape = z.strictObject({
  _id: z.string(),
  ...classOfDayFields,
  open: z.boolean(),
  /**
   * While open: the code on the screen now, and in how many milliseconds the next replaces it (a span, not a
   * moment: a classroom computer whose clock is off still shows each code on time).
   */
  code: z.optional(z.string()),
  changesInMs: z.optional(z.number()),
  /** Check-in ends by itself then (the class's end and the margin), or ended when closed. */
  closesAt: z.string(),
  checkedIn: z.array(checkedInShape),
  marked: z.optional(markedCheckInShape),
});
export type CheckInView = z.output<typeof checkInViewShape>;

/** A student's check-in, as they are answered: the class they checked in to. */
export const studentCheckInShape = z.strictObject({
  _id: z.string(),
  course: z.string(),
  at: z.string(),
});
export type StudentCheckInAnswer = z.output<typeof studentCheckInShape>;
