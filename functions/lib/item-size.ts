/**
 * DynamoDB's own measure of an item (attribute names and values, as its documentation sizes
 * them), rounded up where the rules are approximate, so a check made before writing is safe.
 */
export function itemBytes(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'number') return 21;
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (Array.isArray(value)) return 3 + value.reduce<number>((sum, element) => sum + 1 + itemBytes(element), 0);
  if (typeof value === 'object') {
    return 3 + Object.entries(value).reduce((sum, [name, element]) => sum + 1 + Buffer.byteLength(name, 'utf8') + itemBytes(element), 0);
  }
  return Buffer.byteLength(String(value), 'utf8');
}

/** A class session's item: 400 KB is DynamoDB's limit; the rest is room for the keys and the attributes a correction adds. */
export const CLASS_SESSION_ITEM_LIMIT = 380 * 1024;
