import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '@functions/lib/auth/password';
import { findUserForLogin } from '@functions/lib/repositories/users';
import { createAdmin, parseAdminArgs } from '@infra/create-admin';
import { ensureTable } from '@infra/local/dynamodb-local';
import { PASSWORD_MESSAGES } from '@shared/schemas/auth';
import { dynamoEndpoint } from '@tests/support/dynamo';

const run = promisify(execFile);

const table = process.env.TABLE_NAME!;

beforeAll(async () => {
  const client = new DynamoDBClient({ endpoint: dynamoEndpoint() });
  await ensureTable(client, table);
  client.destroy();
});

describe('npm run create-admin', () => {
  it('creates an admin who can sign in with that password', async () => {
    const admin = await createAdmin({ email: 'First.Admin@college.test', password: 'Quiet-harbour-77', table });
    expect(admin).toMatchObject({ email: 'First.Admin@college.test', username: 'First.Admin', role: 'admin' });
    const stored = await findUserForLogin('first.admin@college.test');
    expect(stored?.role).toBe('admin');
    expect(await verifyPassword('Quiet-harbour-77', stored!.passwordHash)).toBe(true);
  });

  it('changes nothing and says so when the email is taken', async () => {
    await createAdmin({ email: 'taken@college.test', password: 'Chalk-board-27', username: 'Taken', table });
    await expect(createAdmin({ email: 'TAKEN@college.test', password: 'Other-pass-2', table })).rejects.toThrow(
      `A user with the email TAKEN@college.test already exists in ${table}: nothing was changed.`,
    );
    expect(await verifyPassword('Chalk-board-27', (await findUserForLogin('taken@college.test'))!.passwordHash)).toBe(true);
  });

  it('validates like registration, with its messages', async () => {
    await expect(createAdmin({ email: 'not-an-email', password: 'Good-pass-1', table })).rejects.toThrow(/email/i);
    await expect(createAdmin({ email: 'short@college.test', password: 'x', table })).rejects.toThrow(/Password must be at least/);
  });

  // The command holds a new admin's password to the API's rules.
  it.each([
    ['password', PASSWORD_MESSAGES.common],
    ['Password123!', PASSWORD_MESSAGES.commonVariant],
    ['aaaaaaaa', PASSWORD_MESSAGES.pattern],
    ['attendance', PASSWORD_MESSAGES.product],
    ['Admin@12345', PASSWORD_MESSAGES.demo],
    ['Weak-admin-ravi-1', PASSWORD_MESSAGES.personal],
  ])('refuses the password %s with the rules of every other password, creating nothing', async (password, message) => {
    const email = `ravi.${password.length}${password.charCodeAt(0)}@college.test`;
    await expect(createAdmin({ email, password, username: 'Ravi Kumar', table })).rejects.toThrow(`${message}: nothing was created.`);
    expect(await findUserForLogin(email)).toBeNull();
  });

  it('exits with code 1 and the reason, creating nothing, when run with a weak password', async () => {
    const email = 'cli.admin@college.test';
    const args = ['infra/create-admin.ts', '--email', email, '--password', 'password', '--table', table];
    // The shell's environment: this worker's DynamoDB Local, so a wrongly created admin would be found below.
    const failed = await run('node_modules/.bin/tsx', args).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`${PASSWORD_MESSAGES.common}: nothing was created.`);
    expect(await findUserForLogin(email)).toBeNull();
  }, 60_000);

  it('asks which table when neither --table nor TABLE_NAME is given', async () => {
    await expect(createAdmin({ email: 'a@college.test', password: 'Good-pass-1' })).rejects.toThrow(/--table/);
    expect(parseAdminArgs(['--email', 'a@college.test'], {}).table).toBeUndefined();
  });

  it('reads --table or TABLE_NAME, and --password or SAMS_ADMIN_PASSWORD', () => {
    expect(parseAdminArgs(['--email', 'a@b.test', '--password', 'p', '--username', 'A', '--table', 'T'], {})).toEqual({
      email: 'a@b.test',
      password: 'p',
      username: 'A',
      table: 'T',
    });
    expect(parseAdminArgs(['--email', 'a@b.test'], { TABLE_NAME: 'FromEnv', SAMS_ADMIN_PASSWORD: 'secret' })).toMatchObject({
      table: 'FromEnv',
      password: 'secret',
    });
    expect(() => parseAdminArgs(['--emial', 'a@b.test'], {})).toThrow(/emial/);
  });
});
