/** What an invitation run covers and who it mails: named by its body and its answer alike. */
export const INVITATION_SCOPES = ['batch', 'division', 'semester', 'uninvited'] as const;
export type InvitationScope = (typeof INVITATION_SCOPES)[number];
export const INVITATION_AUDIENCES = ['students', 'guardians', 'both'] as const;
export type InvitationAudience = (typeof INVITATION_AUDIENCES)[number];
/**
 * Why a recipient got no invitation: no email address on the record, the address is another SAMS account's,
 * already invited (a run for everyone not yet invited), or the student was deleted (or the guardian removed)
 * before the email went.
 */
export const SKIP_REASONS = ['noEmail', 'emailTaken', 'alreadyInvited', 'gone'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
