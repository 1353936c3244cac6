import * as z from 'zod/mini';

/** Sign-in with the college's Google or Microsoft account (docs/product.md §4): the callback's query, sent on by the web page. */
const part = z.optional(z.string().check(z.maxLength(4096)));
export const oidcFinishSchema = z.object({ code: part, state: part, iss: part, error: part });
export type OidcFinish = z.infer<typeof oidcFinishSchema>;

export const OIDC_MESSAGES = {
  notConfigured: 'Signing in with this account is not set up for this college.',
  noAccount: (email: string) =>
    `${email} has no SAMS account here. Ask the college office to add it, or sign in with the address SAMS knows you by.`,
  startAgain: 'This sign-in was started in another window or has expired. Start again.',
} as const;

/** The providers a deployment offers (GET auth/oidc), by id and the name on their button. */
export const oidcProvidersShape = z.array(z.strictObject({ id: z.string(), name: z.string() }));
export const oidcStartShape = z.strictObject({ url: z.string() });
