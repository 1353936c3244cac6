import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import * as dynamodbLocal from '@infra/local/dynamodb-local';
import { caughtMails, startMailCatcher } from '@infra/local/mail-catcher';

// freePort as the real one, except for the ports a test makes it answer first (0: a real one).
const forced: number[] = [];
vi.mock('@infra/local/dynamodb-local', async (original) => {
  const real = await original<typeof dynamodbLocal>();
  return { ...real, freePort: vi.fn(async () => forced.shift() || real.freePort()) };
});

const held: Server[] = [];
afterAll(() => held.forEach((server) => server.close()));

/** A port something else is listening on. */
const takenPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    held.push(server);
  });

describe('the mail catcher', () => {
  it('starts again on other ports when one it picked was taken meanwhile (as by a stack starting side by side)', async () => {
    forced.push(await takenPort());
    const catcher = await startMailCatcher();
    try {
      expect(await caughtMails(catcher.inboxUrl)).toEqual([]);
      expect(vi.mocked(dynamodbLocal.freePort)).toHaveBeenCalledTimes(4);
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
