/**
 * Gives the slots an older release stored without class times the times their names spell
 * (docs/operations.md "Class times after upgrading"):
 *
 *   npm run slot-times -- backfill [--table T] [--endpoint URL]
 *
 * The table is --table or TABLE_NAME; --endpoint is DynamoDB Local's address (`npm start` prints
 * it), or the AWS credentials and region of your shell when left out. Lists the slots whose names
 * spell no times (an admin sets them on the Slot screen); exits 1 when some changed during the run
 * (run it again).
 */
import { prepareTableCommand, runWhenMain } from './table-command';

const USAGE = 'Usage: npm run slot-times -- backfill [--table T] [--endpoint URL]';

export async function main(args: string[]): Promise<number> {
  prepareTableCommand(args, 'backfill', USAGE);
  // Imported after the environment is set: the database client reads it once.
  const { backfillSlotTimes } = await import('@functions/lib/repositories/slot-times-backfill');

  const report = await backfillSlotTimes();
  for (const slot of report.untimed)
    console.log(`slot ${slot._id} (term ${slot.termid}): ${JSON.stringify(slot.name)} spells no class times; set them on the Slot screen`);
  console.log(
    `${report.slots} slots, ${report.set} given times from their names, ${report.untimed.length} without times, ${report.changed} changed meanwhile (table ${process.env.TABLE_NAME})`,
  );
  return report.changed ? 1 : 0;
}

runWhenMain(import.meta.url, main);
