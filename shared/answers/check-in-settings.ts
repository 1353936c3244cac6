import * as z from 'zod/mini';

// Answer shapes (shared/api-schemas.ts), kept out of shared/schemas/: the Lambdas load those, and zod schemas
// built at load time cannot be tree-shaken, so each Lambda would carry every answer.

/** The college's check-in rules, part of its settings (shared/schemas/check-in-settings.ts: bounds and defaults). */
export const checkInSettingsShape = z.strictObject({
  /** How many minutes before a class starts, and after it ends, its check-in may be open. */
  checkInMarginMinutes: z.number(),
  /** A student checking in this many minutes after the class's start starts late on the form; null: never late. */
  checkInLateAfterMinutes: z.nullable(z.number()),
  /** The college's networks ('10.20.0.0/16', '2001:db8::/48'): a check-in from outside them is flagged; none: no check. */
  checkInNetworks: z.array(z.string()),
});
export type CheckInSettings = z.output<typeof checkInSettingsShape>;
