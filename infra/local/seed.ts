import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { hashPassword } from '@functions/lib/auth/password';
import { db, tableName } from '@functions/lib/db';
import { DEMO_ACCOUNTS } from '@functions/lib/demo-accounts';
import { seedMarker } from '@functions/lib/keys';
import { createUser, emailTaken } from '@functions/lib/repositories/users';
import { seedDemoCollege } from './demo-college';
import { seedDemoTimetable } from './demo-timetable';

/**
 * Demo data for the local stack, in steps. Each step runs once per table: a marker item
 * (keys.seedMarker) records that it ran, so restarts never duplicate and a demo item the
 * user deleted stays deleted. Add a step to extend the demo.
 */
const SEED_STEPS: { id: string; run: () => Promise<void> }[] = [
  { id: 'demo-accounts', run: seedDemoAccounts },
  { id: 'demo-college', run: seedDemoCollege },
  // Added with the timetable: a table seeded before gets the second faculty member and the week too.
  {
    id: 'demo-timetable',
    run: async () => {
      await seedDemoAccounts();
      await seedDemoTimetable();
    },
  },
];

/** The demo accounts whose email no account has. */
async function seedDemoAccounts(): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    if (await emailTaken(account.email)) continue;
    const { password, ...rest } = account;
    await createUser({ ...rest, passwordHash: await hashPassword(password) });
  }
}

/** Runs the steps that have not run on this table; returns the ids of those it ran. */
export async function seedDemo(): Promise<string[]> {
  const ran: string[] = [];
  for (const step of SEED_STEPS) {
    const key = seedMarker(step.id);
    const marker = await db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
    if (marker.Item) continue;
    await step.run();
    await db.send(new PutCommand({ TableName: tableName(), Item: { ...key, entity: 'seed', at: new Date().toISOString() } }));
    ran.push(step.id);
  }
  return ran;
}
