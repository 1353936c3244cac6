import * as z from 'zod/mini';

// Answer shapes (shared/api-schemas.ts), kept out of shared/schemas/ (see shared/answers/auth.ts).

/** The college's privacy contact among its settings (shared/schemas/privacy.ts: its bound and default). */
export const privacySettingsShape = z.strictObject({
  /** Whom students and guardians ask about their data: a name, an email, a phone ('' until an admin sets it). */
  privacyContact: z.string(),
  /** Years after the end of a student's last term that the retention job erases them; null: never (the default). */
  retentionYears: z.nullable(z.number()),
});
export type PrivacySettings = z.output<typeof privacySettingsShape>;

/** GET privacy (public): who holds the data and whom to ask, for the privacy notice page. */
export const privacyNoticeShape = z.strictObject({ collegeName: z.string(), privacyContact: z.string() });
export type PrivacyNotice = z.output<typeof privacyNoticeShape>;
