import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '@functions/lib/db';
import { attendanceSummary, summaryPlaceAttributes } from '@functions/lib/entities/attendance-summary';
import { getSummary } from '@functions/lib/repositories/attendance-summaries';
import { attendanceApi, daysAgo } from '@tests/support/attendance';
import { lectureMark, useCollege } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';
import { dynamoEndpoint } from '@tests/support/dynamo';

const run = promisify(execFile);
const t = useTestStack('admin');
const college = useCollege(t, { prefix: 'SC', divisions: 1, perBatch: 2 });

/** `npm run summaries -- <args>` against this file's table; answers its exit code and output. */
async function summaries(...args: string[]): Promise<{ code: number; output: string }> {
  const command = ['node_modules/.bin/tsx', 'infra/summaries.ts', ...args, '--table', tableName(), '--endpoint', dynamoEndpoint()];
  try {
    // As an operator's shell would run it: no AWS region or credentials set for DynamoDB Local.
    const { AWS_REGION: _region, AWS_ACCESS_KEY_ID: _key, AWS_SECRET_ACCESS_KEY: _secret, ...env } = process.env;
    const { stdout, stderr } = await run(command[0]!, command.slice(1), { env: { ...env, TABLE_NAME: '' } });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('npm run summaries', () => {
  it('checks the summaries against the sessions, and rebuilds the ones that differ', { timeout: 60_000 }, async () => {
    await attendanceApi(t).mark(t.admin.cookie, lectureMark(college, { date: daysAgo(2) }));
    expect(await summaries('check')).toEqual({
      code: 0,
      output: expect.stringContaining('1 courses, 0 summaries differ from their sessions'),
    });

    const place = { courseid: college.courseid, classKind: 'lecture' as const, groupid: college.divisions[0]!.id };
    // The group's one item as an older release stored it (before shards), with a count that is wrong.
    const { classKind: _, ...stored } = await getSummary(place);
    const item = { ...stored, ...summaryPlaceAttributes(place), held: 9, ...attendanceSummary(place) };
    await db.send(new PutCommand({ TableName: tableName(), Item: item }));
    const drifted = await summaries('check');
    expect(drifted.code).toBe(1);
    expect(drifted.output).toContain(
      `course ${college.courseid}, kind lecture, group ${place.groupid}: stored and recomputed summaries differ`,
    );

    expect(await summaries('rebuild')).toEqual({ code: 0, output: expect.stringContaining('1 courses, 1 summaries rebuilt') });
    expect((await getSummary(place)).held).toBe(1);
    expect((await summaries('check')).code).toBe(0);
  });

  it('says how to call it when the command is wrong', async () => {
    const wrong = await summaries('fix');
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain('Usage: npm run summaries -- check|rebuild [--table T] [--endpoint URL]');
  });
});
