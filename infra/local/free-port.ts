import { createServer } from 'node:net';

/**
 * A port nothing listens on now, on loopback. Free when picked, it can be taken before the caller
 * binds it: start servers with startOnFreePorts.
 */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

/** What a server start answers when the server exited while starting: why. */
export interface ExitedAtStart {
  exitedAtStart: string;
}

/**
 * Runs `start` (which picks its ports with freePort) until the server it starts stays up: a port
 * taken between picking and binding makes the server exit at start, and it is started again on
 * others, three times at most.
 */
export async function startOnFreePorts<T extends object>(what: string, start: () => Promise<T | ExitedAtStart>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const started = await start();
    if (!('exitedAtStart' in started)) return started;
    if (attempt === 3) throw new Error(`${what} exited at start three times; last: ${started.exitedAtStart}`);
  }
}
