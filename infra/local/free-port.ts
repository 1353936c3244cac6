import { createServer } from 'node:net';

/**
 * A port nothing listens on now, on loopback. Free when picked, it can be taken before the caller
 * binds it: callers start their server again on another when it exits at start.
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
