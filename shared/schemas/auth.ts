import * as z from 'zod/mini';
import { PASSWORD_MIN_LENGTH, ROLES } from '../constants';
import { MESSAGES } from '../messages';
import { emailAddress, requiredText } from './common';

export const loginSchema = z.object({
  email: emailAddress(MESSAGES.invalidEmail),
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .check(z.minLength(1, { error: MESSAGES.passwordRequired }), z.maxLength(1024, { error: 'Password is too long' })),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  username: requiredText('Please enter username', 100, 'Username'),
  email: emailAddress(MESSAGES.invalidEmail),
  password: z
    .string({ error: 'Please enter password' })
    .check(
      z.minLength(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` }),
      z.maxLength(1024, { error: 'Password must be at most 1024 characters' }),
    ),
  role: z.enum(ROLES, { error: 'User type must be admin or faculty' }),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** A user as every endpoint returns it: never a password, hash or salt. */
export interface PublicUser {
  _id: string;
  username: string;
  email: string;
  role: (typeof ROLES)[number];
}

export interface AppConfig {
  /** The demo accounts shown on the login page of the local stack; null when deployed. */
  demo: { accounts: { email: string; password: string; role: (typeof ROLES)[number] }[] } | null;
}
