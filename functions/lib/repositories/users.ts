import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { StaffRole } from '@shared/constants';
import type { ListedUser } from '@shared/answers/auth';
import type { PublicUser } from '@shared/schemas/auth';
import { areLookalikes, lookalikeKeys } from '@shared/text/lookalike';
import { TEXT_MESSAGES } from '@shared/text/normalize';
import { db, queryAll, tableName } from '../db';
import { Conflict, NotFound } from '../domain-errors';
import * as keys from '../keys';
import { allUsers, emailClaim, emailLookalikeClaim, userListEntry, userProfile } from '../entities/user';
import { lookalikeClaimWrites, lookalikeReleases } from '../lookalike-claims';
import { EXISTS, IS_NEW, put, remove, transact, update, type TransactItem } from '../writes';
import { lastSignInOf, recordSignIn, type SignInFields } from './sign-in-records';

/**
 * Users: the profile (userProfile, listed by username on gsi1), the claim that gives an
 * email address (lower-cased) to one user (emailClaim), and its look-alike claims that keep
 * look-alike addresses out (emailLookalikeClaim, functions/lib/lookalike-claims.ts).
 *
 * Not found: lookups (`get…`, `find…`) answer null; deleteUser throws NotFound.
 */
interface UserItem extends PublicUser, SignInFields {
  passwordHash: string;
  /** Added without a password, to choose their own with the welcome link: until a password is set, none signs in. */
  passwordNotChosen?: true;
  /** Set by an admin's reset: the password is a one-time password, to be changed at the next sign-in. */
  mustChangePassword?: boolean;
  /** Until when (epoch seconds) the one-time password signs in; removed by its first sign-in (single use). */
  oneTimePasswordExpiresAt?: number;
  /** The look-alike keys its email claims (none on users an older release stored). */
  lookalikes?: string[];
}

const userNotFound = () => new NotFound('User not found');
const toPublic = ({ _id, username, email, role }: UserItem): PublicUser => ({ _id, username, email, role });

/** Creates a user, claiming the email and its look-alike keys in the same transaction; Conflict when one is taken. */
export async function createUser(input: {
  username: string;
  email: string;
  role: StaffRole;
  passwordHash: string;
  passwordNotChosen?: true;
}): Promise<PublicUser> {
  const user: UserItem = { _id: randomUUID(), ...input, lookalikes: lookalikeKeys(input.email) };
  const lookalikeTaken = new Conflict(TEXT_MESSAGES.lookalikeEmail);
  // Users an older release stored hold no look-alike claims: their emails are compared here (one Query of the user list).
  const sameEmail = (other: PublicUser) => emailClaim(other.email).pk === emailClaim(user.email).pk;
  if ((await listUsers()).some((other) => !sameEmail(other) && areLookalikes(other.email, user.email))) throw lookalikeTaken;
  const failed = await transact({
    claim: put({ ...emailClaim(user.email), entity: 'email', userId: user._id }, IS_NEW),
    lookalikes: lookalikeClaimWrites(emailLookalikeClaim, [], user.lookalikes!, { entity: 'emailLookalike', userId: user._id }),
    profile: put({
      ...userProfile(user._id),
      ...userListEntry(user),
      entity: 'user',
      ...user,
      createdAt: new Date().toISOString(),
    }),
  });
  if (failed === 'lookalikes') throw lookalikeTaken;
  if (failed) throw new Conflict('A user with this email already exists');
  return toPublic(user);
}

/** The user holding this email (any case), with the password hash for checking a login. */
export async function findUserForLogin(email: string): Promise<UserItem | null> {
  const claim = await db.send(new GetCommand({ TableName: tableName(), Key: emailClaim(email), ConsistentRead: true }));
  if (!claim.Item) return null;
  const user = await db.send(
    new GetCommand({ TableName: tableName(), Key: userProfile(claim.Item.userId as string), ConsistentRead: true }),
  );
  return (user.Item as UserItem | undefined) ?? null;
}

async function getProfile(id: string): Promise<UserItem | null> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: userProfile(id), ConsistentRead: true }));
  return (result.Item as UserItem | undefined) ?? null;
}

export async function getUser(id: string): Promise<PublicUser | null> {
  const profile = await getProfile(id);
  return profile ? toPublic(profile) : null;
}

/** All users, ordered by username (one Query on gsi1, paged). */
export async function listUsers(): Promise<PublicUser[]> {
  const items = await queryAll<UserItem>(allUsers());
  return items.map(toPublic);
}

/**
 * All users as the admin's list shows them (one Query on gsi1, paged): whether a password of their own signs in
 * (not while only a one-time password or an unused welcome link does), and their last sign-in.
 */
