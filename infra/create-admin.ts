/**
 * Creates the first admin of a deployed SAMS, straight in its table, with the AWS credentials
 * and region of your shell (docs/operations.md):
 *
 *   npm run create-admin -- --email E --password P [--username U] [--table T]
 *
 * The table is --table or TABLE_NAME (the stack's TableName output). SAMS_ADMIN_PASSWORD may
 * replace --password, to keep the password out of your shell history.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { hashPassword } from '@functions/lib/auth/password';
import { passwordProblem } from '@functions/lib/auth/password-policy';
import { Conflict } from '@functions/lib/domain-errors';
import { createUser } from '@functions/lib/repositories/users';
import { registerSchema, type PublicUser } from '@shared/schemas/auth';

export interface AdminOptions {
  email?: string;
  password?: string;
  username?: string;
  table?: string;
}

const USAGE = 'Usage: npm run create-admin -- --email E --password P [--username U] [--table T]';

export function parseAdminArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): AdminOptions {
  const options = {
    email: { type: 'string' },
    password: { type: 'string' },
    username: { type: 'string' },
    table: { type: 'string' },
  } as const;
  let values: Partial<Record<keyof typeof options, string>>;
  try {
    values = parseArgs({ args: argv, options, strict: true }).values;
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`);
  }
  return {
    email: values.email,
    password: values.password ?? env.SAMS_ADMIN_PASSWORD,
    username: values.username,
    table: values.table ?? env.TABLE_NAME,
  };
}

/** Validates like POST /auth/register (the schema, then the password rules), then creates the admin; throws an Error whose message is for the operator. */
export async function createAdmin(options: AdminOptions): Promise<PublicUser> {
  if (!options.table) throw new Error(`Which table? Pass --table (the stack's TableName output) or set TABLE_NAME.\n${USAGE}`);
  const input = registerSchema.safeParse({
    email: options.email,
    password: options.password,
    username: options.username ?? options.email?.split('@')[0],
    role: 'admin',
  });
  if (!input.success) throw new Error(`${input.error.issues.map((issue) => issue.message).join('\n')}\n${USAGE}`);
  const problem = await passwordProblem(input.data.password, input.data);
  if (problem) throw new Error(`${problem}: nothing was created.\n${USAGE}`);

  process.env.TABLE_NAME = options.table;
  try {
    return await createUser({ ...input.data, passwordHash: await hashPassword(input.data.password) });
  } catch (error) {
    if (error instanceof Conflict) {
      throw new Error(`A user with the email ${input.data.email} already exists in ${options.table}: nothing was changed.`);
    }
    if ((error as Error).name === 'ResourceNotFoundException') {
      throw new Error(`No table ${options.table} in this account and region: check --table and AWS_REGION (or AWS_PROFILE).`);
    }
    throw error;
  }
}

async function main() {
  const admin = await createAdmin(parseAdminArgs(process.argv.slice(2)));
  console.log(`Created admin ${admin.username} <${admin.email}> in ${process.env.TABLE_NAME}. Sign in at the stack's SiteUrl.`);
}

const runDirectly = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
