import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db';
import { Conflict, Invalid } from '../domain-errors';
import { studentById, type StudentItem } from '../entities/student';
import * as keys from '../keys';
import { emailClaim, userProfile } from '../entities/user';
import { EXISTS, IS_NEW, isConditionFailure, put, remove, transact, update, type TransactItem } from '../writes';
import { INFORMED_BY, type GuardianInformed } from '@shared/minors';

/**
 * Accounts of students and guardians (docs/product.md §4): a profile like a staff user's (userProfile,
 * left out of the users list) and the claim of its email (emailClaim, one account per address), with no
 * password: they sign in by an emailed link or the college's Google or Microsoft account. A student's
 * account has the student's id; a guardian's lists the students whose records named its email when linked
 * (studentIds). The records decide access, at every request: see studentsOfAccount.
 */
export type FamilyRole = 'student' | 'guardian';

export interface AccountItem {
  _id: string;
  username: string;
  email: string;
  role: FamilyRole;
  /** A guardian's children, as linked; each one counts only while its record still names this email. */
  studentIds?: Set<string>;
  invitedAt?: string;
}

export const ACCOUNT_MESSAGES = {
  emailTaken: 'This email address is already used by another SAMS account',
  noEmail: 'This student has no email address to sign in with',
} as const;

async function getItem<T>(Key: keys.Key): Promise<T | null> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
  return (result.Item as T | undefined) ?? null;
}

async function accountOfEmail(email: string): Promise<AccountItem | null> {
  const claim = await getItem<{ userId: string }>(emailClaim(email));
  return claim ? getItem<AccountItem>(userProfile(claim.userId)) : null;
}

/**
 * The account of a student, opened with its email claim; the one already open when it is there.
 * Conflict when the address is another account's (a staff user's, another student's, a guardian's).
 */
export async function openStudentAccount(student: Pick<StudentItem, '_id' | 'name' | 'email'>, now = new Date()): Promise<AccountItem> {
  if (!student.email) throw new Invalid(ACCOUNT_MESSAGES.noEmail);
  const account: AccountItem = { _id: student._id, username: student.name, email: student.email.toLowerCase(), role: 'student' };
  return openAccount(account, now, (existing) => existing._id === student._id);
}

/** A guardian's account for this address, opened or found, with the student linked to it. Conflict as above. */
export async function openGuardianAccount(
  contact: { name: string; email: string },
  studentId: string,
  now = new Date(),
): Promise<AccountItem> {
  const existing = await accountOfEmail(contact.email);
  if (existing && existing.role !== 'guardian') throw new Conflict(ACCOUNT_MESSAGES.emailTaken);
  const account: AccountItem = existing ?? {
    _id: randomUUID(),
    username: contact.name,
    email: contact.email.toLowerCase(),
    role: 'guardian',
  };
  const opened = existing ?? (await openAccount(account, now, (other) => other.role === 'guardian'));
  await linkChild(opened._id, studentId);
  return { ...opened, studentIds: new Set([...(opened.studentIds ?? []), studentId]) };
}

async function openAccount(account: AccountItem, now: Date, isSame: (existing: AccountItem) => boolean): Promise<AccountItem> {
  for (let round = 0; round < 2; round++) {
    const failed = await transact({
      claim: put({ ...emailClaim(account.email), entity: 'email', userId: account._id }, IS_NEW),
      profile: put({ ...userProfile(account._id), entity: 'user', ...account, invitedAt: now.toISOString() }, IS_NEW),
    });
    if (!failed) return { ...account, invitedAt: now.toISOString() };
    const existing = await accountOfEmail(account.email);
    if (existing && isSame(existing)) return existing;
    // The address is held by the account of a student whose record went or names another address now: it is freed.
    if (!existing || (await studentsOfAccount(existing)).length || !(await freed(existing))) break;
  }
  throw new Conflict(ACCOUNT_MESSAGES.emailTaken);
}

/** Removes a student's or guardian's account that no record names any more, with its email claim; false when it changed meanwhile. */
async function freed(stale: AccountItem): Promise<boolean> {
  const failed = await transact({
    claim: remove(emailClaim(stale.email), 'userId = :id', { ':id': stale._id }),
    profile: remove(userProfile(stale._id), 'email = :email', { ':email': stale.email }),
  });
  return failed === null;
}

/**
 * The writes that move a student's account to the new address of their record, in the transaction that changes
 * the record (the old address freed, the new one claimed: a failed 'account' write means another account holds
 * it); none when the student has no account.
 */
export async function accountEmailMove(studentId: string, email: string): Promise<TransactItem[]> {
  const account = await getItem<AccountItem>(userProfile(studentId));
  const to = email.toLowerCase();
  if (account?.role !== 'student' || account.email === to) return [];
  return [
    remove(emailClaim(account.email), 'userId = :id', { ':id': studentId }),
    put({ ...emailClaim(to), entity: 'email', userId: studentId }, IS_NEW),
    update(userProfile(studentId), { email: to }),
  ];
}

