import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { OnLeave } from '@shared/answers/leave';
import type { AttendanceStatus } from '@shared/schemas/attendance';
import type { LeaveStatus } from '@shared/schemas/leave';
import { addDays } from '@shared/dates';
import { db, queryAll, tableName } from '../db';
import {
  leaveApplication,
  leaveDay,
  leaveItem,
  leaveListEntry,
  leaveLock,
  leavePlaceOfId,
  leaveRecordOf,
  leavesListed,
  onLeaveEntry,
  onLeaveOf,
  storedOnLeave,
  type LeavePlace,
  type LeaveRecord,
  type StoredLeaveRecord,
  type StoredOnLeave,
} from '../entities/leave';
import type { Key } from '../keys';
import { IS_NEW, put, transact, type TransactItem } from '../writes';

/** Leave applications as stored (functions/lib/entities/leave.ts: keys, id, shape). */
export type { LeaveRecord };

/** The application with this `_id`, or null (one consistent GetItem). */
export async function getLeave(id: string): Promise<LeaveRecord | null> {
  const place = leavePlaceOfId(id);
  if (!place) return null;
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: leaveApplication(place), ConsistentRead: true }));
  return result.Item ? leaveRecordOf(result.Item as StoredLeaveRecord) : null;
}

/** A student's applications and their lock's version (0: none yet), in one consistent Query of their partition. */
export async function leavesOfStudent(studentid: string): Promise<{ records: LeaveRecord[]; lockVersion: number }> {
  const lock = leaveLock(studentid);
  const items = await queryAll<StoredLeaveRecord & Key & { version: number }>(
    { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': lock.pk } },
    { ConsistentRead: true },
  );
  const lockItem = items.find((item) => item.sk === lock.sk);
  const records = items.filter((item) => item.sk !== lock.sk).map(leaveRecordOf);
  return { records: records.sort((a, b) => (a.from === b.from ? 0 : a.from < b.from ? 1 : -1)), lockVersion: lockItem?.version ?? 0 };
}

/**
 * Stores a new application while the student's lock is still at `lockVersion` (moving it on): false, writing
 * nothing, when another application of the student was stored since it was read.
 */
export async function storeApplication(record: LeaveRecord, lockVersion: number): Promise<boolean> {
  const failed = await transact({
    lock: put(
      { ...leaveLock(record.studentid), entity: 'leaveLock', version: lockVersion + 1 },
      lockVersion === 0 ? IS_NEW : 'version = :read',
      lockVersion === 0 ? undefined : { ':read': lockVersion },
    ),
    application: put(leaveItem(record), IS_NEW),
  });
  return failed === null;
}

/** The college's applications of a status (one division's, when given), oldest first day first. */
export async function listLeaves(status: LeaveStatus, divisionid?: string): Promise<LeaveRecord[]> {
  return (await queryAll<StoredLeaveRecord>(leavesListed(status, divisionid))).map(leaveRecordOf);
}

/**
 * Moves an application to its next state (`after`: status, history, applying) while it is still at the version
 * read, with `with` (its days of leave) in the same transaction. Its `applied` map is never rewritten here: the
 * classes set meanwhile are kept. False when someone else moved it first.
 */
export async function saveStep(before: LeaveRecord, after: LeaveRecord, withWrites: TransactItem[] = []): Promise<boolean> {
  const failed = await transact({
    application: {
      Update: {
        TableName: tableName(),
        Key: leaveApplication(before),
        UpdateExpression: 'SET #status = :status, history = :history, applying = :applying, version = :next, gsi1sk = :listed',
        ConditionExpression: 'attribute_exists(pk) AND version = :read',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': after.status,
          ':history': after.history,
          ':applying': after.applying,
          ':next': before.version + 1,
          ':read': before.version,
          ':listed': leaveListEntry(after).gsi1sk,
        },
      },
    },
    days: withWrites,
  });
  return failed === null;
}

/** Marks the application's classes as all set (or all restored). */
export async function finishApplying(record: LeaveRecord): Promise<void> {
  await transact({
    application: setOnLeave(record, 'SET applying = :no', { ':no': false }, '#status = :status', { ':status': record.status }),
  });
}

