import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@shared/constants';
import type { PublicUser } from '@shared/schemas/auth';
import { db, queryAll, tableName } from '../db';
import { Conflict, NotFound } from '../domain-errors';
import * as keys from '../keys';
import { EXISTS, IS_NEW, put, remove, transact } from '../writes';

/**
 * Users: the profile (keys.userProfile, listed by username on gsi1) and the claim that gives an
 * email address (lower-cased) to one user (keys.emailClaim).
 *
 * Not found: lookups (`get…`, `find…`) answer null; deleteUser throws NotFound.
 */
interface UserItem extends PublicUser {
  passwordHash: string;
}

const userNotFound = () => new NotFound('User not found');
const toPublic = ({ _id, username, email, role }: UserItem): PublicUser => ({ _id, username, email, role });

/** Creates a user, claiming the email in the same transaction; Conflict when the email is taken. */
export async function createUser(input: { username: string; email: string; role: Role; passwordHash: string }): Promise<PublicUser> {
  const user: UserItem = { _id: randomUUID(), ...input };
  const failed = await transact({
    claim: put({ ...keys.emailClaim(user.email), entity: 'email', userId: user._id }, IS_NEW),
    profile: put({
      ...keys.userProfile(user._id),
      ...keys.userListEntry(user),
      entity: 'user',
      ...user,
      createdAt: new Date().toISOString(),
    }),
  });
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

export async function getUser(id: string): Promise<PublicUser | null> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: keys.userProfile(id), ConsistentRead: true }));
  return result.Item ? toPublic(result.Item as UserItem) : null;
}

/** All users, ordered by username (one Query on gsi1, paged). */
export async function listUsers(): Promise<PublicUser[]> {
  const items = await queryAll<UserItem>(keys.allUsers());
  return items.map(toPublic);
}

/** Deletes the profile and frees the email in one transaction; answers the user deleted. */
export async function deleteUser(id: string): Promise<PublicUser> {
  const user = await getUser(id);
  if (!user) throw userNotFound();
  if (await transact({ profile: remove(keys.userProfile(id), EXISTS), claim: remove(keys.emailClaim(user.email)) })) throw userNotFound();
  return user;
}

/** Used by seeding and create-admin: whether an email is already taken. */
export async function emailTaken(email: string): Promise<boolean> {
  const claim = await db.send(new GetCommand({ TableName: tableName(), Key: keys.emailClaim(email), ConsistentRead: true }));
  return claim.Item !== undefined;
}
