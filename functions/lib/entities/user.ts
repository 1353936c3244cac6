import { allOnIndex, hashed, type Key, type KeyCondition } from '../keys';

/**
 * A user's keys (functions/lib/repositories/users.ts): the profile under the user's partition, listed by username
 * on gsi1; the claim that gives an email address (lower-cased) to one user; and its look-alike claims
 * (functions/lib/lookalike-claims.ts). The user's login sessions share the partition (./login-session.ts).
 */
export const userPartition = (userId: string): string => `USER#${userId}`;
export const userProfile = (userId: string): Key => ({ pk: userPartition(userId), sk: 'PROFILE' });
/** The user's place in the user list (gsi1), ordered by username. */
export const userListEntry = (user: { _id: string; username: string }) => ({
  gsi1pk: 'USERS',
  gsi1sk: `${user.username.toLowerCase()}#${user._id}`,
});
export const allUsers = (): KeyCondition => allOnIndex('USERS');
/** Claims an email address (any case) for one user. */
export const emailClaim = (email: string): Key => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' });
/** Claims one look-alike key of an email (shared/text/lookalike.ts) for one user. */
export const emailLookalikeClaim = (lookalike: string): Key => ({ pk: `EMAILALIKE#${hashed(lookalike)}`, sk: 'EMAILALIKE' });
