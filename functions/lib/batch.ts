import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './db';

type Key = Record<string, unknown>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Deletes the keys 25 at a time, retrying unprocessed items with backoff until none are left. */
export async function batchDelete(keys: Key[]): Promise<void> {
  for (let start = 0; start < keys.length; start += 25) {
    let requests = keys.slice(start, start + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 0) await sleep(Math.min(1000, 25 * 2 ** attempt));
      if (attempt > 8) throw new Error('BatchWriteItem kept returning unprocessed items');
      const result = await db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = (result.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
    }
  }
}
