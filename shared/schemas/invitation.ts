import * as z from 'zod/mini';
import { entityId } from './common';
import {
  INVITATION_AUDIENCES,
  INVITATION_SCOPES,
  SKIP_REASONS,
  type InvitationAudience,
  type InvitationScope,
  type SkipReason,
} from './invitation-choices';

/**
 * Invitations in bulk (docs/product.md §4): an admin invites the students and/or guardians of a batch, division
 * or semester, or everyone not yet invited. Each gets an email that links to the sign-in page with their address
 * filled in; no password is created or sent.
 */
export { INVITATION_AUDIENCES, INVITATION_SCOPES, SKIP_REASONS, type InvitationAudience, type InvitationScope, type SkipReason };
export type { InvitationRun, BatchAccounts, AccountState } from '../answers/invitation';

export const INVITATION_MESSAGES = {
  scope: 'Choose whom to invite: a batch, a division, a semester, or everyone not yet invited',
  who: 'Choose who gets the invitation: students, guardians, or both',
  id: 'Please select the batch, division or semester to invite',
  mailOff: 'SAMS cannot send invitations: sending email is not set up for this deployment (docs/operations.md, Email alerts).',
  nobody: 'Nobody to invite: no student in this choice has an email address, and no guardian either.',
} as const;

export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  noEmail: 'no email address',
  emailTaken: 'address used by another account',
  alreadyInvited: 'already invited',
  gone: 'student or guardian removed',
};

export const invitationSchema = z
  .object({
    scope: z.enum(INVITATION_SCOPES, { error: INVITATION_MESSAGES.scope }),
    id: z.optional(entityId(INVITATION_MESSAGES.id)),
    who: z.enum(INVITATION_AUDIENCES, { error: INVITATION_MESSAGES.who }),
  })
  .check(z.refine((body) => body.scope === 'uninvited' || body.id !== undefined, { error: INVITATION_MESSAGES.id, path: ['id'] }));
export type InvitationInput = z.input<typeof invitationSchema>;

/** How far a run is: the share of its recipients settled (sent, skipped or failed). */
export const runProgress = (run: { total: number; sent: number; skipped: number; failed: number }): number =>
  run.total === 0 ? 1 : Math.min(1, (run.sent + run.skipped + run.failed) / run.total);
