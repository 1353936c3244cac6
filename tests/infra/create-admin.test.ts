import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '@functions/lib/auth/password';
import { findUserForLogin } from '@functions/lib/repositories/users';
import { createAdmin, parseAdminArgs } from '@infra/create-admin';
import { ensureTable } from '@infra/local/dynamodb-local';
import { dynamoEndpoint } from '@tests/support/dynamo';

const table = process.env.TABLE_NAME!;

beforeAll(async () => {
  const client = new DynamoDBClient({ endpoint: dynamoEndpoint() });
  await ensureTable(client, table);
  client.destroy();
});

describe('npm run create-admin', () => {
  it('creates an admin who can sign in with that password', async () => {
    const admin = await createAdmin({ email: 'First.Admin@college.test', password: 'First-admin-1', table });
    expect(admin).toMatchObject({ email: 'First.Admin@college.test', username: 'First.Admin', role: 'admin' });
    const stored = await findUserForLogin('first.admin@college.test');
    expect(stored?.role).toBe('admin');
    expect(await verifyPassword('First-admin-1', stored!.passwordHash)).toBe(true);
  });

  it('changes nothing and says so when the email is taken', async () => {
    await createAdmin({ email: 'taken@college.test', password: 'Taken-pass-1', username: 'Taken', table });
    await expect(createAdmin({ email: 'TAKEN@college.test', password: 'Other-pass-2', table })).rejects.toThrow(
      `A user with the email TAKEN@college.test already exists in ${table}: nothing was changed.`,
    );
    expect(await verifyPassword('Taken-pass-1', (await findUserForLogin('taken@college.test'))!.passwordHash)).toBe(true);
  });

  it('validates like registration, with its messages', async () => {
    await expect(createAdmin({ email: 'not-an-email', password: 'Good-pass-1', table })).rejects.toThrow(/email/i);
    await expect(createAdmin({ email: 'short@college.test', password: 'x', table })).rejects.toThrow(/Password must be at least/);
  });

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
