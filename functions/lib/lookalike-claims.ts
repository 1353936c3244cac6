import type { Key } from './keys';
import { IS_NEW, put, remove, type TransactItem } from './writes';

/**
 * Look-alike claims (docs/data-model.md "Look-alike claims"): one item per look-alike key of a
 * unique text (shared/text/lookalike.ts), put only if new, so that of two look-alike texts written
 * at once one transaction fails. The item holding the text records the keys it claimed
 * (`lookalikes`), and a change or delete releases exactly those: an item an older release stored
 * holds none and releases none, so it never frees a key another item holds.
 */

/** The writes that take an item from the keys it holds to `next`: new keys claimed (if free), dropped ones released. */
export function lookalikeClaimWrites(
  claimKey: (lookalike: string) => Key,
  held: readonly string[] | undefined,
  next: readonly string[],
  claim: Record<string, unknown>,
): TransactItem[] {
  const holding = new Set(held ?? []);
  const wanted = new Set(next);
  return [
    ...[...holding].filter((key) => !wanted.has(key)).map((key) => remove(claimKey(key))),
    ...[...wanted].filter((key) => !holding.has(key)).map((key) => put({ ...claimKey(key), ...claim, lookalike: key }, IS_NEW)),
  ];
}

/** The writes that release every key an item holds. */
export const lookalikeReleases = (claimKey: (lookalike: string) => Key, held: readonly string[] | undefined): TransactItem[] =>
  (held ?? []).map((key) => remove(claimKey(key)));
