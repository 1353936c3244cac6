import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, nowSeconds, tableName } from '../db';
import { CODE_ATTEMPTS, signInLink, signInLinkItem, type SignInLinkItem } from '../entities/sign-in-link';
import { EXISTS, isConditionFailure, remove, type TransactItem } from '../writes';

/** Sign-in links (functions/lib/entities/sign-in-link.ts): stored when asked for, spent by one sign-in. */
export async function putSignInLink(requestId: string, link: SignInLinkItem): Promise<void> {
  await db.send(
    new PutCommand({ TableName: tableName(), Item: signInLinkItem(requestId, link), ConditionExpression: 'attribute_not_exists(pk)' }),
  );
}

/** The link of this request while it works (before its end), else null. */
export async function findSignInLink(requestId: string): Promise<SignInLinkItem | null> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: signInLink(requestId), ConsistentRead: true }));
  const item = result.Item as SignInLinkItem | undefined;
  return item && item.expiresAt > nowSeconds() && (item.attempts ?? 0) < CODE_ATTEMPTS ? item : null;
}

/** Counts a wrong code; false when that was the last try (the link no longer signs in). */
export async function countWrongCode(requestId: string): Promise<boolean> {
  try {
    const result = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: signInLink(requestId),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: `${EXISTS} AND (attribute_not_exists(attempts) OR attempts < :max)`,
        ExpressionAttributeValues: { ':one': 1, ':max': CODE_ATTEMPTS },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return (result.Attributes?.attempts as number) < CODE_ATTEMPTS;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * The transaction item that spends the link, with the sign-in's login session (createPasswordlessLoginSession):
 * deleted only while it is there, before its end and with its code tries left, so a second use fails.
 */
export const spendSignInLink = (requestId: string): TransactItem =>
  remove(signInLink(requestId), `${EXISTS} AND expiresAt > :now AND (attribute_not_exists(attempts) OR attempts < :max)`, {
    ':now': nowSeconds(),
    ':max': CODE_ATTEMPTS,
  });
