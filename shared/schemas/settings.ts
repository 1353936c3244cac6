import * as z from 'zod/mini';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../dates';
import { alertSettingsShape, DEFAULT_ALERT_SETTINGS, type AlertSettings } from './alert-settings';
import { DEFAULT_SESSION_SETTINGS, sessionSettingsShape, type SessionSettings } from './session-settings';

/**
 * The college's attendance rules (docs/product.md §3): one set for the whole college, read by
 * every signed-in user and changed by admins (GET and PATCH settings).
 */
export const EXCUSED_RULES = ['excluded', 'absent'] as const;
export type ExcusedRule = (typeof EXCUSED_RULES)[number];
/** Who may mark a class: any faculty member, or only the one the timetable assigns it to (admins always may). */
export const MARKING_POLICIES = ['any-faculty', 'assigned'] as const;
export type MarkingPolicy = (typeof MARKING_POLICIES)[number];

export interface CollegeSettings extends AlertSettings, SessionSettings {
  /** How long after marking the faculty member who marked a session may still correct it; 0: never (admins always may). */
  editWindowHours: number;
  /** The part of a present that a late is worth, from 0 to 1. */
  lateCounts: number;
  /** An excused session is left out of the student's total ('excluded') or counts as an absence ('absent'). */
  excusedCounts: ExcusedRule;
  /** The percentage under which reports highlight a student. */
  threshold: number;
  /** 'any-faculty': any faculty member may mark any class; 'assigned': only the classes the timetable gives them. */
  markingPolicy: MarkingPolicy;
  /** How many days before today a faculty member may mark (0: today only); older dates only admins may mark. */
  markBackDays: number;
  /** The college's time zone, an IANA name ('Asia/Kolkata'): its "today", class times and alert hours (docs/product.md §9). */
  timeZone: string;
}

export const DEFAULT_SETTINGS: CollegeSettings = {
  editWindowHours: 48,
  lateCounts: 1,
  excusedCounts: 'excluded',
  threshold: 75,
  markingPolicy: 'any-faculty',
  markBackDays: 7,
  timeZone: DEFAULT_TIME_ZONE,
  ...DEFAULT_ALERT_SETTINGS,
  ...DEFAULT_SESSION_SETTINGS,
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
  markingPolicy: z.enum(MARKING_POLICIES, { error: SETTINGS_MESSAGES.markingPolicy }),
  markBackDays: z.int({ error: SETTINGS_MESSAGES.markBackDays }).check(...between(0, MAX_MARK_BACK_DAYS, SETTINGS_MESSAGES.markBackDays)),
  timeZone: z.string({ error: SETTINGS_MESSAGES.timeZone }).check(z.trim(), z.refine(isTimeZone, { error: SETTINGS_MESSAGES.timeZone })),
  ...alertSettingsShape,
  ...sessionSettingsShape,
});

/** PATCH settings: any of the settings; those left out stay as they are. */
export const settingsPatchSchema = z
  .partial(settingsSchema)
  .check(z.refine((patch) => Object.values(patch).some((value) => value !== undefined), { error: SETTINGS_MESSAGES.nothing }));
export type SettingsPatch = z.output<typeof settingsPatchSchema>;
