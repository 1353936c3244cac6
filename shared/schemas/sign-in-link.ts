import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { emailAddress } from './common';

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

export const signInLinkRequestSchema = z.object({ email: emailAddress(MESSAGES.invalidEmail) });

const requestId = z
  .string({ error: SIGN_IN_LINK_MESSAGES.invalid })
  .check(z.regex(/^[0-9a-f-]{36}$/, { error: SIGN_IN_LINK_MESSAGES.invalid }));

export const signInLinkTokenSchema = z.object({
  request: requestId,
  token: z.string({ error: SIGN_IN_LINK_MESSAGES.invalid }).check(z.regex(/^[\w-]{43}$/, { error: SIGN_IN_LINK_MESSAGES.invalid })),
});
export type SignInLinkToken = z.infer<typeof signInLinkTokenSchema>;

export const signInLinkCodeSchema = z.object({
  request: requestId,
  code: z
    .string({ error: 'Please enter the code from the email' })
    .check(z.trim(), z.regex(/^[A-Za-z0-9]{6}$/, { error: 'The code from the email has 6 letters and digits' })),
});
export type SignInLinkCode = z.infer<typeof signInLinkCodeSchema>;

/** What asking for a link answers: the request's id, which the page sends back with a code typed. */
export const signInLinkAskedShape = z.strictObject({ request: z.string() });
