import * as z from 'zod/mini';

// Answer shapes (shared/api-schemas.ts), kept out of shared/schemas/: the Lambdas load those, and zod schemas
// built at load time cannot be tree-shaken, so each Lambda would carry every answer.

/** One kind of leave a student may apply for (shared/schemas/leave-settings.ts: its bounds and the defaults). */
export const leaveKindShape = z.strictObject({
  /** Its name as applicants see it: 'Medical', 'On duty'. */
  name: z.string(),
  /** How an approved leave marks the classes it covers: excused, or present (on duty). */
  countsAs: z.enum(['excused', 'present']),
  /** The longest application of this kind, in days. */
  maxDays: z.number(),
  /** A certificate must be attached to an application longer than this many days; null: never required. */
  certificateOverDays: z.nullable(z.number()),
});
export type LeaveKind = z.output<typeof leaveKindShape>;

/** The college's leave rules, part of its settings. */
export const leaveSettingsShape = z.strictObject({
  leaveKinds: z.array(leaveKindShape),
  /** How many days before today an application may start (0: today or later). */
  leaveBackDays: z.number(),
});
export type LeaveSettings = z.output<typeof leaveSettingsShape>;
