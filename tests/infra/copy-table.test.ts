import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '@infra/local/dynamodb-local';
import { dynamoEndpoint } from '@tests/support/dynamo';

// npm run copy-table (infra/copy-table.ts) between two tables of DynamoDB Local.
const run = promisify(execFile);
const client = new DynamoDBClient({ endpoint: dynamoEndpoint() });
const doc = DynamoDBDocumentClient.from(client);
const source = `copy-source-${randomUUID()}`;
const target = `copy-target-${randomUUID()}`;

/** 130 items over several partitions (more than 5 write batches), with an index key, a set, a list and a big number. */
const items = Array.from({ length: 130 }, (_, n) => ({
  pk: `part-${n % 7}`,
  sk: `item-${String(n).padStart(3, '0')}`,
  ...(n % 10 === 0 ? { gsi1pk: 'INDEX', gsi1sk: `n-${n}` } : {}),
  tags: new Set(['a', `t${n}`]),
  marks: [{ date: '2025-03-01', present: n % 2 === 0 }],
  roll: 12345678901234 + n,
}));

async function copyTable(...args: string[]): Promise<{ code: number; output: string }> {
  const command = ['node_modules/.bin/tsx', 'infra/copy-table.ts', ...args, '--endpoint', dynamoEndpoint()];
  try {
    // As an operator's shell would run it: no AWS region or credentials set for DynamoDB Local.
    const { AWS_REGION: _region, AWS_ACCESS_KEY_ID: _key, AWS_SECRET_ACCESS_KEY: _secret, ...env } = process.env;
    const { stdout, stderr } = await run(command[0]!, command.slice(1), { env });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

const everything = async (table: string) => {
  const found: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(new ScanCommand({ TableName: table, ExclusiveStartKey }));
    found.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return found;
};
const byKey = (list: Record<string, unknown>[]) => new Map(list.map((item) => [`${item.pk}|${item.sk}`, item]));

beforeAll(async () => {
  await ensureTable(client, source);
  await ensureTable(client, target);
  for (const item of items) await doc.send(new PutCommand({ TableName: source, Item: item }));
  // The target's own items: one the source replaces, one only it has.
  await doc.send(new PutCommand({ TableName: target, Item: { pk: 'part-0', sk: 'item-000', stale: true } }));
  await doc.send(new PutCommand({ TableName: target, Item: { pk: 'part-x', sk: 'only-target' } }));
});
afterAll(() => client.destroy());

describe('npm run copy-table', () => {
  it(
    'copies every item as stored, replaces same-key items and keeps the rest; running it again changes nothing',
    { timeout: 60_000 },
    async () => {
      const first = await copyTable('--from', source, '--to', target);
      expect(first).toEqual({ code: 0, output: expect.stringContaining(`Copied 130 items from ${source} into ${target}`) });
      const copied = byKey(await everything(target));
      expect(copied.size).toBe(131);
      for (const item of items) expect(copied.get(`${item.pk}|${item.sk}`)).toEqual(item);
      expect(copied.get('part-x|only-target')).toEqual({ pk: 'part-x', sk: 'only-target' });

      expect((await copyTable('--from', source, '--to', target)).code).toBe(0);
      expect(byKey(await everything(target))).toEqual(copied);
      // The source is only read.
      expect((await everything(source)).length).toBe(130);
      const { Item } = await doc.send(new GetCommand({ TableName: source, Key: { pk: 'part-0', sk: 'item-000' } }));
      expect(Item?.stale).toBeUndefined();
    },
  );

  it('refuses a missing table name or the same table twice, copying nothing', async () => {
    const missing = await copyTable('--from', source);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('Usage: npm run copy-table -- --from SOURCE --to TARGET [--endpoint URL]');
    const same = await copyTable('--from', source, '--to', source);
    expect(same.code).toBe(1);
    expect(same.output).toContain('--from and --to are the same table');
  });
});
