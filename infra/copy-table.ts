/**
 * Copies every item of one DynamoDB table into another (docs/operations.md, restoring from a
 * backup): a restored table's data back into the live one, or the reverse.
 *
 *   npm run copy-table -- --from SOURCE --to TARGET [--endpoint URL]
 *
 * Items are copied as stored (no conversion); an item of TARGET with the same key is replaced,
 * items only TARGET has are left alone. Safe to run again after a stop midway. --endpoint is
 * DynamoDB Local's address; without it, the AWS credentials and region of your shell.
 */
import { realpathSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BatchWriteItemCommand, DynamoDBClient, ScanCommand, type AttributeValue, type WriteRequest } from '@aws-sdk/client-dynamodb';
import { useLocalAwsEnvironment } from './local/dynamodb-local';

const USAGE = 'Usage: npm run copy-table -- --from SOURCE --to TARGET [--endpoint URL]';
/** BatchWriteItem's limit. */
const BATCH = 25;
/** Parallel Scan segments: a large table copies faster, within what one shell's connection pool carries. */
export const SEGMENTS = 4;
const MAX_RETRIES = 8;

type Item = Record<string, AttributeValue>;

export async function copyTable(client: DynamoDBClient, from: string, to: string): Promise<number> {
  let copied = 0;
  const copySegment = async (segment: number) => {
    let startKey: Item | undefined;
    do {
      const page = await client.send(
        new ScanCommand({ TableName: from, Segment: segment, TotalSegments: SEGMENTS, ExclusiveStartKey: startKey, ConsistentRead: true }),
      );
      const items = page.Items ?? [];
      for (let at = 0; at < items.length; at += BATCH) await writeAll(client, to, items.slice(at, at + BATCH));
      copied += items.length;
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  };
  await Promise.all(Array.from({ length: SEGMENTS }, (_, segment) => copySegment(segment)));
  return copied;
}

/** One BatchWriteItem, and again for what DynamoDB leaves unprocessed, with a growing wait. */
async function writeAll(client: DynamoDBClient, table: string, items: Item[]): Promise<void> {
  let requests: WriteRequest[] = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; requests.length > 0; attempt += 1) {
    if (attempt > MAX_RETRIES) throw new Error(`${requests.length} items stayed unprocessed after ${MAX_RETRIES} retries; run again`);
    if (attempt > 0) await sleep(Math.min(5_000, 50 * 2 ** attempt));
    const result = await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: requests } }));
    requests = result.UnprocessedItems?.[table] ?? [];
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    options: { from: { type: 'string' }, to: { type: 'string' }, endpoint: { type: 'string' } },
    allowPositionals: true,
  });
  const { from, to, endpoint } = values;
  if (!from || !to || positionals.length > 0) throw new Error(USAGE);
  if (from === to) throw new Error(`--from and --to are the same table (${from}).\n${USAGE}`);
  // DynamoDB Local: its endpoint, and the region and placeholder credentials it accepts.
  if (endpoint) useLocalAwsEnvironment(endpoint);
  const client = new DynamoDBClient({ endpoint: endpoint || undefined, maxAttempts: 6 });
  const copied = await copyTable(client, from, to);
  console.log(`Copied ${copied} items from ${from} into ${to}`);
}

const runDirectly = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
