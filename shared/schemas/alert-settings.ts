import * as z from 'zod/mini';
import type { AlertSettings } from '../answers/alert-settings';
import { optionalText } from './common';

/**
 * The college's email alerts (docs/product.md §10): their defaults, bounds and messages, and their fields of
 * PATCH settings. What GET settings answers of them: shared/answers/alert-settings.ts.
 */
export type { AlertSettings } from '../answers/alert-settings';

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  collegeName: '',
  notMarkedAlerts: false,
  notMarkedAfterMinutes: 30,
  notMarkedDigestHour: 17,
  belowThresholdAlerts: false,
  belowThresholdWeekday: 1,
  belowThresholdHour: 8,
  belowThresholdMinSessions: 5,
  belowThresholdCopyFaculty: false,
  absenceStreakAlerts: false,
  absenceStreakLength: 3,
};

export const ALERT_SETTING_NAMES = Object.keys(DEFAULT_ALERT_SETTINGS) as (keyof AlertSettings)[];

/** Twelve hours: a reminder later than that is the admins' daily list's job. */
export const MAX_NOT_MARKED_MINUTES = 720;
export const MAX_ABSENCE_STREAK = 20;
export const MAX_MIN_SESSIONS = 50;
/** The name an older release stored for a college no admin had named (with its alerts on by default): it counts as unnamed. */
const PLACEHOLDER_NAME = 'Your college';

export const ALERT_SETTINGS_MESSAGES = {
  collegeName: "The college's name must be at most 100 characters",
  nameFirst: "Enter the college's name before turning an email alert on: every email names the college it comes from",
  onOff: 'Choose on or off',
  notMarkedAfterMinutes: `The reminder must come a whole number of minutes from 0 to ${MAX_NOT_MARKED_MINUTES} after the slot ends`,
  hour: 'The hour must be a whole number from 0 to 23',
  weekday: 'The weekday must be a whole number from 1 (Monday) to 7 (Sunday)',
  belowThresholdMinSessions: `Sessions held before a first email must be a whole number from 1 to ${MAX_MIN_SESSIONS}`,
  absenceStreakLength: `Absences in a row must be a whole number from 2 to ${MAX_ABSENCE_STREAK}`,
} as const;

const M = ALERT_SETTINGS_MESSAGES;
const wholeNumber = (min: number, max: number, error: string) => z.int({ error }).check(z.gte(min, { error }), z.lte(max, { error }));
const onOff = () => z.boolean({ error: M.onOff });

/** The alert settings' fields of settingsSchema (shared/schemas/settings.ts), each with its own message. */
export const alertSettingsFields = {
  collegeName: optionalText(M.collegeName, 100),
  notMarkedAlerts: onOff(),
  notMarkedAfterMinutes: wholeNumber(0, MAX_NOT_MARKED_MINUTES, M.notMarkedAfterMinutes),
  notMarkedDigestHour: wholeNumber(0, 23, M.hour),
  belowThresholdAlerts: onOff(),
  belowThresholdWeekday: wholeNumber(1, 7, M.weekday),
  belowThresholdHour: wholeNumber(0, 23, M.hour),
  belowThresholdMinSessions: wholeNumber(1, MAX_MIN_SESSIONS, M.belowThresholdMinSessions),
  belowThresholdCopyFaculty: onOff(),
  absenceStreakAlerts: onOff(),
  absenceStreakLength: wholeNumber(2, MAX_ABSENCE_STREAK, M.absenceStreakLength),
};

/** The alert settings an item holds, the defaults for those it does not (an item saved before alerts existed). */
export const alertSettingsOf = (item: Partial<AlertSettings> | undefined): AlertSettings =>
  Object.fromEntries(ALERT_SETTING_NAMES.map((name) => [name, item?.[name] ?? DEFAULT_ALERT_SETTINGS[name]])) as unknown as AlertSettings;

/** Whether an admin has named the college (the old placeholder does not count). */
export const collegeIsNamed = (settings: Pick<AlertSettings, 'collegeName'>): boolean =>
  settings.collegeName.trim() !== '' && settings.collegeName !== PLACEHOLDER_NAME;

/** Whether any email alert is on. */
export const anyAlertOn = (settings: AlertSettings): boolean =>
  settings.notMarkedAlerts || settings.belowThresholdAlerts || settings.absenceStreakAlerts;

/** The rule across fields: no alert on while the college is unnamed (checked on the settings as they would be saved). */
export const alertsNeedName = (settings: AlertSettings): boolean => !anyAlertOn(settings) || collegeIsNamed(settings);
