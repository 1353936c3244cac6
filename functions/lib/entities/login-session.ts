import type { SignedInUser } from '@shared/schemas/auth';
import { beginsWith, type Key, type KeyCondition } from '../keys';
import { userPartition } from './user';

/**
 * A login session as stored (functions/lib/repositories/login-sessions.ts): one item per sign-in under its user's
 * partition, holding a copy of the user, the device (User-Agent), when it signed in and was last seen, and its end
 * (`expiresAt`, also the table's TTL).
 */
export const loginSession = (userId: string, loginSessionId: string): Key => ({
  pk: userPartition(userId),
  sk: `SESSION#${loginSessionId}`,
});
export const loginSessionsOfUser = (userId: string): KeyCondition => beginsWith(userPartition(userId), 'SESSION#');
/** Whether a key is a login session's (its bookkeeping is no one's data: functions/lib/audit/guard.ts). */
export const isLoginSessionKey = ({ pk, sk }: Key): boolean => pk.startsWith(userPartition('')) && sk.startsWith('SESSION#');
/** The login session id a login session item's key holds. */
export const loginSessionIdOfKey = (key: Key): string => key.sk.slice('SESSION#'.length);

export interface LoginSessionItem extends Key {
  user: SignedInUser;
  device?: string;
  signedInAt?: number;
  lastSeenAt?: number;
  expiresAt: number;
}
