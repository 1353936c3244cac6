import { errors, jwtVerify, type JWTPayload } from 'jose';
import { providerName, type OidcProvider } from './config';
import { providerKeys, unavailable, type DiscoveredProvider } from './discovery';
import { OidcSignInError, type OidcRefusal } from './errors';
import { sameText } from './start';

/** Who signed in, as the provider vouches for it. */
export interface VerifiedIdentity {
  /** Lower-cased: the address SAMS matches a user, student or guardian record by. */
  email: string;
  name: string;
  /** The provider's stable id of the account (for the security event). */
  subject: string;
}

/** Clocks of SAMS and the provider may differ a little; a minute is what both big providers' libraries allow. */
const CLOCK_TOLERANCE_SECONDS = 60;
/** The token was just issued for this sign-in: one older than this is a replay. */
const MAX_TOKEN_AGE_SECONDS = 10 * 60;
const ALGORITHMS = ['RS256', 'PS256', 'ES256'];

/**
 * Verifies the ID token from the token endpoint: signed by the provider's keys, `iss` exactly the
 * discovered issuer, `aud` our client, `nonce` the remembered one, within its lifetime; and that the
 * account is the college's (`hd` / `tid` from the token itself, not from any request parameter) with a
 * verified email.
 */
export async function verifyIdToken(
  provider: OidcProvider,
  discovered: DiscoveredProvider,
  idToken: string,
  nonce: string,
): Promise<VerifiedIdentity> {
  const claims = await verifiedClaims(provider, discovered, idToken);
  const refuse = (reason: OidcRefusal, message: string) => new OidcSignInError(reason, message);
  const name = providerName(provider.id);
  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== provider.clientId) {
    throw refuse('wrong-audience', `The sign-in answer from ${name} was meant for another application. Start again.`);
  }
  if (typeof claims.nonce !== 'string' || !sameText(claims.nonce, nonce)) {
    throw refuse('wrong-nonce', 'This sign-in answer belongs to another sign-in. Start again.');
  }
  const otherAccount = "Sign in with your college's account.";
  if (provider.allowedTenant && text(claims.tid)?.toLowerCase() !== provider.allowedTenant) {
    throw refuse('wrong-tenant', `This Microsoft account is not one of your college's. ${otherAccount}`);
  }
  const email = accountEmail(provider, claims);
  if (provider.allowedDomain && provider.id !== 'microsoft' && text(claims.hd)?.toLowerCase() !== provider.allowedDomain) {
    throw refuse('wrong-domain', `This account is not from your college's domain (${provider.allowedDomain}). ${otherAccount}`);
  }
  // Entra has no `hd`: a guest of the college's tenant keeps an outside address, so the address itself is checked.
  if (provider.allowedDomain && provider.id === 'microsoft' && !email.endsWith(`@${provider.allowedDomain}`)) {
    throw refuse('wrong-domain', `This account is not from your college's domain (${provider.allowedDomain}). ${otherAccount}`);
  }
  return { email, name: text(claims.name)?.trim() || email, subject: claims.sub! };
}

async function verifiedClaims(provider: OidcProvider, discovered: DiscoveredProvider, idToken: string): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(idToken, providerKeys(discovered.jwksUri), {
      issuer: discovered.issuer,
      audience: provider.clientId,
      algorithms: ALGORITHMS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      maxTokenAge: MAX_TOKEN_AGE_SECONDS,
      requiredClaims: ['sub', 'iat', 'exp', 'nonce'],
    });
    return payload;
  } catch (error) {
    throw tokenRefusal(provider, error);
  }
}

function tokenRefusal(provider: OidcProvider, error: unknown): OidcSignInError {
  const name = providerName(provider.id);
  if (error instanceof errors.JWKSTimeout || (error instanceof Error && !(error instanceof errors.JOSEError))) {
    return unavailable(provider, error);
  }
  const refuse = (reason: OidcRefusal, message: string) => new OidcSignInError(reason, message, { cause: error });
  if (error instanceof errors.JWTExpired) return refuse('expired', 'This sign-in took too long. Start again.');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return refuse('wrong-issuer', `The sign-in answer did not come from ${name}. Start again.`);
    if (error.claim === 'aud')
      return refuse('wrong-audience', `The sign-in answer from ${name} was meant for another application. Start again.`);
    if (error.claim === 'iat') return refuse('expired', 'This sign-in took too long. Start again.');
  }
  return refuse('invalid-token', `The sign-in answer from ${name} could not be verified. Start again.`);
}

/**
 * The account's address. Google and the local provider say whether they verified it; Entra has no
 * such claim, and its tenant (checked above) vouches for the address or sign-in name it gives.
 */
function accountEmail(provider: OidcProvider, claims: JWTPayload): string {
  const email = provider.id === 'microsoft' ? (text(claims.email) ?? text(claims.preferred_username)) : text(claims.email);
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
    throw new OidcSignInError(
      'no-email',
      `SAMS could not get this account's email address from ${providerName(provider.id)}, so it cannot tell who you are.`,
    );
  }
  if (provider.id !== 'microsoft' && claims.email_verified !== true) {
    throw new OidcSignInError('unverified-email', `This account's email address is not verified by ${providerName(provider.id)}.`);
  }
  return email.toLowerCase();
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
