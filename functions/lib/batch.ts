import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './db';

type Key = Record<string, unknown>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PARALLEL_REQUESTS = 4;

/** Deletes 25 keys in one BatchWriteItem, retrying unprocessed items with backoff until none are left. */
async function deleteChunk(keys: Key[]): Promise<void> {
  let requests = keys.map((Key) => ({ DeleteRequest: { Key } }));
  for (let attempt = 0; requests.length > 0; attempt++) {
    if (attempt > 8) throw new Error('BatchWriteItem kept returning unprocessed items');
    if (attempt > 0) await sleep(Math.min(1000, 25 * 2 ** attempt));
    const result = await db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
    requests = (result.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
  }
}

/** Deletes all the keys, 25 per request and a few requests at a time. */
export async function batchDelete(keys: Key[]): Promise<void> {
  const chunks: Key[][] = [];
  for (let start = 0; start < keys.length; start += 25) chunks.push(keys.slice(start, start + 25));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) await deleteChunk(chunks[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_REQUESTS, chunks.length) }, worker));
}
