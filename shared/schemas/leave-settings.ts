import * as z from 'zod/mini';
import type { LeaveSettings } from '../answers/leave-settings';
import { requiredText } from './common';

/** The leave rules among the college's settings (docs/product.md §2.17): the kinds and how far back one may apply. */
export type { LeaveKind, LeaveSettings } from '../answers/leave-settings';

export const MAX_LEAVE_DAYS = 31;
export const MAX_LEAVE_BACK_DAYS = 90;
export const MAX_LEAVE_KINDS = 10;

export const DEFAULT_LEAVE_SETTINGS: LeaveSettings = {
  leaveKinds: [
    { name: 'Medical', countsAs: 'excused', maxDays: 15, certificateOverDays: 2 },
    { name: 'On duty', countsAs: 'present', maxDays: 10, certificateOverDays: null },
    { name: 'Personal', countsAs: 'excused', maxDays: 5, certificateOverDays: null },
  ],
  leaveBackDays: 7,
};

export const LEAVE_SETTINGS_MESSAGES = {
  kindName: 'Name each kind of leave',
  countsAs: "A kind of leave counts as 'excused' or 'present'",
  maxDays: `The longest leave must be a whole number of days from 1 to ${MAX_LEAVE_DAYS}`,
  certificateOverDays: `A certificate is required over a whole number of days from 0 to ${MAX_LEAVE_DAYS}, or never`,
  leaveKinds: `Keep from 1 to ${MAX_LEAVE_KINDS} kinds of leave, each with its own name`,
  leaveBackDays: `How far back leave may start must be a whole number of days from 0 to ${MAX_LEAVE_BACK_DAYS}`,
} as const;

const M = LEAVE_SETTINGS_MESSAGES;
const days = (min: number, max: number, error: string) => z.int({ error }).check(z.gte(min, { error }), z.lte(max, { error }));

const leaveKindSchema = z.object({
  name: requiredText(M.kindName, 40, 'Kind of leave'),
  countsAs: z.enum(['excused', 'present'], { error: M.countsAs }),
  maxDays: days(1, MAX_LEAVE_DAYS, M.maxDays),
  certificateOverDays: z.nullable(days(0, MAX_LEAVE_DAYS, M.certificateOverDays)),
});

/** The leave settings' fields of settingsSchema (shared/schemas/settings.ts), each with its message. */
export const leaveSettingsFields = {
  leaveKinds: z.array(leaveKindSchema, { error: M.leaveKinds }).check(
    z.minLength(1, { error: M.leaveKinds }),
    z.maxLength(MAX_LEAVE_KINDS, { error: M.leaveKinds }),
    z.refine((kinds) => new Set(kinds.map((kind) => kind.name.toLowerCase())).size === kinds.length, { error: M.leaveKinds }),
  ),
  leaveBackDays: days(0, MAX_LEAVE_BACK_DAYS, M.leaveBackDays),
};

/** The stored values, or the defaults until an admin saves them. */
export const leaveSettingsOf = (item: Partial<LeaveSettings> | undefined): LeaveSettings => ({
  leaveKinds: item?.leaveKinds ?? DEFAULT_LEAVE_SETTINGS.leaveKinds,
  leaveBackDays: item?.leaveBackDays ?? DEFAULT_LEAVE_SETTINGS.leaveBackDays,
});
