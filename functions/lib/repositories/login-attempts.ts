import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES } from '@shared/constants';
import { batchDelete } from '../batch';
import { db, nowSeconds, queryAll, tableName } from '../db';
import { loginFailures, loginFailuresOfAccount, passwordChangeGuesses, signInLinkRequests } from '../entities/sign-in-guards';
import * as keys from '../keys';
import { isConditionFailure } from '../writes';

/**
 * Password guesses per account (loginFailures): `attempts` in a fixed window that opens at
 * the first one (`windowEndsAt`, also the TTL). A guess is counted before its password is checked,
 * by one conditional write, so a burst of concurrent requests gets no more than
 * LOGIN_MAX_FAILURES checks per window. A browser that signed in to the account before (a trusted
 * device) has a count of its own, so guesses from elsewhere cannot lock its owner out; so has each
 * login session for the current password of a password change (passwordChangeGuesses).
 */
const WINDOW_SECONDS = LOGIN_WINDOW_MINUTES * 60;

interface AttemptsItem {
  attempts: number;
  windowEndsAt: number;
}

/** One guess may be checked (0), or the account is locked: the seconds until its window ends. */
export async function reserveLoginAttempt(email: string, device?: string): Promise<number> {
  return reserveGuess(loginFailures(email, device));
}

/** The same for the current password of a password change, counted per login session: 0, or the seconds to wait. */
export async function reservePasswordChangeGuess(email: string, loginSessionId: string): Promise<number> {
  return reserveGuess(passwordChangeGuesses(email, loginSessionId));
}

/** Sign-in links asked for: per address and per client (IP), each counted in a window of its own. */
export const SIGN_IN_LINK_LIMITS = { perAddress: 5, perClient: 30, windowSeconds: 15 * 60 } as const;

/** One more sign-in link may be sent to this address from this client (0), or the seconds to wait. */
export async function reserveSignInLink(email: string, client: string): Promise<number> {
  const { perAddress, perClient, windowSeconds } = SIGN_IN_LINK_LIMITS;
  const byClient = await reserveGuess(signInLinkRequests('client', client), perClient, windowSeconds);
  return byClient || reserveGuess(signInLinkRequests('address', email), perAddress, windowSeconds);
}

async function reserveGuess(Key: keys.Key, max = LOGIN_MAX_FAILURES, windowSeconds = WINDOW_SECONDS): Promise<number> {
  for (let round = 0; round < 5; round++) {
    const now = nowSeconds();
    if (await written(() => db.send(countInOpenWindow(Key, now, max)))) return 0;
    if (await written(() => db.send(openWindow(Key, now, windowSeconds)))) return 0;
    // A window is open: full, or opened by a concurrent guess between the two writes (count again).
    const item = await getAttempts(Key);
    if (item && item.attempts >= max && item.windowEndsAt > now) return item.windowEndsAt - now;
  }
  return windowSeconds;
}

/** The account's own count is full (what an admin's Unlock is for). */
export async function isAccountLocked(email: string): Promise<boolean> {
  const item = await getAttempts(loginFailures(email));
  return item !== undefined && item.attempts >= LOGIN_MAX_FAILURES && item.windowEndsAt > nowSeconds();
}

/** A right password forgets the guesses of the count it was checked against. */
export async function clearLoginAttempts(email: string, device?: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: loginFailures(email, device) }));
}

/** Unlock: forgets every count of the account (its own and its devices'). */
export async function clearAllLoginAttempts(email: string): Promise<void> {
  const items = await queryAll<keys.Key>(loginFailuresOfAccount(email), { ProjectionExpression: 'pk, sk', ConsistentRead: true });
  await batchDelete(items.map(({ pk, sk }) => ({ pk, sk })));
}

const countInOpenWindow = (Key: keys.Key, now: number, max: number) =>
  new UpdateCommand({
    TableName: tableName(),
    Key,
    UpdateExpression: 'ADD attempts :one',
    ConditionExpression: 'windowEndsAt > :now AND attempts < :max',
    ExpressionAttributeValues: { ':one': 1, ':now': now, ':max': max },
  });

const openWindow = (Key: keys.Key, now: number, windowSeconds: number) =>
  new PutCommand({
    TableName: tableName(),
    Item: { ...Key, entity: 'loginFailures', attempts: 1, windowEndsAt: now + windowSeconds, expiresAt: now + windowSeconds },
    ConditionExpression: 'attribute_not_exists(pk) OR windowEndsAt <= :now',
    ExpressionAttributeValues: { ':now': now },
  });

async function written(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

async function getAttempts(Key: keys.Key): Promise<AttemptsItem | undefined> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
  return result.Item as AttemptsItem | undefined;
}
