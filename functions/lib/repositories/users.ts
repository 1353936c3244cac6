import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@shared/constants';
import type { PublicUser } from '@shared/schemas/auth';
import { db, queryAll, tableName } from '../db';
import { HttpError, isConditionFailure } from '../http/errors';
import { GSI1 } from '../table-schema';

/**
 * Users. Items:
 *   USER#<id> / PROFILE          the user (gsi1: USERS / <username>#<id>, for the user list)
 *   EMAIL#<email> / EMAIL        claims an email address (lower-cased) for one user: uniqueness
 */
interface UserItem extends PublicUser {
  passwordHash: string;
}

export const userKey = (id: string) => ({ pk: `USER#${id}`, sk: 'PROFILE' });
const emailKey = (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' });

const toPublic = ({ _id, username, email, role }: UserItem): PublicUser => ({ _id, username, email, role });

/** Creates a user, claiming the email in the same transaction; 409 when the email is taken. */
export async function createUser(input: { username: string; email: string; role: Role; passwordHash: string }): Promise<PublicUser> {
  const user: UserItem = { _id: randomUUID(), ...input };
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...emailKey(user.email), entity: 'email', userId: user._id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...userKey(user._id),
                gsi1pk: 'USERS',
                gsi1sk: `${user.username.toLowerCase()}#${user._id}`,
                entity: 'user',
                ...user,
                createdAt: new Date().toISOString(),
              },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new HttpError(409, 'A user with this email already exists');
    throw error;
  }
  return toPublic(user);
}

/** The user holding this email (any case), with the password hash for checking a login. */
export async function findUserForLogin(email: string): Promise<UserItem | null> {
  const claim = await db.send(new GetCommand({ TableName: tableName(), Key: emailKey(email), ConsistentRead: true }));
  if (!claim.Item) return null;
  const user = await db.send(new GetCommand({ TableName: tableName(), Key: userKey(claim.Item.userId as string), ConsistentRead: true }));
  return (user.Item as UserItem | undefined) ?? null;
}

export async function getUser(id: string): Promise<PublicUser | null> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: userKey(id), ConsistentRead: true }));
  return result.Item ? toPublic(result.Item as UserItem) : null;
}

/** All users, ordered by username (one Query on gsi1, paged). */
export async function listUsers(): Promise<PublicUser[]> {
  const items = await queryAll<UserItem>({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :users',
    ExpressionAttributeValues: { ':users': 'USERS' },
  });
  return items.map(toPublic);
}

/** Deletes the profile and frees the email in one transaction; false when there was no such user. */
export async function deleteUserProfile(user: PublicUser): Promise<boolean> {
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: tableName(), Key: userKey(user._id), ConditionExpression: 'attribute_exists(pk)' } },
          { Delete: { TableName: tableName(), Key: emailKey(user.email) } },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Used by seeding and create-admin: whether an email is already taken. */
export async function emailTaken(email: string): Promise<boolean> {
  const claim = await db.send(new GetCommand({ TableName: tableName(), Key: emailKey(email), ConsistentRead: true }));
  return claim.Item !== undefined;
}
