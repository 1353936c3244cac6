import { BatchGetCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './db';
import type { Key } from './keys';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PARALLEL_REQUESTS = 4;

type WriteRequest = { DeleteRequest: { Key: Key } } | { PutRequest: { Item: Record<string, unknown> } };

/** Sends up to 25 writes in one BatchWriteItem, retrying unprocessed ones with backoff until none are left. */
async function writeChunk(chunk: WriteRequest[]): Promise<void> {
  let requests = chunk;
  for (let attempt = 0; requests.length > 0; attempt++) {
    if (attempt > 8) throw new Error('BatchWriteItem kept returning unprocessed items');
    if (attempt > 0) await sleep(Math.min(1000, 25 * 2 ** attempt));
    const result = await db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
    requests = (result.UnprocessedItems?.[tableName()] ?? []) as WriteRequest[];
  }
}

/** Sends all the writes, 25 per request and a few requests at a time (no conditions: BatchWriteItem has none). */
async function batchWrite(requests: WriteRequest[]): Promise<void> {
  const chunks: WriteRequest[][] = [];
  for (let start = 0; start < requests.length; start += 25) chunks.push(requests.slice(start, start + 25));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) await writeChunk(chunks[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_REQUESTS, chunks.length) }, worker));
}

/** Deletes all the keys, 25 per request and a few requests at a time. */
export const batchDelete = (keys: Key[]): Promise<void> => batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));

/** Puts all the items unconditionally, 25 per request and a few requests at a time. */
export const batchPut = (items: Record<string, unknown>[]): Promise<void> => batchWrite(items.map((Item) => ({ PutRequest: { Item } })));

/** Items by key (strongly consistent), 100 per BatchGetItem, retrying unprocessed keys. */
export async function batchGet<T>(wanted: Key[]): Promise<T[]> {
  const keys = [...new Map(wanted.map((key) => [`${key.pk}\n${key.sk}`, key])).values()];
  const items: T[] = [];
  for (let start = 0; start < keys.length; start += 100) {
    let pending: Key[] = keys.slice(start, start + 100);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 8) throw new Error('BatchGetItem kept returning unprocessed keys');
      if (attempt > 0) await sleep(Math.min(1000, 25 * 2 ** attempt));
      const result = await db.send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } }));
      items.push(...((result.Responses?.[tableName()] ?? []) as T[]));
      pending = (result.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Key[];
    }
  }
  return items;
}
