import * as z from 'zod/mini';
import type { CheckInSettings } from '../answers/check-in-settings';
import { networkOf } from '../networks';

/** The check-in rules among the college's settings (docs/product.md §2.18). */
export type { CheckInSettings } from '../answers/check-in-settings';

export const MAX_CHECK_IN_MARGIN_MINUTES = 60;
export const MAX_LATE_AFTER_MINUTES = 180;
export const MAX_CHECK_IN_NETWORKS = 20;

export const DEFAULT_CHECK_IN_SETTINGS: CheckInSettings = {
  checkInMarginMinutes: 10,
  checkInLateAfterMinutes: null,
  checkInNetworks: [],
};

export const CHECK_IN_SETTINGS_MESSAGES = {
  checkInMarginMinutes: `Check-in's margin must be a whole number of minutes from 0 to ${MAX_CHECK_IN_MARGIN_MINUTES}`,
  checkInLateAfterMinutes: `Late after must be a whole number of minutes from 0 to ${MAX_LATE_AFTER_MINUTES}, or empty for never`,
  checkInNetworks: `List at most ${MAX_CHECK_IN_NETWORKS} networks, each an address with its prefix, such as 10.20.0.0/16 or 2001:db8::/48`,
} as const;

const M = CHECK_IN_SETTINGS_MESSAGES;
const minutes = (max: number, error: string) => z.int({ error }).check(z.gte(0, { error }), z.lte(max, { error }));

/** The check-in settings' fields of settingsSchema (shared/schemas/settings.ts), each with its message. */
export const checkInSettingsFields = {
  checkInMarginMinutes: minutes(MAX_CHECK_IN_MARGIN_MINUTES, M.checkInMarginMinutes),
  checkInLateAfterMinutes: z.nullable(minutes(MAX_LATE_AFTER_MINUTES, M.checkInLateAfterMinutes)),
  checkInNetworks: z.array(z.string({ error: M.checkInNetworks }), { error: M.checkInNetworks }).check(
    z.maxLength(MAX_CHECK_IN_NETWORKS, { error: M.checkInNetworks }),
    z.refine((networks) => networks.every((text) => networkOf(text) !== null), { error: M.checkInNetworks }),
  ),
};

/** The stored values, or the defaults until an admin saves them. */
export const checkInSettingsOf = (item: Partial<CheckInSettings> | undefined): CheckInSettings => ({
  checkInMarginMinutes: item?.checkInMarginMinutes ?? DEFAULT_CHECK_IN_SETTINGS.checkInMarginMinutes,
  checkInLateAfterMinutes: item?.checkInLateAfterMinutes ?? DEFAULT_CHECK_IN_SETTINGS.checkInLateAfterMinutes,
  checkInNetworks: item?.checkInNetworks ?? DEFAULT_CHECK_IN_SETTINGS.checkInNetworks,
});
