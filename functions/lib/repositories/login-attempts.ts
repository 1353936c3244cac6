import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES } from '@shared/constants';
import { db, nowSeconds, tableName } from '../db';
import * as keys from '../keys';
import { IS_NEW, isConditionFailure } from '../writes';

/**
 * Failed logins per account (keys.loginFailures), in a fixed window that opens at the first
 * failure: failures, windowEndsAt, expiresAt (TTL).
 */
const WINDOW_SECONDS = LOGIN_WINDOW_MINUTES * 60;

/** Whether this account has had too many failed logins in the current window. */
export async function isLoginLocked(email: string): Promise<boolean> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: keys.loginFailures(email), ConsistentRead: true }));
  const item = result.Item as { failures: number; windowEndsAt: number } | undefined;
  return item !== undefined && item.failures >= LOGIN_MAX_FAILURES && item.windowEndsAt > nowSeconds();
}

/** Counts one failure: in the open window if there is one, else in a new window. */
export async function recordLoginFailure(email: string): Promise<void> {
  const now = nowSeconds();
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.loginFailures(email),
        UpdateExpression: 'ADD failures :one',
        ConditionExpression: 'windowEndsAt > :now',
        ExpressionAttributeValues: { ':one': 1, ':now': now },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    await db
      .send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.loginFailures(email),
            entity: 'loginFailures',
            failures: 1,
            windowEndsAt: now + WINDOW_SECONDS,
            expiresAt: now + WINDOW_SECONDS,
          },
          ConditionExpression: `${IS_NEW} OR windowEndsAt <= :now`,
          ExpressionAttributeValues: { ':now': now },
        }),
      )
      .catch((raced: unknown) => {
        // Another failure opened the window first: count this one in it.
        if (!isConditionFailure(raced)) throw raced;
        return recordLoginFailure(email);
      });
  }
}

export async function clearLoginFailures(email: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.loginFailures(email) }));
}
