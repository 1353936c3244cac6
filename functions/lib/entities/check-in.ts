import type { ClassKind } from '@shared/schemas/wire-names';
import { decodeId, encodeId } from '../item-ids';
import { allOnIndex, beginsWith, type Key, type KeyCondition } from '../keys';
import { kindOfStored, storedKind } from './stored-kind';

/*
 * Check-in (docs/product.md §2.18), in the partition of its group's day: the class's check-in item (its secret,
 * whether it is open, who opened it), and beside it one item per student checked in and one per device used,
 * each written once by a conditional put: 200 students checking in at once write 400 separate items, never one
 * hot item read, changed and written back.
 */

/** A class of a day: what a check-in is for. */
export interface CheckInClass {
  date: string;
  groupid: string;
  courseid: string;
  slotid: string;
  classKind: ClassKind;
}

const partition = (c: Pick<CheckInClass, 'date' | 'groupid'>) => `CHECKIN#${c.date}#${c.groupid}`;
const classPrefix = (c: CheckInClass) => `CLASS#${c.courseid}#${c.slotid}#${storedKind(c.classKind)}`;

export const checkIn = (c: CheckInClass): Key => ({ pk: partition(c), sk: classPrefix(c) });
/** The open (and closed) check-ins of a group's day: one Query per group. */
export const checkInsOfGroupDay = (date: string, groupid: string): KeyCondition => beginsWith(partition({ date, groupid }), 'CLASS#');
export const studentCheckIn = (c: CheckInClass, studentid: string): Key => ({
  pk: partition(c),
  sk: `${classPrefix(c)}#STUDENT#${studentid}`,
});
/** A student's check-ins on gsi1, by moment: their data export and erasure find them without reading each day. */
export const studentCheckInIndex = (studentid: string, at: string) => ({ gsi1pk: `CHECKINOF#${studentid}`, gsi1sk: at });
export const checkInsOfStudent = (studentid: string): KeyCondition => allOnIndex(`CHECKINOF#${studentid}`);
export const studentCheckInsOf = (c: CheckInClass): KeyCondition => beginsWith(partition(c), `${classPrefix(c)}#STUDENT#`);
/** The device a check-in came from (a hash of the key the phone made at sign-in): one student per device and class. */
export const deviceCheckIn = (c: CheckInClass, deviceHash: string): Key => ({
  pk: partition(c),
  sk: `${classPrefix(c)}#DEVICE#${deviceHash}`,
});

/** The class of a student's check-in item, from its key (`CHECKIN#date#group`, `CLASS#course#slot#kind#STUDENT#id`). */
export function checkInClassOfKey({ pk, sk }: Key): CheckInClass {
  const [, date, groupid] = pk.split('#') as [string, string, string];
  const [, courseid, slotid, code] = sk.split('#') as [string, string, string, string];
  return { date, groupid, courseid, slotid, classKind: kindOfStored(Number(code)) };
}

/** The partitions check-in writes (infra/table-access.ts). */
export const CHECK_IN_PARTITIONS = ['CHECKIN#*'];

/** A check-in's id: its class, encoded (the id alone finds the item). */
export const checkInId = (c: CheckInClass): string => encodeId([c.date, c.groupid, c.courseid, c.slotid, storedKind(c.classKind)]);
export function checkInClassOfId(id: string): CheckInClass | null {
  const parts = decodeId(id, 5, [0, 1, 2, 3]);
  if (!parts || (parts[4] !== 1 && parts[4] !== 2)) return null;
  const [date, groupid, courseid, slotid, code] = parts as [string, string, string, string, 1 | 2];
  return { date, groupid, courseid, slotid, classKind: kindOfStored(code) };
}
