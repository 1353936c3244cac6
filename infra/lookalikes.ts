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
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { useLocalAwsEnvironment } from './local/dynamodb-local';

const USAGE = 'Usage: npm run lookalikes -- claim [--table T] [--endpoint URL]';

export async function main(args: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    options: { table: { type: 'string' }, endpoint: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length !== 1 || positionals[0] !== 'claim') throw new Error(USAGE);
  if (values.table) process.env.TABLE_NAME = values.table;
  if (!process.env.TABLE_NAME) throw new Error(`Which table? Pass --table or set TABLE_NAME.\n${USAGE}`);
  if (values.endpoint) useLocalAwsEnvironment(values.endpoint);
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

const runDirectly = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
