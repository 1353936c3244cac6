import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { useLocalAwsEnvironment } from './local/dynamodb-local';

/**
 * A one-time maintenance command over the table (`npm run <name> -- <verb> [--table T] [--endpoint URL]`):
 * checks its arguments and points the database client at the table before the caller imports it (the
 * client reads the environment once). The table is --table or TABLE_NAME; --endpoint is DynamoDB
 * Local's address, or the AWS credentials and region of the shell when left out.
 */
export function prepareTableCommand(args: string[], verb: string, usage: string): void {
  const { positionals, values } = parseArgs({
    args,
    options: { table: { type: 'string' }, endpoint: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length !== 1 || positionals[0] !== verb) throw new Error(usage);
  if (values.table) process.env.TABLE_NAME = values.table;
  if (!process.env.TABLE_NAME) throw new Error(`Which table? Pass --table or set TABLE_NAME.\n${usage}`);
  if (values.endpoint) useLocalAwsEnvironment(values.endpoint);
}

/** Runs `main` when the module is the script node was started with: its exit code, or 1 with the error's message. */
export function runWhenMain(moduleUrl: string, main: (args: string[]) => Promise<number>): void {
  if (process.argv[1] === undefined || realpathSync(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
