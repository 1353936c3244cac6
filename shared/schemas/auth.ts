import * as z from 'zod/mini';
import { PASSWORD_MIN_LENGTH, STAFF_ROLES } from '../constants';
import { MESSAGES } from '../messages';
import { emailAddress, personName } from './common';
import { PASSWORD_MESSAGES } from '../auth-words';

export { PASSWORD_MESSAGES } from '../auth-words';

export const loginSchema = z.object({
  email: emailAddress(MESSAGES.invalidEmail),
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .check(z.minLength(1, { error: MESSAGES.passwordRequired }), z.maxLength(1024, { error: 'Password is too long' })),
});
export type LoginInput = z.infer<typeof loginSchema>;

const newPassword = (missing: string = PASSWORD_MESSAGES.missing) =>
  z
    .string({ error: missing })
    .check(
      z.minLength(PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGES.tooShort }),
      z.maxLength(1024, { error: PASSWORD_MESSAGES.tooLong }),
    );

export const registerSchema = z.object({
  username: personName('Please enter username', 100, 'Username'),
  email: emailAddress(MESSAGES.invalidEmail),
  password: newPassword(),
  role: z.enum(STAFF_ROLES, { error: 'User type must be admin or faculty' }),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** POST user/invite: a user who sets their own password, with the link SAMS emails them. */
export const inviteSchema = z.object({
  username: registerSchema.shape.username,
  email: registerSchema.shape.email,
  role: registerSchema.shape.role,
});
export type InviteInput = z.infer<typeof inviteSchema>;

/** POST auth/password: the signed-in user's own password, changed with the current one. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Please enter your current password' })
    .check(z.minLength(1, { error: 'Please enter your current password' }), z.maxLength(1024, { error: PASSWORD_MESSAGES.tooLong })),
  newPassword: newPassword('Please enter a new password'),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** How long a link to set a password works: a welcome's, and one an admin sends later. */
export const SET_PASSWORD_LINK_HOURS = { welcome: 72, reset: 24 } as const;

export const SET_PASSWORD_MESSAGES = {
  /** Unknown, expired, used, or cut short when copied: the same words, so a link's state cannot be probed. */
  linkInvalid:
    'This link to set a password does not work: it was used already, has expired, or was copied incompletely. Ask your admin to email you a new one.',
} as const;

/** POST auth/set-password: the token of an emailed link and the password it sets (the same rules as a change). */
export const setPasswordSchema = z.object({
  token: z.string({ error: SET_PASSWORD_MESSAGES.linkInvalid }).check(z.regex(/^[\w-]{43}$/, { error: SET_PASSWORD_MESSAGES.linkInvalid })),
  password: newPassword('Please enter a new password'),
});
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

/** What the auth and user routes answer: shared/answers/auth.ts. */
export type { ActiveLoginSession, AppConfig, InvitedUser, PasswordReset, PublicUser, SetPasswordLink, SignedInUser } from '../answers/auth';
