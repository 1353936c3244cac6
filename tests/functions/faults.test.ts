import { BatchGetCommand, BatchWriteCommand, DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { batchDelete, batchGet } from '@functions/lib/batch';
import { Busy } from '@functions/lib/domain-errors';
import { studentById } from '@functions/lib/entities/student';
import * as keys from '@functions/lib/keys';
import { IS_NEW, put, transact } from '@functions/lib/writes';
import { useCollege } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';
import { withDatabaseError } from '@tests/support/faults';

const t = useTestStack('admin');
const college = useCollege(t, { prefix: 'FT', divisions: 1, perBatch: 3 });

describe('faults: DynamoDB throttled or unavailable', () => {
  it.each(['ProvisionedThroughputExceededException', 'ThrottlingException', 'ServiceUnavailable', 'InternalServerError'])(
    'answers 503 with a retry message on %s, and writes nothing',
    async (name) => {
      const batchid = college.divisions[0]!.batches[0]!.id;
      const result = await withDatabaseError(
        name,
        (command) => command.startsWith('TransactWrite'),
        () =>
          t.stack.call('POST', '/api/v1/student', {
            cookie: t.admin.cookie,
            body: { enrollment: 'FAULT1', name: 'F', email: 'f@college.test', batchid },
          }),
      );
      expect(result.status).toBe(503);
      expect(result.body.message).toBe('The service is busy right now. Please try again in a moment.');
      expect(result.headers.get('retry-after')).toBe('1');
      const students = await t.stack.api('GET /student/{batchid}', { params: { batchid }, cookie: t.admin.cookie });
      expect(students.body.data.map((s) => s.enrollment)).not.toContain('FAULT1');
    },
  );
});

describe('faults: unprocessed batch items', () => {
  it('retries the items a BatchWriteItem left unprocessed until none are left', async () => {
    const mock = mockClient(DynamoDBDocumentClient);
    try {
      const ids = Array.from({ length: 3 }, (_, i) => studentById(`s${i}`));
      const table = process.env.TABLE_NAME!;
      mock
        .on(BatchWriteCommand)
        .resolvesOnce({ UnprocessedItems: { [table]: [{ DeleteRequest: { Key: ids[2] } }] } })
        .resolvesOnce({ UnprocessedItems: { [table]: [{ DeleteRequest: { Key: ids[2] } }] } })
        .resolves({ UnprocessedItems: {} });
      await batchDelete(ids);
      const calls = mock.commandCalls(BatchWriteCommand);
      expect(calls).toHaveLength(3);
      expect(calls[2]!.args[0].input.RequestItems![table]).toEqual([{ DeleteRequest: { Key: ids[2] } }]);
    } finally {
      mock.restore();
    }
  });

  it('retries the keys a BatchGetItem left unprocessed', async () => {
    const mock = mockClient(DynamoDBDocumentClient);
    try {
      const table = process.env.TABLE_NAME!;
      const [a, b] = [studentById('a'), studentById('b')];
      mock
        .on(BatchGetCommand)
        .resolvesOnce({ Responses: { [table]: [a] }, UnprocessedKeys: { [table]: { Keys: [b] } } })
        .resolves({ Responses: { [table]: [b] } });
      const items = await batchGet<{ pk: string }>([a, b]);
      expect(items.map((item) => item.pk).sort()).toEqual([a.pk, b.pk].sort());
      expect(mock.commandCalls(BatchGetCommand)).toHaveLength(2);
    } finally {
      mock.restore();
    }
  });
});

describe('faults: transactions meeting one another', () => {
  const cancelled = (...codes: string[]) =>
    Object.assign(new Error('Transaction cancelled'), {
      name: 'TransactionCanceledException',
      CancellationReasons: codes.map((Code) => ({ Code })),
    });

  it('tries a transaction cancelled by a conflict again, and answers the item whose condition then fails', async () => {
    const mock = mockClient(DynamoDBDocumentClient);
    try {
      mock
        .on(TransactWriteCommand)
        .rejectsOnce(cancelled('TransactionConflict', 'None'))
        .rejectsOnce(cancelled('None', 'TransactionConflict'))
        .rejectsOnce(cancelled('None', 'ConditionalCheckFailed'));
      const items = { first: put({ ...keys.seedMarker('a') }), second: put({ ...keys.seedMarker('b') }, IS_NEW) };
      expect(await transact(items)).toBe('second');
      expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(3);
      mock.on(TransactWriteCommand).rejectsOnce(cancelled('TransactionConflict')).resolves({});
      expect(await transact(items)).toBeNull();
    } finally {
      mock.restore();
    }
  });

  it('gives up after a few conflicts in a row as Busy (503, try again)', async () => {
    const mock = mockClient(DynamoDBDocumentClient);
    try {
      mock.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
      await expect(transact({ only: put({ ...keys.seedMarker('c') }) })).rejects.toThrow(Busy);
      expect(mock.commandCalls(TransactWriteCommand).length).toBeGreaterThan(1);
    } finally {
      mock.restore();
    }
  });

  it('answers a transaction DynamoDB throttled as Busy (503, try again), without trying it again', async () => {
    const mock = mockClient(DynamoDBDocumentClient);
    try {
      mock.on(TransactWriteCommand).rejects(cancelled('None', 'ThrottlingError'));
      await expect(transact({ only: put({ ...keys.seedMarker('d') }) })).rejects.toThrow(Busy);
      expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(1);
    } finally {
      mock.restore();
    }
  });
});
