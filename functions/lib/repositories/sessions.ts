import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PublicUser } from '@shared/schemas/auth';
import { batchDelete } from '../batch';
import { db, nowSeconds, queryAll, tableName } from '../db';
import { NotFound } from '../domain-errors';
import * as keys from '../keys';
import { check, EXISTS, put, transact } from '../writes';

/**
 * Sessions, one item per sign-in under the user's partition (keys.userSession): a copy of the
 * user and expiresAt (TTL). A request is authenticated by one consistent GetItem of this item,
 * so logout and user deletion end a session at once.
 *
 * Not found: getSessionUser answers null; createSession throws NotFound when the user is gone.
 */

/** A signed-in user as the session knows them. */
export interface SessionUser extends PublicUser {
  /** The session's id (the JWT's jti), so logout can end exactly this session. */
  sessionId: string;
}

/** Stores a session, only while the user still exists (a login racing a delete cannot outlive it). */
export async function createSession(user: PublicUser, sessionId: string, expiresAt: number): Promise<void> {
  const failed = await transact({
    profile: check(keys.userProfile(user._id), EXISTS),
    session: put({ ...keys.userSession(user._id, sessionId), entity: 'session', user, expiresAt }),
  });
  if (failed) throw new NotFound('User not found');
}

/** The session's user, or null when it was ended or has expired (TTL deletion lags, so expiry is checked here). */
export async function getSessionUser(userId: string, sessionId: string): Promise<SessionUser | null> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: keys.userSession(userId, sessionId), ConsistentRead: true }));
  const item = result.Item as { user: PublicUser; expiresAt: number } | undefined;
  if (!item || item.expiresAt <= nowSeconds()) return null;
  return { ...item.user, sessionId };
}

export async function deleteSession(userId: string, sessionId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.userSession(userId, sessionId) }));
}

/** Ends every session of a user (one Query of their partition, then batched deletes). */
export async function deleteSessionsOfUser(userId: string): Promise<void> {
  const sessions = await queryAll<{ pk: string; sk: string }>(keys.sessionsOfUser(userId), {
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  await batchDelete(sessions.map(({ pk, sk }) => ({ pk, sk })));
}
