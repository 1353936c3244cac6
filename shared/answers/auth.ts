import * as z from 'zod/mini';
import { ROLES } from '../constants';
import { SIGN_IN_METHODS } from '../sign-in-methods';

// Answer shapes (shared/api-schemas.ts), kept out of shared/schemas/: the Lambdas load those, and zod schemas
// built at load time cannot be tree-shaken, so each Lambda would carry every answer.

/** A user as every endpoint returns it: never a password, hash or salt. */
export const publicUserShape = z.strictObject({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type PublicUser = z.output<typeof publicUserShape>;

/** An account's last sign-in: when (ISO time) and how; no `method` for one recorded before methods were. */
export const lastSignInShape = z.strictObject({
  at: z.string(),
  method: z.optional(z.enum(SIGN_IN_METHODS)),
});
export type LastSignIn = z.output<typeof lastSignInShape>;

/**
 * A user as the admin's list (GET user) shows them: passwordNotChosen while no password of their own signs in (a
 * welcome link not used yet, or an admin's one-time password); their last sign-in, or signedInUnrecorded when
 * they signed in only before sign-ins were recorded (when and how unknown); neither: never signed in.
 */
export const listedUserShape = z.strictObject({
  ...publicUserShape.shape,
  passwordNotChosen: z.optional(z.literal(true)),
  lastSignIn: z.optional(lastSignInShape),
  signedInUnrecorded: z.optional(z.literal(true)),
});
export type ListedUser = z.output<typeof listedUserShape>;

/** The college's time zone and its offset from UTC over a stretch of time (shared/dates.ts SteadyOffset). */
const steadyOffsetShape = z.strictObject({ timeZone: z.string(), offsetMinutes: z.number(), from: z.string(), until: z.string() });

/** The signed-in user as login and currentstatus answer: mustChangePassword after an admin's reset (one-time password). */
export const signedInUserShape = z.strictObject({
  ...publicUserShape.shape,
  mustChangePassword: z.optional(z.literal(true)),
  /** A student's or guardian's: the students whose records they reach now (their own; a guardian's children). */
  studentIds: z.optional(z.array(z.string())),
  /** The same students with their names, by name. */
  students: z.optional(z.array(z.strictObject({ _id: z.string(), name: z.string() }))),
  /** login's and currentstatus's: the college's clock, for the web app to tell its dates without Intl (none while the zone's offset changes). */
  clock: z.optional(steadyOffsetShape),
});
export type SignedInUser = z.output<typeof signedInUserShape>;

/** One of the signed-in user's sessions (GET auth/sessions): a browser or phone signed in. */
export const activeLoginSessionShape = z.strictObject({
  _id: z.string(),
  /** The browser's User-Agent at sign-in (the web app names it: "Chrome on Android"). */
  device: z.string(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type ActiveLoginSession = z.output<typeof activeLoginSessionShape>;

/** POST user/{id}/reset-password: the one-time password, shown once to the admin. */
export const passwordResetShape = z.strictObject({
  user: publicUserShape,
  oneTimePassword: z.string(),
});
export type PasswordReset = z.output<typeof passwordResetShape>;

/**
 * POST user/invite: the user created, and whether the welcome email with their link went ('not sent': the user
 * exists, and the admin sends it again with POST user/{id}/set-password-link).
 */
export const invitedUserShape = z.strictObject({
  ...publicUserShape.shape,
  welcomeEmail: z.enum(['sent', 'not sent']),
});
export type InvitedUser = z.output<typeof invitedUserShape>;

/** POST user/{id}/set-password-link: who the link was emailed to, and until when it works (ISO time). */
export const setPasswordLinkShape = z.strictObject({
  user: publicUserShape,
  expiresAt: z.string(),
});
export type SetPasswordLink = z.output<typeof setPasswordLinkShape>;

export const appConfigShape = z.strictObject({
  /** The demo accounts shown on the login page of the local stack; null when deployed. */
  demo: z.nullable(
    z.strictObject({
      accounts: z.array(z.strictObject({ email: z.string(), password: z.string(), role: z.enum(ROLES) })),
      /** Demo accounts without a password: they sign in by an emailed link, which the local mail inbox catches. */
      linkAccounts: z.array(z.strictObject({ email: z.string(), role: z.enum(ROLES) })),
    }),
  ),
});
export type AppConfig = z.output<typeof appConfigShape>;
