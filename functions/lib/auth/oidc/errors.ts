/**
 * Why a sign-in with Google, Microsoft or the local provider was refused. `reason` is for the
 * security event and the tests; the message is what the user reads.
 */
export type OidcRefusal =
  | 'not-configured'
  | 'provider-unavailable'
  | 'cancelled'
  | 'state-mismatch'
  | 'code-refused'
  | 'invalid-token'
  | 'wrong-issuer'
  | 'wrong-audience'
  | 'wrong-nonce'
  | 'expired'
  | 'wrong-domain'
  | 'wrong-tenant'
  | 'unverified-email'
  | 'no-email';

export class OidcSignInError extends Error {
  override name = 'OidcSignInError';

  constructor(
    readonly reason: OidcRefusal,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
