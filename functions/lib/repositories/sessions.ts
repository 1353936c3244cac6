import { DeleteCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { PublicUser } from '@shared/schemas/auth';
import { batchDelete } from '../batch';
import { db, nowSeconds, queryAll, tableName } from '../db';
import { HttpError, isConditionFailure } from '../http/errors';
import type { SessionUser } from '../http/types';
import { userKey } from './users';

/**
 * Sessions, one item per sign-in under the user's partition:
 *   USER#<userId> / SESSION#<sessionId>   a copy of the user, expiresAt (TTL)
 * A request is authenticated by one consistent GetItem of this item, so logout and user
 * deletion end a session at once.
 */
const sessionKey = (userId: string, sessionId: string) => ({ pk: `USER#${userId}`, sk: `SESSION#${sessionId}` });

/** Stores a session, only while the user still exists (a login racing a delete cannot outlive it). */
export async function createSession(user: PublicUser, sessionId: string, expiresAt: number): Promise<void> {
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { ConditionCheck: { TableName: tableName(), Key: userKey(user._id), ConditionExpression: 'attribute_exists(pk)' } },
          {
            Put: {
              TableName: tableName(),
              Item: { ...sessionKey(user._id, sessionId), entity: 'session', user, expiresAt },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new HttpError(401, 'Wrong email or password');
    throw error;
  }
}

/** The session's user, or null when it was ended or has expired (TTL deletion lags, so expiry is checked here). */
export async function getSessionUser(userId: string, sessionId: string): Promise<SessionUser | null> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: sessionKey(userId, sessionId), ConsistentRead: true }));
  const item = result.Item as { user: PublicUser; expiresAt: number } | undefined;
  if (!item || item.expiresAt <= nowSeconds()) return null;
  return { ...item.user, sessionId };
}

export async function deleteSession(userId: string, sessionId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: sessionKey(userId, sessionId) }));
}

/** Ends every session of a user (one Query of their partition, then batched deletes). */
export async function deleteSessionsOfUser(userId: string): Promise<void> {
  const sessions = await queryAll<{ pk: string; sk: string }>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :session)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':session': 'SESSION#' },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  await batchDelete(sessions.map(({ pk, sk }) => ({ pk, sk })));
}
