import * as z from 'zod/mini';

// Answer shapes (shared/api-schemas.ts), kept out of shared/schemas/: the Lambdas load those, and zod schemas
// built at load time cannot be tree-shaken, so each Lambda would carry every answer.

/**
 * The college's email alerts (docs/product.md §10): part of the settings (GET and PATCH settings),
 * each alert turned on or off on the Settings screen. Hours and weekdays are the college's (its time zone).
 * Every alert is off, and the college unnamed, until an admin names the college and turns one on.
 */
export const alertSettingsShape = z.strictObject({
  /** Shown in every email: who sends it. Empty until an admin names the college; no alert goes before. */
  collegeName: z.string(),
  /** Not marked: a reminder to the faculty member of each class left unmarked, and the admins' daily list. */
  notMarkedAlerts: z.boolean(),
  /** How long after its slot ends a class left unmarked is overdue: listed as not marked, and reminded. */
  notMarkedAfterMinutes: z.number(),
  /** The hour (college time) at which the admins get the day's list of classes not marked. */
  notMarkedDigestHour: z.number(),
  /** Under the threshold: a weekly email to each student who fell under it in a course. */
  belowThresholdAlerts: z.boolean(),
  /** The weekday (1 = Monday … 7 = Sunday) and hour (college time) of that weekly run. */
  belowThresholdWeekday: z.number(),
  belowThresholdHour: z.number(),
  /** How many sessions of a course must be held before a student's standing in it is emailed. */
  belowThresholdMinSessions: z.number(),
  /** Also send each faculty member the list of their courses' students in that run. */
  belowThresholdCopyFaculty: z.boolean(),
  /** Absences in a row: an email to the student and to the admins when a student misses this many classes in a row. */
  absenceStreakAlerts: z.boolean(),
  absenceStreakLength: z.number(),
});
export type AlertSettings = z.output<typeof alertSettingsShape>;