/** The update of an application's `applied` map: one class session set by it (with the status it replaced), or restored. */
export const appliedWrite = (record: LeavePlace, sessionId: string, replaced: AttendanceStatus | null): TransactItem =>
  replaced === null
    ? setOnLeave(record, 'REMOVE applied.#sid', {}, 'attribute_exists(applied.#sid)', {}, sessionId)
    : setOnLeave(
        record,
        'SET applied.#sid = :replaced',
        { ':replaced': replaced },
        '#status = :approved AND attribute_not_exists(applied.#sid)',
        { ':approved': 'approved' },
        sessionId,
      );

function setOnLeave(
  record: LeavePlace,
  expression: string,
  values: Record<string, unknown>,
  condition: string,
  conditionValues: Record<string, unknown>,
  sessionId?: string,
): TransactItem {
  const names: Record<string, string> = { ...(condition.includes('#status') ? { '#status': 'status' } : {}) };
  if (sessionId) names['#sid'] = sessionId;
  const allValues = { ...values, ...conditionValues };
  return {
    Update: {
      TableName: tableName(),
      Key: leaveApplication(record),
      UpdateExpression: expression,
      ConditionExpression: `attribute_exists(pk) AND ${condition}`,
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ...(Object.keys(allValues).length ? { ExpressionAttributeValues: allValues } : {}),
    },
  };
}

// Days of leave: each approved leave on each of its days, in the division (lectures) and the batch (labs).

const ENTRY_PREFIX = 'leave#';

/** The days and groups an approved leave sits on: whole days in both groups, chosen classes in the group of their kind. */
export function leaveDays(record: LeaveRecord): { groupid: string; date: string }[] {
  if (record.classes) {
    const places = record.classes.map((one) => ({
      groupid: one.classKind === 'lecture' ? record.divisionid : record.batchid,
      date: one.date,
    }));
    return [...new Map(places.map((place) => [`${place.groupid}#${place.date}`, place])).values()];
  }
  const days: { groupid: string; date: string }[] = [];
  for (let date = record.from; date <= record.to; date = addDays(date, 1)) {
    days.push({ groupid: record.divisionid, date }, { groupid: record.batchid, date });
  }
  return days;
}

/** Puts the approved leave on its days (approval), or takes it off (revocation); each day's version moves. */
export const leaveDayWrites = (record: LeaveRecord, on: boolean): TransactItem[] =>
  leaveDays(record).map(({ groupid, date }) => ({
    Update: {
      TableName: tableName(),
      Key: leaveDay(groupid, date),
      UpdateExpression: on ? 'SET #entry = :entry, entity = :entity ADD version :one' : 'REMOVE #entry ADD version :one',
      ExpressionAttributeNames: { '#entry': `${ENTRY_PREFIX}${record._id}` },
      ExpressionAttributeValues: {
        ':one': 1,
        ...(on ? { ':entry': storedOnLeave(onLeaveEntry(record, date)), ':entity': 'leaveDay' } : {}),
      },
    },
  }));

/** Who of a group is on approved leave on a day, and the day's version (0: no leave ever): one GetItem. */
export async function onLeaveOn(groupid: string, date: string): Promise<{ entries: OnLeave[]; version: number }> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: leaveDay(groupid, date), ConsistentRead: true }));
  const item = (result.Item ?? {}) as Record<string, unknown>;
  const entries = Object.entries(item)
    .filter(([name]) => name.startsWith(ENTRY_PREFIX))
    .map(([, entry]) => onLeaveOf(entry as StoredOnLeave));
  return { entries, version: (item.version as number | undefined) ?? 0 };
}

/** The condition a mark stores its class session under: the group's day of leave is still as the mark read it. */
export const leaveDayUnchanged = (groupid: string, date: string, version: number): TransactItem => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: leaveDay(groupid, date),
    ConditionExpression: version === 0 ? 'attribute_not_exists(version)' : 'version = :read',
    ...(version === 0 ? {} : { ExpressionAttributeValues: { ':read': version } }),
  },
});
