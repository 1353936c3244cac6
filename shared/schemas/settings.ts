import * as z from 'zod/mini';
import type { CollegeSettings } from '../answers/settings';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../dates';
import { alertSettingsFields, DEFAULT_ALERT_SETTINGS } from './alert-settings';
import { checkInSettingsFields, DEFAULT_CHECK_IN_SETTINGS } from './check-in-settings';
import { DEFAULT_PRIVACY_SETTINGS, privacySettingsFields } from './privacy';
import { DEFAULT_LEAVE_SETTINGS, leaveSettingsFields } from './leave-settings';
import { DEFAULT_LOGIN_SESSION_SETTINGS, loginSessionSettingsFields } from './session-settings';
import { EXCUSED_RULES, MARKING_POLICIES, THRESHOLD_SCOPES } from './settings-choices';

/*
 * The college's attendance rules (docs/product.md §3): one set for the whole college, read by
 * every signed-in user and changed by admins (GET and PATCH settings).
 */

export {
  EXCUSED_RULES,
  MARKING_POLICIES,
  THRESHOLD_SCOPES,
  type ExcusedRule,
  type MarkingPolicy,
  type ThresholdScope,
} from './settings-choices';
/** What GET and PATCH settings answer: shared/answers/settings.ts. */
export type { CollegeSettings } from '../answers/settings';

export const DEFAULT_SETTINGS: CollegeSettings = {
  editWindowHours: 48,
  lateCounts: 1,
  excusedCounts: 'excluded',
  threshold: 75,
  thresholdApplies: 'each-course',
  markingPolicy: 'any-faculty',
  markBackDays: 7,
  timeZone: DEFAULT_TIME_ZONE,
  ...DEFAULT_ALERT_SETTINGS,
  ...DEFAULT_LOGIN_SESSION_SETTINGS,
  ...DEFAULT_LEAVE_SETTINGS,
  ...DEFAULT_CHECK_IN_SETTINGS,
  ...DEFAULT_PRIVACY_SETTINGS,
};

/** A year: a longer window is a window that never closes, which an admin can always do instead. */
export const MAX_EDIT_WINDOW_HOURS = 8760;
/** A year: an older mark is a repair an admin makes, each one logged. */
export const MAX_MARK_BACK_DAYS = 365;
/** The Settings screen's name for markBackDays, which the refusal of an older mark names too. */
export const MARK_BACK_DAYS_LABEL = 'Days back faculty may mark';

export const SETTINGS_MESSAGES = {
  editWindowHours: `The edit window must be a whole number of hours from 0 to ${MAX_EDIT_WINDOW_HOURS}`,
  lateCounts: 'A late must count as a number from 0 to 1 of a present',
  excusedCounts: "Excused sessions must be 'excluded' from the total or count as 'absent'",
  threshold: 'The threshold must be a percentage from 0 to 100',
  thresholdApplies: "The threshold applies to 'each-course' or to the 'overall' percentage",
  markingPolicy: "Who may mark must be 'any-faculty' or 'assigned'",
  markBackDays: `${MARK_BACK_DAYS_LABEL} must be a whole number of days from 0 to ${MAX_MARK_BACK_DAYS}`,
  timeZone: "Choose the college's time zone by its name, such as Asia/Kolkata",
  nothing: 'Change at least one setting',
  saved: 'Settings saved',
  read: 'Settings',
} as const;

const between = (min: number, max: number, error: string) => [z.gte(min, { error }), z.lte(max, { error })] as const;

/** Every setting, each with its own message: the admin form validates with it field by field. */
export const settingsSchema = z.object({
  editWindowHours: z
    .int({ error: SETTINGS_MESSAGES.editWindowHours })
    .check(...between(0, MAX_EDIT_WINDOW_HOURS, SETTINGS_MESSAGES.editWindowHours)),
  lateCounts: z.number({ error: SETTINGS_MESSAGES.lateCounts }).check(...between(0, 1, SETTINGS_MESSAGES.lateCounts)),
  excusedCounts: z.enum(EXCUSED_RULES, { error: SETTINGS_MESSAGES.excusedCounts }),
  threshold: z.number({ error: SETTINGS_MESSAGES.threshold }).check(...between(0, 100, SETTINGS_MESSAGES.threshold)),
  thresholdApplies: z.enum(THRESHOLD_SCOPES, { error: SETTINGS_MESSAGES.thresholdApplies }),
  markingPolicy: z.enum(MARKING_POLICIES, { error: SETTINGS_MESSAGES.markingPolicy }),
  markBackDays: z.int({ error: SETTINGS_MESSAGES.markBackDays }).check(...between(0, MAX_MARK_BACK_DAYS, SETTINGS_MESSAGES.markBackDays)),
  timeZone: z.string({ error: SETTINGS_MESSAGES.timeZone }).check(z.trim(), z.refine(isTimeZone, { error: SETTINGS_MESSAGES.timeZone })),
  ...alertSettingsFields,
  ...loginSessionSettingsFields,
  ...leaveSettingsFields,
  ...checkInSettingsFields,
  ...privacySettingsFields,
});

/** PATCH settings: any of the settings; those left out stay as they are. */
export const settingsPatchSchema = z
  .partial(settingsSchema)
  .check(z.refine((patch) => Object.values(patch).some((value) => value !== undefined), { error: SETTINGS_MESSAGES.nothing }));
export type SettingsPatch = z.output<typeof settingsPatchSchema>;
