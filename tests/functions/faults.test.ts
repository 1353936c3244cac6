import { BatchGetCommand, BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchDelete, batchGet } from '@functions/lib/batch';
import { db } from '@functions/lib/db';
import { buildCollege, type SmallCollege } from '../support/college';
import { startTestStack, type SignedIn, type TestStack } from '../support/stack';
import { itemsMentioning } from '../support/table';

let stack: TestStack;
let admin: SignedIn;
let college: SmallCollege;

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signIn('admin');
  college = await buildCollege(stack, admin.cookie, { prefix: 'FT', divisions: 1, perBatch: 3 });
});
afterAll(() => stack.stop());

/** Makes DynamoDB answer `name` for the commands `which` picks, after the SDK's own retries. */
async function withDatabaseError<T>(name: string, which: (command: string) => boolean, run: () => Promise<T>): Promise<T> {
  const fault = 'fault';
  db.middlewareStack.add(
    (next, context) => async (args) => {
      if (which(String(context.commandName))) throw Object.assign(new Error(`${name} (injected)`), { name, $fault: 'server' });
      return next(args);
    },
    { step: 'initialize', name: fault },
  );
  try {
    return await run();
  } finally {
    db.middlewareStack.remove(fault);
  }
}

describe('faults: DynamoDB throttled or unavailable', () => {
  it.each(['ProvisionedThroughputExceededException', 'ThrottlingException', 'ServiceUnavailable', 'InternalServerError'])(
    'answers 503 with a retry message on %s, and writes nothing',
    async (name) => {
      const batchid = college.divisions[0]!.batches[0]!.id;
      const result = await withDatabaseError(
        name,
        (command) => command.startsWith('TransactWrite'),
        () =>
          stack.call('POST', '/api/v1/student', {
            cookie: admin.cookie,
            body: { enrollment: 'FAULT1', name: 'F', email: 'f@college.test', batchid },
          }),
      );
      expect(result.status).toBe(503);
      expect(result.body.message).toBe('The service is busy right now. Please try again in a moment.');
      expect(result.headers.get('retry-after')).toBe('1');
      const students = await stack.call('GET', `/api/v1/student/${batchid}`, { cookie: admin.cookie });
      expect((students.body.data as { enrollment: string }[]).map((s) => s.enrollment)).not.toContain('FAULT1');
    },
  );

  it('a cascade throttled midway answers 503, and running it again removes everything', async () => {
    const doomed = await buildCollege(stack, admin.cookie, { prefix: 'FC', divisions: 1, perBatch: 4 });
    let writes = 0;
    const failed = await withDatabaseError(
      'ThrottlingException',
      (command) => command.startsWith('BatchWrite') && ++writes > 1,
      () => stack.call('DELETE', `/api/v1/semester/${doomed.semid}`, { cookie: admin.cookie }),
    );
    expect(failed.status).toBe(503);
    const again = await stack.call('DELETE', `/api/v1/semester/${doomed.semid}`, { cookie: admin.cookie });
    expect(again.status).toBe(200);
    const ids = [
      doomed.semid,
      doomed.courseid,
      ...doomed.divisions.flatMap((d) => [d.id, ...d.batches.flatMap((b) => [b.id, ...b.students])]),
    ];
    expect(await itemsMentioning(ids)).toEqual([]);
  });
});

describe('faults: unprocessed batch items', () => {
  it('retries the items a BatchWriteItem left unprocessed until none are left', async () => {
    const mock = mockClient(DynamoDBDocumentClient);
    try {
      const keys = Array.from({ length: 3 }, (_, i) => ({ pk: `K#${i}`, sk: 'S' }));
      const table = process.env.TABLE_NAME!;
      mock
        .on(BatchWriteCommand)
        .resolvesOnce({ UnprocessedItems: { [table]: [{ DeleteRequest: { Key: keys[2] } }] } })
        .resolvesOnce({ UnprocessedItems: { [table]: [{ DeleteRequest: { Key: keys[2] } }] } })
        .resolves({ UnprocessedItems: {} });
      await batchDelete(keys);
      const calls = mock.commandCalls(BatchWriteCommand);
      expect(calls).toHaveLength(3);
      expect(calls[2]!.args[0].input.RequestItems![table]).toEqual([{ DeleteRequest: { Key: keys[2] } }]);
    } finally {
      mock.restore();
    }
  });

  it('retries the keys a BatchGetItem left unprocessed', async () => {
    const mock = mockClient(DynamoDBDocumentClient);
    try {
      const table = process.env.TABLE_NAME!;
      mock
        .on(BatchGetCommand)
        .resolvesOnce({ Responses: { [table]: [{ pk: 'A', sk: 'S' }] }, UnprocessedKeys: { [table]: { Keys: [{ pk: 'B', sk: 'S' }] } } })
        .resolves({ Responses: { [table]: [{ pk: 'B', sk: 'S' }] } });
      const items = await batchGet<{ pk: string }>([
        { pk: 'A', sk: 'S' },
        { pk: 'B', sk: 'S' },
      ]);
      expect(items.map((item) => item.pk).sort()).toEqual(['A', 'B']);
      expect(mock.commandCalls(BatchGetCommand)).toHaveLength(2);
    } finally {
      mock.restore();
    }
  });
});
