import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@shared/constants';
import type { PublicUser } from '@shared/schemas/auth';
import { areLookalikes, lookalikeKeys } from '@shared/text/lookalike';
import { TEXT_MESSAGES } from '@shared/text/normalize';
import { db, queryAll, tableName } from '../db';
import { Conflict, NotFound } from '../domain-errors';
import * as keys from '../keys';
import { lookalikeClaimWrites, lookalikeReleases } from '../lookalike-claims';
import { EXISTS, IS_NEW, put, remove, transact, update, type TransactItem } from '../writes';

/**
 * Users: the profile (keys.userProfile, listed by username on gsi1), the claim that gives an
 * email address (lower-cased) to one user (keys.emailClaim), and its look-alike claims that keep
 * look-alike addresses out (keys.emailLookalikeClaim, functions/lib/lookalike-claims.ts).
 *
 * Not found: lookups (`get…`, `find…`) answer null; deleteUser throws NotFound.
 */
interface UserItem extends PublicUser {
  passwordHash: string;
  /** Set by an admin's reset: the password is a one-time password, to be changed at the next sign-in. */
  mustChangePassword?: boolean;
  /** The look-alike keys its email claims (none on users stored before those claims). */
  lookalikes?: string[];
}

const userNotFound = () => new NotFound('User not found');
const toPublic = ({ _id, username, email, role }: UserItem): PublicUser => ({ _id, username, email, role });

/** Creates a user, claiming the email and its look-alike keys in the same transaction; Conflict when one is taken. */
export async function createUser(input: { username: string; email: string; role: Role; passwordHash: string }): Promise<PublicUser> {
  const user: UserItem = { _id: randomUUID(), ...input, lookalikes: lookalikeKeys(input.email) };
  const lookalikeTaken = new Conflict(TEXT_MESSAGES.lookalikeEmail);
  // Users stored before look-alike claims hold none: their emails are compared here (one Query of the user list).
  const sameEmail = (other: PublicUser) => keys.emailClaim(other.email).pk === keys.emailClaim(user.email).pk;
  if ((await listUsers()).some((other) => !sameEmail(other) && areLookalikes(other.email, user.email))) throw lookalikeTaken;
  const failed = await transact({
    claim: put({ ...keys.emailClaim(user.email), entity: 'email', userId: user._id }, IS_NEW),
    lookalikes: lookalikeClaimWrites(keys.emailLookalikeClaim, [], user.lookalikes!, { entity: 'emailLookalike', userId: user._id }),
    profile: put({
      ...keys.userProfile(user._id),
      ...keys.userListEntry(user),
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
  const claim = await db.send(new GetCommand({ TableName: tableName(), Key: keys.emailClaim(email), ConsistentRead: true }));
  if (!claim.Item) return null;
  const user = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.userProfile(claim.Item.userId as string), ConsistentRead: true }),
  );
  return (user.Item as UserItem | undefined) ?? null;
}

async function getProfile(id: string): Promise<UserItem | null> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: keys.userProfile(id), ConsistentRead: true }));
  return (result.Item as UserItem | undefined) ?? null;
}

export async function getUser(id: string): Promise<PublicUser | null> {
  const profile = await getProfile(id);
  return profile ? toPublic(profile) : null;
}

/** All users, ordered by username (one Query on gsi1, paged). */
export async function listUsers(): Promise<PublicUser[]> {
  const items = await queryAll<UserItem>(keys.allUsers());
  return items.map(toPublic);
}

/** Deletes the profile and frees the email and its look-alike keys in one transaction; answers the user deleted. */
export async function deleteUser(id: string): Promise<PublicUser> {
  const profile = await getProfile(id);
  if (!profile) throw userNotFound();
  const failed = await transact({
    profile: remove(keys.userProfile(id), EXISTS),
    claim: remove(keys.emailClaim(profile.email)),
    lookalikes: lookalikeReleases(keys.emailLookalikeClaim, profile.lookalikes),
  });
  if (failed) throw userNotFound();
  return toPublic(profile);
}

/** Used by seeding and create-admin: whether an email is already taken. */
export async function emailTaken(email: string): Promise<boolean> {
  const claim = await db.send(new GetCommand({ TableName: tableName(), Key: keys.emailClaim(email), ConsistentRead: true }));
  return claim.Item !== undefined;
}

/** The user's profile with the password hash (a password change checks the current one). */
export async function getUserWithPassword(id: string): Promise<UserItem | null> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: keys.userProfile(id), ConsistentRead: true }));
  return (result.Item as UserItem | undefined) ?? null;
}

export interface PasswordChange {
  passwordHash: string;
  mustChangePassword: boolean;
  /** Only while the stored hash is still this one (a concurrent change wins once). */
  whileHash?: string;
}

/**
 * Sets a user's password and, in the same transaction, ends the sessions given and starts the
 * one given: no old session outlives the change, and a failed change ends none. NotFound when
 * the user is gone; Conflict when the password changed meanwhile.
 */
export async function setPassword(id: string, change: PasswordChange, sessions: { end: keys.Key[]; start?: TransactItem }): Promise<void> {
  const profile = update(keys.userProfile(id), { passwordHash: change.passwordHash, mustChangePassword: change.mustChangePassword });
  if (change.whileHash) {
    profile.Update!.ConditionExpression += ' AND passwordHash = :whileHash';
    profile.Update!.ExpressionAttributeValues![':whileHash'] = change.whileHash;
  }
  const failed = await transact({ profile, ended: sessions.end.map((key) => remove(key)), started: sessions.start ?? null });
  if (failed === 'profile' && change.whileHash && (await getUser(id)))
    throw new Conflict('Your password was changed meanwhile; sign in again');
  if (failed) throw userNotFound();
}
