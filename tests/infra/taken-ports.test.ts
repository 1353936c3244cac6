import { createServer, type Server } from 'node:net';
import { ListTablesCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as ports from '@infra/local/free-port';
import { caughtMails, startMailCatcher } from '@infra/local/mail-catcher';

/*
 * A port free when picked can be taken before the server that was given it binds it (another
 * stack starting side by side). The mail catcher and DynamoDB Local then start again on others.
 */

// freePort as the real one, except for the ports a test makes it answer first (0: a real one).
const forced: number[] = [];
vi.mock('@infra/local/free-port', async (original) => {
  const real = await original<typeof ports>();
  return { ...real, freePort: vi.fn(async () => forced.shift() || real.freePort()) };
});
beforeEach(() => vi.mocked(ports.freePort).mockClear());

const held: Server[] = [];
afterAll(() => held.forEach((server) => server.close()));

/** A port something else listens on: it hangs up on whoever connects. */
const takenPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer((socket) => socket.destroy()).listen(0, '127.0.0.1', () =>
      resolve((server.address() as { port: number }).port),
    );
    held.push(server);
  });

describe('the mail catcher', () => {
  it('starts again on other ports when one it picked was taken meanwhile', async () => {
    forced.push(await takenPort());
    const catcher = await startMailCatcher();
    try {
      expect(await caughtMails(catcher.inboxUrl)).toEqual([]);
      expect(vi.mocked(ports.freePort)).toHaveBeenCalledTimes(4);
    } finally {
      await catcher.stop();
    }
  });

  it('says why when its ports keep being taken', async () => {
    // Its SMTP port taken each time (a taken web port leaves it running without an inbox, until the 30 s deadline).
    for (let attempt = 0; attempt < 3; attempt++) forced.push(await takenPort(), 0);
    await expect(startMailCatcher()).rejects.toThrow(/exited at start three times; last: exit code 1: .*EADDRINUSE/s);
  });
});

describe('DynamoDB Local', () => {
  it('starts again on another port when the one it picked was taken meanwhile', async () => {
    // The test setup loaded DynamoDB Local's module before the mock: load it again, on the mock.
    vi.resetModules();
    const { startDynamoDbLocal } = await import('@infra/local/dynamodb-local');
    const { freePort } = await import('@infra/local/free-port');
    forced.push(await takenPort());
    const store = await startDynamoDbLocal();
    try {
      expect(vi.mocked(freePort)).toHaveBeenCalledTimes(2);
      const client = new DynamoDBClient({ endpoint: store.endpoint });
      expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
      client.destroy();
    } finally {
      await store.stop();
    }
  }, 60_000);
});
