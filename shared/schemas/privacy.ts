import type { PrivacySettings } from '../answers/privacy';
import { optionalText } from './common';

/** The privacy notice's contact (docs/product.md §2.20), one of the college's settings. */
export type { PrivacySettings } from '../answers/privacy';

export const DEFAULT_PRIVACY_SETTINGS: PrivacySettings = { privacyContact: '' };

export const PRIVACY_MESSAGES = {
  privacyContact: 'The privacy contact must be at most 300 characters',
  read: 'Privacy notice',
} as const;

/** The privacy setting's field of settingsSchema (shared/schemas/settings.ts). */
export const privacySettingsFields = { privacyContact: optionalText(PRIVACY_MESSAGES.privacyContact, 300, 'Privacy contact') };

/** The stored value, or the default until an admin saves one. */
export const privacySettingsOf = (item: Partial<PrivacySettings> | undefined): PrivacySettings => ({
  privacyContact: item?.privacyContact ?? DEFAULT_PRIVACY_SETTINGS.privacyContact,
});
