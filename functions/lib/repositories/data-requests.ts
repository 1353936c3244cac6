import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { UserRef } from '@shared/schemas/attendance';
import { DATA_READY_DAYS, type DataRequest } from '@shared/schemas/student-data';
import { db, queryAll, tableName } from '../db';
import { dataRequest, openDataRequestEntry, openDataRequests } from '../entities/data-request';
import { EXISTS, IS_NEW, put, transact } from '../writes';

/**
 * Requests for a student's data (functions/lib/entities/data-request.ts): each a single conditional write of the
 * student's one item, so requests and fulfilments at once find each other's writes.
 */
type Who = UserRef & { role: string };
type Stored = DataRequest & { pk: string; sk: string; entity: string; gsi1pk?: string; gsi1sk?: string };

const requestOf = ({ pk: _pk, sk: _sk, entity: _e, gsi1pk: _gpk, gsi1sk: _gsk, ...request }: Stored): DataRequest => request;

export async function getDataRequest(studentid: string): Promise<DataRequest | null> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: dataRequest(studentid), ConsistentRead: true }));
  return Item ? requestOf(Item as Stored) : null;
}

/** Whether the student and their guardians may download the export now. */
export const isReady = (request: DataRequest | null, now = new Date()): boolean =>
  request?.status === 'ready' && !!request.readyUntil && request.readyUntil > now.toISOString();

const itemOf = (request: DataRequest) => ({
  ...dataRequest(request.studentid),
  entity: 'dataRequest',
  ...request,
  ...(request.status === 'requested' ? openDataRequestEntry(request.requestedAt) : {}),
});

/**
 * Opens a request for the student's data; the one open (requested, or ready and not run out) answers as it is.
 * `created`: whether this call opened it (requests at once: one opens it, the rest find it and change nothing).
 */
export async function openDataRequest(studentid: string, by: Who, now = new Date()): Promise<{ request: DataRequest; created: boolean }> {
  const request: DataRequest = { studentid, status: 'requested', requestedAt: now.toISOString(), requestedBy: by };
  // A request is open while it has no `readyUntil`, or until that time.
  const failed = await transact({ request: put(itemOf(request), `${IS_NEW} OR readyUntil <= :at`, { ':at': request.requestedAt }) });
  if (!failed) return { request, created: true };
  return { request: (await getDataRequest(studentid))!, created: false };
}

/** Fulfils the open request: ready for DATA_READY_DAYS, off the admins' list. Null when there is none open. */
export async function fulfilDataRequest(studentid: string, by: Who, now = new Date()): Promise<DataRequest | null> {
  const open = await getDataRequest(studentid);
  if (open?.status !== 'requested') return null;
  const readyUntil = new Date(now.getTime() + DATA_READY_DAYS * 86_400_000).toISOString();
  const ready: DataRequest = { ...open, status: 'ready', fulfilledAt: now.toISOString(), fulfilledBy: by, readyUntil };
  // Still the request read: not fulfilled by another admin meanwhile, nor made again.
  const failed = await transact({
    request: put(itemOf(ready), `${EXISTS} AND attribute_not_exists(readyUntil) AND requestedAt = :at`, { ':at': open.requestedAt }),
  });
  return failed ? null : ready;
}

/** The open requests, oldest first (one Query of gsi1). */
export async function listOpenDataRequests(): Promise<DataRequest[]> {
  return (await queryAll<Stored>(openDataRequests(), {})).map(requestOf);
}
