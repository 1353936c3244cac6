import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UserRef } from '@shared/schemas/attendance';
import { newCheckInSecret } from '../check-in/codes';
import { db, queryAll, tableName } from '../db';
import {
  checkIn,
  checkInId,
  checkInsOfGroupDay,
  deviceCheckIn,
  studentCheckIn,
  studentCheckInIndex,
  studentCheckInsOf,
  type CheckInClass,
} from '../entities/check-in';
import { withClassKind, withStoredKind, type WithStoredKind } from '../entities/stored-kind';
import { check, EXISTS, IS_NEW, put, transact } from '../writes';

/*
 * Check-in's items (functions/lib/entities/check-in.ts): a class's check-in, opened and closed by its teacher,
 * and the students checked in. Every write is one conditional put or update: concurrent requests find each
 * other's writes, never overwrite them.
 */

/** Why a check-in is looked at twice: a device two students used, a student on two devices, from outside the college's networks. */
export type CheckInFlag = 'sharedDevice' | 'twoDevices' | 'outside';

export interface StoredCheckIn extends CheckInClass {
  _id: string;
  secret: string;
  openedBy: UserRef;
  openedAt: string;
  /** When it ends by itself (the class's end and the margin, shared/schemas/check-in.ts). */
  closesAt: string;
  /** From when a check-in is late (the class's start and the settings' minutes); none: never late. */
  lateFrom?: string;
  /** Set once closed; a reopened check-in has none. */
  closedAt?: string;
}

export interface StudentCheckIn {
  studentid: string;
  at: string;
  deviceHash: string;
  flags: CheckInFlag[];
}

type CheckInItem = WithStoredKind<StoredCheckIn> & { pk: string; sk: string; entity: string };
const storedOf = ({ pk: _pk, sk: _sk, entity: _entity, ...stored }: CheckInItem): StoredCheckIn => withClassKind(stored);
const OPEN = 'attribute_exists(pk) AND attribute_not_exists(closedAt) AND closesAt > :now';

/** Whether students may check in at `now`: not closed, not past its end. */
export const isOpen = (stored: StoredCheckIn, now: Date): boolean => !stored.closedAt && now.toISOString() < stored.closesAt;

export async function getCheckIn(c: CheckInClass): Promise<StoredCheckIn | null> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: checkIn(c), ConsistentRead: true }));
  if (!Item) return null;
  return storedOf(Item as CheckInItem);
}

/**
 * Opens the class's check-in: made with a new secret the first time, reopened (same secret, so the screen's
 * code stays valid; its end and late time as the settings say now) after a close. Teachers opening it at once
 * all get the one check-in.
 */
export async function openCheckIn(
  c: CheckInClass,
  by: UserRef,
  { closesAt, lateFrom }: { closesAt: string; lateFrom: string | null },
  now = new Date(),
): Promise<StoredCheckIn> {
  const made: StoredCheckIn = {
    ...c,
    _id: checkInId(c),
    secret: newCheckInSecret(),
    openedBy: by,
    openedAt: now.toISOString(),
    closesAt,
    ...(lateFrom ? { lateFrom } : {}),
  };
  const failed = await transact({ checkIn: put({ ...checkIn(c), entity: 'checkIn', ...withStoredKind(made) }, IS_NEW) });
  if (!failed) return made;
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: checkIn(c),
      UpdateExpression: lateFrom
        ? 'SET closesAt = :closesAt, lateFrom = :lateFrom REMOVE closedAt'
        : 'SET closesAt = :closesAt REMOVE closedAt, lateFrom',
      ConditionExpression: EXISTS,
      ExpressionAttributeValues: { ':closesAt': closesAt, ...(lateFrom ? { ':lateFrom': lateFrom } : {}) },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return storedOf(Attributes as CheckInItem);
}

/** Closes it: check-ins are refused from then on (those already in stay). False when it was never opened. */
export async function closeCheckIn(c: CheckInClass, now = new Date()): Promise<boolean> {
  const failed = await transact({
    checkIn: {
      Update: {
        TableName: tableName(),
        Key: checkIn(c),
        UpdateExpression: 'SET closedAt = if_not_exists(closedAt, :now)',
        ConditionExpression: EXISTS,
        ExpressionAttributeValues: { ':now': now.toISOString() },
      },
    },
  });
  return failed === null;
}

export type CheckInOutcome = 'checkedIn' | 'alreadyCheckedIn' | 'deviceTaken' | 'closed';

/**
 * Records a student's check-in from a device, in one transaction with the device's claim and a check that the
 * check-in is open; `flags` start it flagged (from outside the college's networks). The same student again from
 * the same device changes nothing; from another device, their check-in is flagged. Another student on a device
 * already used is refused, and the first student flagged.
 */
export async function recordCheckIn(
  c: CheckInClass,
  studentid: string,
  deviceHash: string,
  { flags = [], now = new Date() }: { flags?: CheckInFlag[]; now?: Date } = {},
): Promise<CheckInOutcome> {
  const failed = await transact({
    open: check(checkIn(c), OPEN, { ':now': now.toISOString() }),
    device: put({ ...deviceCheckIn(c, deviceHash), entity: 'checkInDevice', studentid }, 'attribute_not_exists(pk) OR studentid = :me', {
      ':me': studentid,
    }),
    student: put(
      {
        ...studentCheckIn(c, studentid),
        ...studentCheckInIndex(studentid, now.toISOString()),
        entity: 'studentCheckIn',
        studentid,
        deviceHash,
        at: now.toISOString(),
        ...(flags.length ? { flags: new Set(flags) } : {}),
      },
      IS_NEW,
    ),
  });
  if (failed === 'open') return 'closed';
  if (failed === 'device') {
    const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: deviceCheckIn(c, deviceHash), ConsistentRead: true }));
    if (Item) await flag(c, String(Item.studentid), 'sharedDevice');
    return 'deviceTaken';
  }
  if (failed === 'student') {
    const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: studentCheckIn(c, studentid), ConsistentRead: true }));
    if (Item && Item.deviceHash !== deviceHash) await flag(c, studentid, 'twoDevices');
    return 'alreadyCheckedIn';
  }
  return 'checkedIn';
}

const flag = (c: CheckInClass, studentid: string, why: CheckInFlag) =>
  db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: studentCheckIn(c, studentid),
      UpdateExpression: 'ADD flags :why',
      ConditionExpression: EXISTS,
      ExpressionAttributeValues: { ':why': new Set([why]) },
    }),
  );

/** The check-ins of these groups' day that students may check in to at `now`. */
export async function openCheckInsOf(date: string, groupids: string[], now: Date): Promise<StoredCheckIn[]> {
  const found = await Promise.all(
    groupids.map((groupid) => queryAll<CheckInItem>(checkInsOfGroupDay(date, groupid), { ConsistentRead: true })),
  );
  return found
    .flat()
    .filter((item) => item.entity === 'checkIn')
    .map(storedOf)
    .filter((stored) => isOpen(stored, now));
}

/** The students checked in, in the order they came. */
export async function studentCheckIns(c: CheckInClass): Promise<StudentCheckIn[]> {
  const items = await queryAll<StudentCheckIn & { flags?: Set<CheckInFlag> }>(studentCheckInsOf(c), { ConsistentRead: true });
  return items
    .map(({ studentid, at, deviceHash, flags }) => ({ studentid, at, deviceHash, flags: [...(flags ?? [])].sort() }))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
