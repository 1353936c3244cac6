/*
 * Signing in's words, apart from its schemas (shared/schemas/auth.ts and sign-in-link.ts, which re-export them): the
 * login page shows them without loading zod (web/src/features/auth/sign-in-checks.ts).
 */
import { PASSWORD_MIN_LENGTH } from './constants';

/** Why a new password is refused: length here, the rest on the server (functions/lib/auth/password-policy.ts). */
export const PASSWORD_MESSAGES = {
  missing: 'Please enter password',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: 'Password must be at most 1024 characters',
  common: 'This password is one of the most common passwords; choose one that is harder to guess',
  commonVariant: 'This password is a common password with digits or symbols added or put for letters; choose one that is harder to guess',
  pattern: 'The password must not be mostly repeated or sequential characters, such as aaaa, abcd or 1234',
  product: 'The password must not be built only on words such as SAMS, attendance, student, faculty or admin',
  demo: 'This password is shown on the demo login page; choose one of your own',
  personal: 'The password must not contain your name or email address',
  same: 'The new password must differ from the current one',
  currentWrong: 'Your current password is not right',
  oneTimeSpent: 'This one-time password was used already or has expired; ask an admin to reset your password again',
} as const;

/** Sign-in by an emailed link (docs/product.md §4): asking for one, and signing in with its token or its code. */
export const SIGN_IN_LINK_MESSAGES = {
  sent: 'If this address has a SAMS account, a sign-in link is on its way. Open it in this browser within 15 minutes, or type the code from the email here.',
  invalid:
    'This sign-in link or code does not work: it was used already, has expired (they work for 15 minutes), or was copied incompletely. Ask for a new one.',
  otherBrowser:
    'This link was asked for in another browser or on another device. Open it there, or type the code from the email on the page that asked for it. To sign in here, ask for a new link here.',
  wrongCode: 'That code is not right: check the email and type it again.',
  codeSpent: (tries: number) => `That code was wrong ${tries} times, so this link no longer works. Ask for a new one.`,
  tooMany: (minutes: number) => `Too many sign-in links asked for. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  mailOff: 'This SAMS cannot email sign-in links (its email is turned off). Sign in with your password, or ask the college office.',
} as const;