async function linkChild(guardianId: string, studentId: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userProfile(guardianId),
      UpdateExpression: 'ADD studentIds :id',
      ConditionExpression: EXISTS,
      ExpressionAttributeValues: { ':id': new Set([studentId]) },
    }),
  );
}

/**
 * Records on a student's item that the guardian of this address was informed, and how (docs/product.md §2.6: a
 * minor's guardians): one key of its `guardiansInformed` map set, so that sends to its other guardians at the same
 * moment are all kept; never on a student deleted meanwhile (false then). The map is created by the first record
 * (a record made on a missing map creates it; one that finds it created meanwhile sets its key in it instead).
 */
export async function noteGuardianInformed(studentId: string, email: string, at: Date, how: GuardianInformed['how'] = INFORMED_BY) {
  const informed: GuardianInformed = { at: at.toISOString(), how };
  const key = email.toLowerCase();
  const writes = [
    {
      UpdateExpression: 'SET guardiansInformed.#email = :informed',
      ConditionExpression: `${EXISTS} AND attribute_exists(guardiansInformed)`,
      ExpressionAttributeNames: { '#email': key },
      ExpressionAttributeValues: { ':informed': informed },
    },
    {
      UpdateExpression: 'SET guardiansInformed = :map',
      ConditionExpression: `${EXISTS} AND attribute_not_exists(guardiansInformed)`,
      ExpressionAttributeValues: { ':map': { [key]: informed } },
    },
  ];
  // Key, else map, else (another record created the map meanwhile) key again: each only while the student exists.
  for (const write of [writes[0]!, writes[1]!, writes[0]!]) {
    try {
      await db.send(new UpdateCommand({ TableName: tableName(), Key: studentById(studentId), ...write }));
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return false;
}

/**
 * Erasure (docs/product.md §2.21): the student's own account goes with its email claim (its login sessions are the
 * caller's to end), and each guardian's account no longer lists the student. Whether the student had an account.
 */
export async function removeStudentAccount(student: Pick<StudentItem, '_id' | 'guardians'>): Promise<boolean> {
  const account = await getItem<AccountItem>(userProfile(student._id));
  for (const contact of student.guardians ?? []) {
    const guardian = contact.email ? await accountOfEmail(contact.email) : null;
    if (guardian?.role === 'guardian') await unlinkChild(guardian._id, student._id);
  }
  if (account?.role !== 'student') return false;
  await transact({
    claim: remove(emailClaim(account.email), 'userId = :id', { ':id': student._id }),
    profile: remove(userProfile(student._id)),
  });
  return true;
}

async function unlinkChild(guardianId: string, studentId: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userProfile(guardianId),
      UpdateExpression: 'DELETE studentIds :id',
      ExpressionAttributeValues: { ':id': new Set([studentId]) },
      ConditionExpression: EXISTS,
    }),
  );
}

type GuardedRecord = Pick<StudentItem, '_id' | 'email'> & { guardians?: readonly { email?: string }[] };

/** Whether a record still names this account: its own email for a student, a guardian contact's for a guardian. */
export const recordNames = (record: GuardedRecord, account: { role: FamilyRole; email: string }): boolean =>
  account.role === 'student'
    ? record.email?.toLowerCase() === account.email
    : (record.guardians ?? []).some((contact) => contact.email?.toLowerCase() === account.email);

/** A student an account reaches, as its holder sees them named. */
export interface ReachedStudent {
  _id: string;
  name: string;
}

/**
 * The students a student's or guardian's account reaches now, by name: the records that exist and still name
 * its email. None once a record is deleted, its email changed or its guardian contact removed: access ends.
 */
export async function studentsOfAccount(account: { _id: string; role: FamilyRole; email: string }): Promise<ReachedStudent[]> {
  let ids = [account._id];
  if (account.role === 'guardian') {
    ids = [...((await getItem<AccountItem>(userProfile(account._id)))?.studentIds ?? [])];
  }
  if (!ids.length) return [];
  // Straight from the table, one GetItem per child (a family has few): the students' repository would bring its
  // writes into every Lambda, BatchGetItem a permission each, and this runs in every request's authorization.
  const records = await Promise.all(ids.map((id) => getItem<StudentItem>(studentById(id))));
  return records
    .filter((record): record is StudentItem => record !== null && recordNames(record, account))
    .map(({ _id, name }) => ({ _id, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A student's or guardian's students as the signed-in user carries them: their ids, and by name. */
export const withStudents = <U extends object>(user: U, students: ReachedStudent[] | undefined) =>
  students ? { ...user, studentIds: students.map(({ _id }) => _id), students } : user;
