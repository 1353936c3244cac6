import type { LeaveApplication, OnLeave } from '@shared/answers/leave';
import type { AttendanceStatus } from '@shared/schemas/attendance';
import type { LeaveStatus } from '@shared/schemas/leave';
import type { ClassKind } from '@shared/schemas/wire-names';
import { decodeId, encodeId } from '../item-ids';
import type { Key, KeyCondition } from '../keys';
import { GSI1 } from '../table-schema';
import { withClassKind, withStoredKind, type WithStoredKind } from './stored-kind';

/**
 * A leave application (docs/product.md §2.17), in its student's partition beside the student's lock: every new
 * application of a student bumps the lock's version in the same transaction, so two overlapping applications sent
 * at once cannot both be stored. On gsi1 every application sits in one list, by status, division and first day:
 * a coordinator's pending list is one Query. An approved leave also sits on each of its days in each of the
 * student's groups (division and batch): the item the marking of that group and day reads, and whose version a
 * mark checks as it is stored, so a leave approved while the class is marked is never missed.
 */
const LIST_PARTITION = 'LEAVES';

export const leaveApplication = (place: LeavePlace): Key => ({ pk: `LEAVE#${place.studentid}`, sk: `APP#${place.ref}` });
export const leavesOfStudent = (studentid: string): KeyCondition => ({
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
  ExpressionAttributeValues: { ':pk': `LEAVE#${studentid}`, ':prefix': 'APP#' },
});
/** The student's applications' lock: its version moves with each new application. */
export const leaveLock = (studentid: string): Key => ({ pk: `LEAVE#${studentid}`, sk: 'LOCK' });
/** Its place in the college's list (gsi1): by status, then division, then first day. */
export const leaveListEntry = (a: Pick<LeaveRecord, '_id' | 'status' | 'divisionid' | 'from'>) => ({
  gsi1pk: LIST_PARTITION,
  gsi1sk: `${a.status}#${a.divisionid}#${a.from}#${a._id}`,
});
/** The college's applications of one status, and of one division when given. */
export const leavesListed = (status: LeaveStatus, divisionid?: string): KeyCondition => ({
  IndexName: GSI1,
  KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
  ExpressionAttributeValues: { ':pk': LIST_PARTITION, ':prefix': `${status}#${divisionid ? `${divisionid}#` : ''}` },
});
/** The approved leaves of one group (division or batch) on one day. */
export const leaveDay = (groupid: string, date: string): Key => ({ pk: `LEAVEDAY#${groupid}`, sk: date });

/** The partitions the leave resource writes (infra/table-access.ts). */
export const LEAVE_PARTITIONS = ['LEAVE#*', 'LEAVEDAY#*'];

/** What finds an application: its student and its short reference. */
export interface LeavePlace {
  studentid: string;
  ref: string;
}
export const leaveId = (place: LeavePlace): string => encodeId([place.studentid, place.ref]);
export function leavePlaceOfId(id: string): LeavePlace | null {
  const parts = decodeId(id, 2, [0, 1]);
  return parts ? { studentid: parts[0] as string, ref: parts[1] as string } : null;
}

/** A short reference people can read out: six letters and digits that cannot be confused. */
export function newLeaveRef(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/** The stored application: what the API answers, plus the file's key and the classes it has set. */
export interface LeaveRecord extends Omit<LeaveApplication, 'classesOnLeave' | 'applying' | 'attachment'> {
  semid: string;
  attachment?: NonNullable<LeaveApplication['attachment']> & { key: string };
  /** The marked class sessions this leave has set, by id, each with the status it replaced (what revoking restores). */
  applied: Record<string, AttendanceStatus>;
  /** Approved or revoked, and the class sessions not all set yet. */
  applying: boolean;
}

// A chosen class is stored with its kind by its code (stored-kind.ts), in an application and in a day of leave.

/** A chosen class (or a class of a day of leave) as stored. */
type StoredClass<T extends { classKind: ClassKind }> = WithStoredKind<T>;
const storedClass = withStoredKind;
const classOf = withClassKind;

/** An application as stored. */
export type StoredLeaveRecord = Omit<LeaveRecord, 'classes'> & { classes?: StoredClass<NonNullable<LeaveRecord['classes']>[number]>[] };

export const leaveItem = (record: LeaveRecord) => {
  const { classes, ...rest } = record;
  return {
    ...leaveApplication(record),
    ...leaveListEntry(record),
    entity: 'leave',
    ...rest,
    ...(classes ? { classes: classes.map(storedClass) } : {}),
  };
};

export function leaveRecordOf(item: StoredLeaveRecord & Partial<Key>): LeaveRecord {
  const {
    pk: _pk,
    sk: _sk,
    gsi1pk: _gpk,
    gsi1sk: _gsk,
    entity: _entity,
    classes,
    ...record
  } = item as StoredLeaveRecord & Record<string, unknown>;
  return { ...record, ...(classes ? { classes: classes.map(classOf) } : {}) } as LeaveRecord;
}

/** The application as the API answers it. */
export function leaveApplicationOf(record: LeaveRecord): LeaveApplication {
  const { applied, attachment, semid: _semid, ...rest } = record;
  return {
    ...rest,
    ...(attachment ? { attachment: { name: attachment.name, type: attachment.type, bytes: attachment.bytes } } : {}),
    classesOnLeave: Object.keys(applied).length,
  };
}

/** The entry of one approved leave on one day of one group: what the marking form and a mark apply. */
export function onLeaveEntry(record: LeaveRecord, date: string): OnLeave {
  const classes = record.classes
    ?.filter((one) => one.date === date)
    .map(({ slotid, courseid, classKind }) => ({ slotid, courseid, classKind }));
  return {
    studentid: record.studentid,
    leaveid: record._id,
    kind: record.kind,
    status: record.countsAs,
    ...(classes ? { classes } : {}),
  };
}

/** An entry of a day of leave as stored. */
export type StoredOnLeave = Omit<OnLeave, 'classes'> & { classes?: StoredClass<NonNullable<OnLeave['classes']>[number]>[] };

/** The entry to store on a day of leave. */
export function storedOnLeave(entry: OnLeave): StoredOnLeave {
  const { classes, ...rest } = entry;
  return { ...rest, ...(classes ? { classes: classes.map(storedClass) } : {}) };
}

/** A stored entry of a day of leave as read. */
export function onLeaveOf(entry: StoredOnLeave): OnLeave {
  const { classes, ...rest } = entry;
  return { ...rest, ...(classes ? { classes: classes.map(classOf) } : {}) };
}

/** Whether a leave entry covers a class of its day: all of them, or the one chosen. */
export const coversClass = (entry: OnLeave, place: { slotid: string; courseid: string; classKind: ClassKind }): boolean =>
  !entry.classes ||
  entry.classes.some((one) => one.slotid === place.slotid && one.courseid === place.courseid && one.classKind === place.classKind);
