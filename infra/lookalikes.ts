/**
 * Claims the look-alike keys of students an older release stored without them
 * (docs/operations.md "Look-alike claims after upgrading"):
 *
 *   npm run lookalikes -- claim [--table T] [--endpoint URL]
 *
 * The table is --table or TABLE_NAME; --endpoint is DynamoDB Local's address (`npm start` prints
 * it), or the AWS credentials and region of your shell when left out. Exits 1 when stored students
 * already look alike (listed: an admin changes one of each pair) or changed during the run (run it again).
 */
import { prepareTableCommand, runWhenMain } from './table-command';

const USAGE = 'Usage: npm run lookalikes -- claim [--table T] [--endpoint URL]';

export async function main(args: string[]): Promise<number> {
  prepareTableCommand(args, 'claim', USAGE);
  // Imported after the environment is set: the database client reads it once.
  const { claimLookalikesOfStoredStudents } = await import('@functions/lib/repositories/lookalike-backfill');

  const report = await claimLookalikesOfStoredStudents();
  for (const student of report.lookalikes)
    console.log(
      `student ${student._id}: enrollment ${JSON.stringify(student.enrollment)} looks like another student's; change one of them`,
    );
  console.log(
    `${report.students} students, ${report.claimed} claimed now, ${report.lookalikes.length} look like another, ${report.changed} changed meanwhile (table ${process.env.TABLE_NAME})`,
  );
  return report.lookalikes.length || report.changed ? 1 : 0;
}

runWhenMain(import.meta.url, main);