export async function listUsersWithSignIns(): Promise<ListedUser[]> {
  const items = await queryAll<UserItem>(allUsers());
  return items.map((item) => {
    const lastSignIn = lastSignInOf(item);
    return {
      ...toPublic(item),
      ...(item.mustChangePassword || item.passwordNotChosen ? { passwordNotChosen: true as const } : {}),
      ...(lastSignIn ? { lastSignIn } : item.signIns ? { signedInUnrecorded: true as const } : {}),
    };
  });
}

/** Deletes the profile and frees the email and its look-alike keys in one transaction; answers the user deleted. */
export async function deleteUser(id: string): Promise<PublicUser> {
  const profile = await getProfile(id);
  if (!profile) throw userNotFound();
  const failed = await transact({
    profile: remove(userProfile(id), EXISTS),
    claim: remove(emailClaim(profile.email)),
    lookalikes: lookalikeReleases(emailLookalikeClaim, profile.lookalikes),
  });
  if (failed) throw userNotFound();
  return toPublic(profile);
}

/** Used by seeding and create-admin: whether an email is already taken. */
export async function emailTaken(email: string): Promise<boolean> {
  const claim = await db.send(new GetCommand({ TableName: tableName(), Key: emailClaim(email), ConsistentRead: true }));
  return claim.Item !== undefined;
}

/** The user's profile with the password hash (a password change checks the current one). */
export async function getUserWithPassword(id: string): Promise<UserItem | null> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: userProfile(id), ConsistentRead: true }));
  return (result.Item as UserItem | undefined) ?? null;
}

export interface PasswordChange {
  passwordHash: string;
  mustChangePassword: boolean;
  /** A one-time password's end (epoch seconds); any other password clears it. */
  oneTimePasswordExpiresAt?: number;
  /** Only while the profile is still as read: this hash and this many sign-ins (no login session started since). */
  whileProfile?: { passwordHash: string; signIns?: number };
}

/**
 * Sets a user's password and, in the same transaction, ends the login sessions given and starts
 * the one given: no old login session outlives the change, and a failed change ends none. False when the
 * profile moved on since it was read (a sign-in or another change); NotFound when the user is gone.
 */
export async function setPassword(
  id: string,
  change: PasswordChange,
  loginSessions: { end: keys.Key[]; start?: TransactItem },
): Promise<boolean> {
  const { passwordHash, mustChangePassword, oneTimePasswordExpiresAt, whileProfile } = change;
  const profile = update(userProfile(id), {
    passwordHash,
    mustChangePassword,
    ...(oneTimePasswordExpiresAt ? { oneTimePasswordExpiresAt } : {}),
  });
  const Update = profile.Update!;
  // Any password set replaces the one no one knows of a user added to choose their own.
  Update.UpdateExpression += ` REMOVE passwordNotChosen${oneTimePasswordExpiresAt ? '' : ', #expires'}`;
  if (!oneTimePasswordExpiresAt) Update.ExpressionAttributeNames!['#expires'] = 'oneTimePasswordExpiresAt';
  if (whileProfile) {
    Update.ConditionExpression += ` AND passwordHash = :whileHash AND ${whileProfile.signIns ? 'signIns = :signIns' : 'attribute_not_exists(signIns)'}`;
    Update.ExpressionAttributeValues![':whileHash'] = whileProfile.passwordHash;
    if (whileProfile.signIns) Update.ExpressionAttributeValues![':signIns'] = whileProfile.signIns;
  }
  const failed = await transact({ profile, ended: loginSessions.end.map((key) => remove(key)), started: loginSessions.start ?? null });
  if (failed === 'profile' && whileProfile && (await getUser(id))) return false;
  if (failed) throw userNotFound();
  return true;
}

/**
 * The profile's part of a sign-in, for the transaction that stores its login session: only while the
 * password checked is still the stored one and, for a one-time password, before its end, which
 * this sign-in spends (removed: it signs in once). Counts the sign-in (signIns) and records it (lastSignIn).
 */
export function signInOnProfile(id: string, checked: { passwordHash: string; oneTimePassword: boolean }, now: number): TransactItem {
  const { oneTimePassword } = checked;
  const record = recordSignIn({ method: 'password' });
  const removed = [record.remove, ...(oneTimePassword ? ['oneTimePasswordExpiresAt'] : [])].join(', ');
  return {
    Update: {
      TableName: tableName(),
      Key: userProfile(id),
      UpdateExpression: `ADD signIns :one SET ${record.set} REMOVE ${removed}`,
      ConditionExpression: `${EXISTS} AND passwordHash = :hash${oneTimePassword ? ' AND oneTimePasswordExpiresAt > :now' : ''}`,
      ExpressionAttributeValues: {
        ':one': 1,
        ':hash': checked.passwordHash,
        ...record.values,
        ...(oneTimePassword ? { ':now': now } : {}),
      },
    },
  };
}
