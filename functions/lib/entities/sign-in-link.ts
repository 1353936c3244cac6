import type { Key } from '../keys';

/**
 * A sign-in link (docs/product.md §4): one item per link asked for, keyed by the request's random id, holding
 * whose account it signs in to, the SHA-256 of its token (in the emailed link), of its short code (in the same
 * email) and of the secret of the browser that asked (its cookie). The link or the code signs in only in that
 * browser, once, before `expiresAt` (also the table's TTL), and the code within CODE_ATTEMPTS tries.
 */
export const signInLink = (requestId: string): Key => ({ pk: `SIGNINLINK#${requestId}`, sk: 'LINK' });

export interface SignInLinkItem {
  userId: string;
  tokenHash: string;
  codeHash: string;
  browserHash: string;
  /** Wrong codes typed so far. */
  attempts?: number;
  expiresAt: number;
}

export const SIGN_IN_LINK_MINUTES = 15;
export const CODE_ATTEMPTS = 5;

export const signInLinkItem = (requestId: string, link: SignInLinkItem) => ({
  ...signInLink(requestId),
  entity: 'signInLink',
  ...link,
  createdAt: new Date().toISOString(),
});
