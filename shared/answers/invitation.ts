import * as z from 'zod/mini';
import { INVITATION_AUDIENCES, INVITATION_SCOPES, SKIP_REASONS } from '../schemas/invitation-choices';
import { SIGN_IN_METHODS } from '../sign-in-methods';

// Answer shapes (shared/api-schemas.ts), kept out of shared/schemas/: the Lambdas load those, and zod schemas
// built at load time cannot be tree-shaken, so each Lambda would carry every answer.

/** One invitation run (POST and GET invitation): what it covers, and its progress as the jobs send it. */
export const invitationRunShape = z.strictObject({
  _id: z.string(),
  scope: z.enum(INVITATION_SCOPES),
  /** The batch, division or semester invited, and its name (none for everyone not yet invited). */
  scopeId: z.optional(z.string()),
  scopeName: z.optional(z.string()),
  who: z.enum(INVITATION_AUDIENCES),
  /** Every recipient listed, skipped ones included. */
  total: z.number(),
  sent: z.number(),
  skipped: z.number(),
  failed: z.number(),
  skippedBecause: z.record(z.enum(SKIP_REASONS), z.number()),
  createdAt: z.string(),
  by: z.strictObject({ _id: z.string(), username: z.string() }),
});
export type InvitationRun = z.output<typeof invitationRunShape>;

/** Where an account stands: not invited, invited (the email went) at, signed in last at and how (none: before methods were recorded). */
export const accountStateShape = z.strictObject({
  email: z.optional(z.string()),
  /** The address is another SAMS account's: no invitation can go to it. */
  emailTaken: z.optional(z.literal(true)),
  invitedAt: z.optional(z.string()),
  signedInAt: z.optional(z.string()),
  signedInBy: z.optional(z.enum(SIGN_IN_METHODS)),
});
export type AccountState = z.output<typeof accountStateShape>;

/** GET invitation/batch/{batchid}: each student of the batch, and each guardian contact, with their account's state. */
export const batchAccountsShape = z.array(
  z.strictObject({
    _id: z.string(),
    enrollment: z.string(),
    name: z.string(),
    account: accountStateShape,
    guardians: z.array(z.strictObject({ name: z.string(), relation: z.string(), account: accountStateShape })),
  }),
);
export type BatchAccounts = z.output<typeof batchAccountsShape>;
