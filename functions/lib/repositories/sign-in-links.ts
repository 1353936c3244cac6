import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, nowSeconds, tableName } from '../db';
import { CODE_ATTEMPTS, signInLink, signInLinkItem, type SignInLinkItem } from '../entities/sign-in-link';
import * as keys from '../keys';
import { EXISTS, isConditionFailure, remove, transact, type TransactItem } from '../writes';
import { loginSessionItem, type NewLoginSession } from './login-sessions';

/** Sign-in links (functions/lib/entities/sign-in-link.ts): stored when asked for, spent by one sign-in. */
export async function putSignInLink(requestId: string, link: SignInLinkItem): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName(), Item: signInLinkItem(requestId, link), ConditionExpression: 'attribute_not_exists(pk)' }));
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
 * Signs in with the link: in one transaction it is deleted (only while it is there, unspent, before its end and
 * with its code tries left), the account is counted as signed in (only while it exists) and the login session
 * stored. False when any of that no longer held: a second use, a race with another, an account deleted meanwhile.
 */
export async function spendSignInLink(requestId: string, loginSession: NewLoginSession): Promise<boolean> {
  const now = nowSeconds();
  const link = remove(
    signInLink(requestId),
    `${EXISTS} AND expiresAt > :now AND (attribute_not_exists(attempts) OR attempts < :max)`,
    { ':now': now, ':max': CODE_ATTEMPTS },
  );
  const account: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: keys.userProfile(loginSession.user._id),
      UpdateExpression: 'ADD signIns :one SET lastSignInAt = :at',
      ConditionExpression: EXISTS,
      ExpressionAttributeValues: { ':one': 1, ':at': new Date(now * 1000).toISOString() },
    },
  };
  return (await transact({ link, account, loginSession: loginSessionItem(loginSession) })) === null;
}
