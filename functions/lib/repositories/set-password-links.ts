import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db';
import { setPasswordLink } from '../entities/sign-in-guards';
import * as keys from '../keys';
import { remove, type TransactItem } from '../writes';

/**
 * Set-password links (setPasswordLink): one item per link emailed, keyed by its token's SHA-256,
 * holding whose password it sets, for which password it was sent, and its end. `expiresAt` is the
 * table's TTL attribute too, so DynamoDB removes it some time after; until then the end is checked on
 * every use. A use deletes it in the transaction that sets the password (spendLink), so it sets one.
 */
export interface SetPasswordLinkItem {
  userId: string;
  purpose: 'welcome' | 'reset';
  /** A fingerprint of the password hash stored when the link was sent: any password change since ends the link. */
  forPassword: string;
  /** Epoch seconds: the link works before it (and DynamoDB's TTL removes the item some time after). */
  expiresAt: number;
}

export async function putSetPasswordLink(tokenHash: string, link: SetPasswordLinkItem): Promise<void> {
  const item = { ...setPasswordLink(tokenHash), entity: 'setPasswordLink', ...link, createdAt: new Date().toISOString() };
  await db.send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
}

/** The link of this token hash while it works (before its end), else null. */
export async function findSetPasswordLink(tokenHash: string, now: number): Promise<SetPasswordLinkItem | null> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: setPasswordLink(tokenHash), ConsistentRead: true }));
  const item = result.Item as SetPasswordLinkItem | undefined;
  return item && item.expiresAt > now ? item : null;
}

/** The transaction item that spends the link: deleted only while it is there and before its end (a second use fails it). */
export const spendLink = (tokenHash: string, now: number): TransactItem =>
  remove(setPasswordLink(tokenHash), 'attribute_exists(pk) AND expiresAt > :now', { ':now': now });

/**
 * The college's name as its emails carry it (the settings' collegeName; SAMS while no admin has named it, and
 * for 'Your college', an older release's placeholder: shared/schemas/alert-settings.ts). One GetItem of the
 * settings item, not repositories/settings.ts: that loads every setting's schema, which the user Lambda's
 * bundle has no room for (tests/infra/bundled-stack.test.ts).
 */
export async function collegeNameForEmails(): Promise<string> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: keys.collegeSettings() }));
  const name = typeof result.Item?.collegeName === 'string' ? result.Item.collegeName.trim() : '';
  return name && name !== 'Your college' ? name : 'SAMS';
}
