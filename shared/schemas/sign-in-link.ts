import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { emailAddress } from './common';
import { SIGN_IN_LINK_MESSAGES } from '../auth-words';

export { SIGN_IN_LINK_MESSAGES } from '../auth-words';

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
