import * as z from 'zod/mini';
import type { LoginSessionSettings } from '../answers/session-settings';
import { SESSION_HOURS } from '../constants';

/**
 * How long a signed-in browser may sit unused before it is signed out (docs/product.md §4), one
 * of the college's settings. At least 10 minutes: a login session's last-seen time is written at most
 * every 5 minutes (functions/lib/repositories/login-sessions.ts), so a shorter timeout could not be kept.
 */
export type { LoginSessionSettings } from '../answers/session-settings';

export const MIN_IDLE_MINUTES = 10;
export const MAX_IDLE_MINUTES = SESSION_HOURS * 60;

export const DEFAULT_LOGIN_SESSION_SETTINGS: LoginSessionSettings = { sessionIdleMinutes: 120 };

export const SESSION_SETTINGS_MESSAGES = {
  sessionIdleMinutes: `Sign out after inactivity must be a whole number of minutes from ${MIN_IDLE_MINUTES} to ${MAX_IDLE_MINUTES}`,
} as const;

/** The session settings' fields of settingsSchema (shared/schemas/settings.ts), with their message. */
export const loginSessionSettingsFields = {
  sessionIdleMinutes: z
    .int({ error: SESSION_SETTINGS_MESSAGES.sessionIdleMinutes })
    .check(
      z.gte(MIN_IDLE_MINUTES, { error: SESSION_SETTINGS_MESSAGES.sessionIdleMinutes }),
      z.lte(MAX_IDLE_MINUTES, { error: SESSION_SETTINGS_MESSAGES.sessionIdleMinutes }),
    ),
};

/** The stored value, or the default until an admin saves one. */
export const loginSessionSettingsOf = (item: Partial<LoginSessionSettings> | undefined): LoginSessionSettings => ({
  sessionIdleMinutes: item?.sessionIdleMinutes ?? DEFAULT_LOGIN_SESSION_SETTINGS.sessionIdleMinutes,
});
