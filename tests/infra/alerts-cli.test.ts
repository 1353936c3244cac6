import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tableName } from '@functions/lib/db';
import { attendanceApi } from '@tests/support/attendance';
import { recipientsOf, useMailCatcher } from '@tests/support/alerts';
import { useCollege } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';
import { entryBody, timetableApi, WEEK } from '@tests/support/timetable';
import { dynamoEndpoint } from '@tests/support/dynamo';

const run = promisify(execFile);
const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'JC', divisions: 1, perBatch: 1 });
const inbox = useMailCatcher();

/** `npm run jobs -- <args>` against this file's table and mail catcher, from a plain shell; answers its exit code and output. */
async function jobs(...args: string[]): Promise<{ code: number; output: string }> {
  const smtp = process.env.SMTP_URL!;
  const command = [
    'node_modules/.bin/tsx',
    'infra/jobs.ts',
    ...args,
    '--table',
    tableName(),
    '--endpoint',
    dynamoEndpoint(),
    '--smtp',
    smtp,
  ];
  const {
    AWS_REGION: _r,
    AWS_ACCESS_KEY_ID: _k,
    AWS_SECRET_ACCESS_KEY: _s,
    SMTP_URL: _u,
    MAIL_ENABLED: _e,
    DYNAMODB_ENDPOINT: _d,
    ...env
  } = process.env;
  try {
    const { stdout, stderr } = await run(command[0]!, command.slice(1), { env: { ...env, TABLE_NAME: '' } });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('npm run jobs', () => {
  it('runs one job by hand for a day, and sends nothing twice when run again', { timeout: 90_000 }, async () => {
    await timetableApi(t).added(entryBody(college, t.faculty.user._id));
    // Alerts are off, and the college unnamed, until an admin sets them: the run says so and sends nothing.
    expect(await jobs('not-marked', '--date', WEEK.monday)).toEqual({
      code: 0,
      output: expect.stringContaining(`not-marked (${WEEK.monday}): the college has no name yet`),
    });
    await attendanceApi(t).settings(t.admin.cookie, { collegeName: 'CLI College', notMarkedAlerts: true });
    expect(await jobs('not-marked', '--date', WEEK.monday)).toEqual({
      code: 0,
      output: expect.stringContaining(`not-marked (${WEEK.monday}): 2 sent`),
    });
    expect(recipientsOf(await inbox.mails(2))).toEqual([t.admin.email, t.faculty.email].sort());
    expect(await jobs('not-marked', '--date', WEEK.monday)).toEqual({ code: 0, output: expect.stringContaining('0 sent, 2 skipped') });
    expect(await inbox.settled()).toHaveLength(2);
  });

  it('says how to call it when the job or the date is wrong', async () => {
    const wrong = await jobs('everything');
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain('Usage: npm run jobs -- not-marked|below-threshold|absence-streak|invitations|retention|all');
    expect((await jobs('not-marked', '--date', '2026-02-30')).output).toContain('Enter a real date as YYYY-MM-DD.');
  });

  it('sends the queued invitations by hand, and only them', async () => {
    const sent = await jobs('invitations');
    expect(sent).toEqual({
      code: 0,
      output: expect.stringMatching(/^invitations \(\d{4}-\d{2}-\d{2}\): 0 sent, 0 skipped, 0 failed, 0 left, 0 dropped$/m),
    });
    expect(sent.output).not.toMatch(/not-marked|below-threshold|absence-streak/);
  });
});
