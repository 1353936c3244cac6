import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ActiveLoginSession, SignedInUser } from '@shared/schemas/auth';
import { batchDelete } from '../batch';
import { db, nowSeconds, queryAll, tableName } from '../db';
import { NotFound } from '../domain-errors';
import * as keys from '../keys';
import { userProfile } from '../entities/user';
import { loginSession, loginSessionIdOfKey, loginSessionsOfUser, type LoginSessionItem } from '../entities/login-session';
import { EXISTS, isConditionFailure, put, transact, type TransactItem } from '../writes';
import { getSettings } from './settings';
import { recordSignIn, type PasswordlessVia } from './sign-in-records';
import { signInOnProfile } from './users';

/**
 * Login sessions, one item per sign-in under the user's partition (loginSession): a copy of
 * the user, the device (User-Agent), signedInAt, lastSeenAt and expiresAt (TTL, the 12-hour lifetime).
 * A request is authenticated by one consistent GetItem of this item, so logout and user deletion
 * end a login session at once. A login session unused for the college's `sessionIdleMinutes` has
 * ended too: lastSeenAt is written only when it is more than TOUCH_SECONDS old, so most requests
 * write nothing.
 *
 * Not found: signedInUserOf answers null; createLoginSession throws NotFound when the user is gone
 * (or their password changed since it was checked, or the one-time password was spent or expired).
 */
const TOUCH_SECONDS = 5 * 60;
const DEVICE_LENGTH = 300;

/** The user a request is made by, as their login session knows them. */
export interface CurrentUser extends SignedInUser {
  /** The login session's id (the JWT's jti), so logout can end exactly this login session. Never sent in an answer. */
  loginSessionId: string;
  /** A student's or guardian's: the students whose records they reach now (read at each request, never stored). */
  studentIds?: string[];
  /** The same students with their names (a guardian's switcher). */
  students?: { _id: string; name: string }[];
}

export interface NewLoginSession {
  user: SignedInUser;
  loginSessionId: string;
  expiresAt: number;
  device: string;
}

/** The login session's item, for a transaction (a password change puts the new one with the change). */
export function loginSessionItem({ user, loginSessionId, expiresAt, device }: NewLoginSession): TransactItem {
  const now = nowSeconds();
  return put({
    ...loginSession(user._id, loginSessionId),
    entity: 'session',
    user,
    device: device.slice(0, DEVICE_LENGTH),
    signedInAt: now,
    lastSeenAt: now,
    expiresAt,
  });
}

/**
 * Stores a login session, only while the user still exists with the password that was checked (a
 * login racing a delete or a password change cannot outlive it) and, for a one-time password, while
 * it is unspent and unexpired (this sign-in spends it); the profile counts the sign-in and records it (lastSignIn).
 */
export async function createLoginSession(
  loginSession: NewLoginSession,
  checked: { passwordHash: string; oneTimePassword: boolean },
): Promise<void> {
  const failed = await transact({
    profile: signInOnProfile(loginSession.user._id, checked, nowSeconds()),
    loginSession: loginSessionItem(loginSession),
  });
  if (failed) throw new NotFound('User not found');
}

/**
 * Stores a login session of a sign-in without a password (an emailed link, the college's Google or Microsoft
 * account), only while the account exists, counting the sign-in on it and recording when and how (`via`);
 * `spend`, in the same transaction, is what the sign-in used up (a link). False when any of it no longer held.
 */
export async function createPasswordlessLoginSession(
  loginSession: NewLoginSession,
  via: PasswordlessVia,
  spend?: TransactItem,
): Promise<boolean> {
  const record = recordSignIn(via);
  const account: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: userProfile(loginSession.user._id),
      UpdateExpression: `ADD signIns :one SET ${record.set} REMOVE ${record.remove}`,
      ConditionExpression: EXISTS,
      ExpressionAttributeValues: { ':one': 1, ...record.values },
    },
  };
  return (await transact({ spend: spend ?? null, account, loginSession: loginSessionItem(loginSession) })) === null;
}

// A login session without `lastSeenAt` (stored by an older release) counts as seen at its sign-in, else now (its 12-hour lifetime still ends it).
const lastSeen = (item: LoginSessionItem) => item.lastSeenAt ?? item.signedInAt ?? nowSeconds();

/** Whether the login session has ended by time: its lifetime, or the inactivity timeout. */
async function hasLapsed(item: LoginSessionItem, now: number): Promise<boolean> {
  if (item.expiresAt <= now) return true;
  if (now - lastSeen(item) < TOUCH_SECONDS) return false;
  const { sessionIdleMinutes } = await getSettings();
  return now - lastSeen(item) > sessionIdleMinutes * 60;
}

/**
 * The user signed in by this login session, or null when it was ended or has lapsed (TTL deletion
 * lags, so expiry is checked here). One last seen over TOUCH_SECONDS ago costs a settings read and one write.
 */
export async function signedInUserOf(userId: string, loginSessionId: string): Promise<CurrentUser | null> {
  const Key = loginSession(userId, loginSessionId);
  const result = await db.send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
  const item = result.Item as LoginSessionItem | undefined;
  const now = nowSeconds();
  if (!item || (await hasLapsed(item, now))) return null;
  if (now - lastSeen(item) >= TOUCH_SECONDS && !(await touched(Key, now))) return null;
  return { ...item.user, loginSessionId };
}

/** Records the login session as seen now; false when it was ended meanwhile. */
async function touched(Key: keys.Key, now: number): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key,
        UpdateExpression: 'SET lastSeenAt = :now',
        ConditionExpression: EXISTS,
        ExpressionAttributeValues: { ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The user's login sessions that are still live, most recently seen first. */
export async function listLoginSessions(userId: string, currentId: string): Promise<ActiveLoginSession[]> {
  const items = await queryAll<LoginSessionItem>(loginSessionsOfUser(userId), { ConsistentRead: true });
  const now = nowSeconds();
  const { sessionIdleMinutes } = await getSettings();
  const live = items.filter((item) => item.expiresAt > now && now - lastSeen(item) <= sessionIdleMinutes * 60);
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
  return live
    .sort((a, b) => lastSeen(b) - lastSeen(a))
    .map((item) => {
      const id = loginSessionIdOfKey(item);
      return {
        _id: id,
        device: item.device ?? '',
        signedInAt: iso(item.signedInAt ?? lastSeen(item)),
        lastSeenAt: iso(lastSeen(item)),
        current: id === currentId,
      };
    });
}

/** Ends one login session; NotFound when the user has no such login session. */
export async function endLoginSession(userId: string, loginSessionId: string): Promise<void> {
  try {
    await db.send(new DeleteCommand({ TableName: tableName(), Key: loginSession(userId, loginSessionId), ConditionExpression: EXISTS }));
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFound('Session not found');
    throw error;
  }
}

export async function deleteLoginSession(userId: string, loginSessionId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: loginSession(userId, loginSessionId) }));
}

/** The keys of every login session of a user (one Query of their partition). */
export async function loginSessionKeysOfUser(userId: string): Promise<keys.Key[]> {
  const loginSessions = await queryAll<keys.Key>(loginSessionsOfUser(userId), {
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  return loginSessions.map(({ pk, sk }) => ({ pk, sk }));
}

/** Ends every login session of a user (one Query of their partition, then batched deletes). */
export async function deleteLoginSessionsOfUser(userId: string): Promise<void> {
  await batchDelete(await loginSessionKeysOfUser(userId));
}
