/**
 * Checks, or rebuilds, the attendance summaries of a table against its class sessions (docs/operations.md):
 *
 *   npm run summaries -- check   [--table T] [--endpoint URL]
 *   npm run summaries -- rebuild [--table T] [--endpoint URL]
 *
 * The table is --table or TABLE_NAME; --endpoint is DynamoDB Local's address (`npm start` prints
 * it), or the AWS credentials and region of your shell when left out. `check` exits 1 when a
 * summary differs from its class sessions; `rebuild` rewrites those that differ (safe while the app
 * runs: a summary changed meanwhile is read again).
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { useLocalAwsEnvironment } from './local/dynamodb-local';

const USAGE = 'Usage: npm run summaries -- check|rebuild [--table T] [--endpoint URL]';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    options: { table: { type: 'string' }, endpoint: { type: 'string' } },
    allowPositionals: true,
  });
  const [command] = positionals;
  if ((command !== 'check' && command !== 'rebuild') || positionals.length !== 1) throw new Error(USAGE);
  if (values.table) process.env.TABLE_NAME = values.table;
  if (!process.env.TABLE_NAME) throw new Error(`Which table? Pass --table or set TABLE_NAME.\n${USAGE}`);
  // DynamoDB Local: its endpoint, and the region and placeholder credentials it accepts.
  if (values.endpoint) useLocalAwsEnvironment(values.endpoint);
  // Imported after the environment is set: the database client reads it once.
  const { allCourseIds, checkCourse, rebuildCourse } = await import('@functions/lib/repositories/summary-check');

  const courses = await allCourseIds();
  let differing = 0;
  for (const courseid of courses) {
    if (command === 'rebuild') {
      differing += await rebuildCourse(courseid);
      continue;
    }
    for (const drift of await checkCourse(courseid)) {
      differing += 1;
      console.log(`course ${drift.courseid}, kind ${drift.classKind}, group ${drift.groupid}: stored and recomputed summaries differ`);
    }
  }
  const verb = command === 'check' ? 'differ from their sessions' : 'rebuilt';
  console.log(`${courses.length} courses, ${differing} summaries ${verb} (table ${process.env.TABLE_NAME})`);
  return command === 'check' && differing > 0 ? 1 : 0;
}

const runDirectly = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
