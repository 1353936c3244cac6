import type { PrivacySettings } from '../answers/privacy';
import * as z from 'zod/mini';
import { optionalText } from './common';

/** The privacy notice's contact (docs/product.md §2.20), one of the college's settings. */
export type { PrivacySettings } from '../answers/privacy';

export const DEFAULT_PRIVACY_SETTINGS: PrivacySettings = { privacyContact: '', retentionYears: null };
export const MAX_RETENTION_YEARS = 20;

export const PRIVACY_MESSAGES = {
  privacyContact: 'The privacy contact must be at most 300 characters',
  read: 'Privacy notice',
  retentionYears: `Keep students' data must be a whole number of years from 1 to ${MAX_RETENTION_YEARS} after their last term, or empty for always`,
} as const;

/** The privacy setting's field of settingsSchema (shared/schemas/settings.ts). */
export const privacySettingsFields = {
  privacyContact: optionalText(PRIVACY_MESSAGES.privacyContact, 300, 'Privacy contact'),
  retentionYears: z.nullable(
    z
      .int({ error: PRIVACY_MESSAGES.retentionYears })
      .check(z.gte(1, { error: PRIVACY_MESSAGES.retentionYears }), z.lte(MAX_RETENTION_YEARS, { error: PRIVACY_MESSAGES.retentionYears })),
  ),
};

/** The stored value, or the default until an admin saves one. */
export const privacySettingsOf = (item: Partial<PrivacySettings> | undefined): PrivacySettings => ({
  privacyContact: item?.privacyContact ?? DEFAULT_PRIVACY_SETTINGS.privacyContact,
  retentionYears: item?.retentionYears ?? DEFAULT_PRIVACY_SETTINGS.retentionYears,
});
