import * as z from 'zod/mini';
import { EXCUSED_RULES, MARKING_POLICIES, THRESHOLD_SCOPES } from '../schemas/settings-choices';
import { alertSettingsShape } from './alert-settings';
import { checkInSettingsShape } from './check-in-settings';
import { privacySettingsShape } from './privacy';
import { leaveSettingsShape } from './leave-settings';
import { loginSessionSettingsShape } from './session-settings';

// Answer shapes (shared/api-schemas.ts), kept out of shared/schemas/: the Lambdas load those, and zod schemas
// built at load time cannot be tree-shaken, so each Lambda would carry every answer.

/** The college's settings as GET and PATCH settings answer them: the attendance rules, the alerts and the session timeout. */
export const collegeSettingsShape = z.strictObject({
  ...alertSettingsShape.shape,
  ...loginSessionSettingsShape.shape,
  ...leaveSettingsShape.shape,
  ...checkInSettingsShape.shape,
  ...privacySettingsShape.shape,
  /** How long after marking the faculty member who marked a session may still correct it; 0: never (admins always may). */
  editWindowHours: z.number(),
  /** The part of a present that a late is worth, from 0 to 1. */
  lateCounts: z.number(),
  /** An excused session is left out of the student's total ('excluded') or counts as an absence ('absent'). */
  excusedCounts: z.enum(EXCUSED_RULES),
  /** The percentage under which reports highlight a student. */
  threshold: z.number(),
  /** The threshold applies to each course and kind ('each-course') or to the overall percentage ('overall'). */
  thresholdApplies: z.enum(THRESHOLD_SCOPES),
  /** 'any-faculty': any faculty member may mark any class; 'assigned': only the classes the timetable gives them. */
  markingPolicy: z.enum(MARKING_POLICIES),
  /** How many days before today a faculty member may mark (0: today only); older dates only admins may mark. */
  markBackDays: z.number(),
  /** The college's time zone, an IANA name ('Asia/Kolkata'): its "today", class times and alert hours (docs/product.md §9). */
  timeZone: z.string(),
});
export type CollegeSettings = z.output<typeof collegeSettingsShape>;
