import { allOnIndex, type Key, type KeyCondition } from '../keys';

/*
 * A request for a student's data (docs/product.md §2.21): one per student, the latest. While open it is listed for
 * admins on gsi1 (oldest first); fulfilled, it leaves the list and lets the student and their guardians download
 * the export until `readyUntil`.
 */

export const dataRequest = (studentid: string): Key => ({ pk: `DATAREQ#${studentid}`, sk: 'DATAREQ' });
export const openDataRequestEntry = (requestedAt: string) => ({ gsi1pk: 'DATAREQS', gsi1sk: requestedAt });
export const openDataRequests = (): KeyCondition => allOnIndex('DATAREQS');

/** Every request's partition (the IAM grants). */
export const DATA_REQUEST_PARTITIONS = 'DATAREQ#*';
