import { setTimeout as sleep } from 'node:timers/promises';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { copyTable } from '@infra/copy-table';
import { ensureTable } from '@infra/local/dynamodb-local';
import { seedDemo } from '@infra/local/seed';
import { db } from '@functions/lib/db';
import { seedMarker } from '@functions/lib/keys';
import { hashPassword } from '@functions/lib/auth/password';
import { DEMO_ACCOUNTS } from '@functions/lib/demo-accounts';
import { findUserForLogin, setPassword } from '@functions/lib/repositories/users';
import { FIXTURE_COST_LOG2 } from '@tests/support/stack';

/** One per DynamoDB Local, shared by the e2e files that use it. */
const TEMPLATE = 'e2e-demo-template';
const READY = seedMarker('e2e-template-ready');

/**
 * Puts the demo accounts and college into `tableName` by copying a template table instead of
 * seeding each file's table, which costs far more (scrypt for the demo accounts, a transaction per
 * student). The template's demo accounts are hashed at the fixtures' cost, so signing them in is quick. The first file to create the template seeds it, the others wait for it to be ready.
 * The copy holds the seed markers, so startLocalStack's own seeding finds nothing left to do.
 */
export async function copyDemoTemplate(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint });
  try {
    if (await ensureTable(client, TEMPLATE)) await seedTemplate();
    else await templateReady();
    await ensureTable(client, tableName);
    await copyTable(client, TEMPLATE, tableName);
  } finally {
    client.destroy();
  }
}

async function seedTemplate(): Promise<void> {
  const own = process.env.TABLE_NAME;
  process.env.TABLE_NAME = TEMPLATE;
  try {
    await seedDemo();
    // Every e2e file signs the demo accounts in: hashed at the fixtures' cost (docs/decisions.md), as test users are.
    for (const { email, password } of DEMO_ACCOUNTS) {
      const user = (await findUserForLogin(email))!;
      await setPassword(
        user._id,
        { passwordHash: await hashPassword(password, FIXTURE_COST_LOG2), mustChangePassword: false },
        { end: [] },
      );
    }
    await db.send(new PutCommand({ TableName: TEMPLATE, Item: { ...READY, entity: 'seed' } }));
  } finally {
    process.env.TABLE_NAME = own;
  }
}

async function templateReady(): Promise<void> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(100)) {
    const ready = await db.send(new GetCommand({ TableName: TEMPLATE, Key: READY, ConsistentRead: true }));
    if (ready.Item) return;
  }
  throw new Error(`The demo template ${TEMPLATE} was not seeded within 60 s (did the file that created it fail?)`);
}
