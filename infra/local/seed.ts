import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { hashPassword } from '@functions/lib/auth/password';
import { db, tableName } from '@functions/lib/db';
import { DEMO_ACCOUNTS } from '@functions/lib/demo-accounts';
import { seedMarker } from '@functions/lib/keys';
import { backfillSlotTimes } from '@functions/lib/repositories/slot-times-backfill';
import { updateSettings } from '@functions/lib/repositories/settings';
import { createUser, emailTaken } from '@functions/lib/repositories/users';
import { seedDemoCollege } from './demo-college';
import { seedDemoCoordinators } from './demo-coordinators';
import { seedDemoFamily } from './demo-family';
import { seedDemoTermDates } from './demo-term-dates';
import { seedDemoTimetable } from './demo-timetable';

/**
 * Demo data for the local stack, in steps. Each step runs once per table: a marker item
 * (keys.seedMarker) records that it ran, so restarts never duplicate and a demo item the
 * user deleted stays deleted. Add a step to extend the demo.
 */
const SEED_STEPS: { id: string; run: () => Promise<void> }[] = [
  { id: 'demo-accounts', run: seedDemoAccounts },
  { id: 'demo-college', run: seedDemoCollege },
  // A step of its own: a table an older release seeded without it gets the second faculty member and the week too.
  {
    id: 'demo-timetable',
    run: async () => {
      await seedDemoAccounts();
      await seedDemoTimetable();
    },
  },
  // A table an older release seeded without class times gets its slots' times from their names (as `npm run slot-times -- backfill`).
  { id: 'slot-times', run: async () => void (await backfillSlotTimes()) },
  // The demo college as its admin would set it up: named, on Indian time, its alerts on (they land in the mail catcher).
  { id: 'demo-settings', run: seedDemoSettings },
  // A student and a guardian who sign in by an emailed link (the mail catcher shows it).
  { id: 'demo-family', run: seedDemoFamily },
  // The term's first and last day, so a student's Home can count the classes still to come.
  { id: 'demo-term-dates', run: seedDemoTermDates },
  // The demo faculty member coordinates the demo student's division: the leave they apply for is theirs to decide.
  { id: 'demo-coordinators', run: seedDemoCoordinators },
];

async function seedDemoSettings(): Promise<void> {
  await updateSettings(
    {
      collegeName: 'SAMS Demo College',
      timeZone: 'Asia/Kolkata',
      notMarkedAlerts: true,
      belowThresholdAlerts: true,
      absenceStreakAlerts: true,
    },
    { _id: 'demo-seed', username: 'Demo seed' },
  );
}

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
