import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Busy } from '../domain-errors';

// OWASP's scrypt parameters; 128 MiB per hash, so maxmem is raised above Node's 32 MiB default.
const COST_LOG2 = 17;
const PARAMS: ScryptOptions = { N: 2 ** COST_LOG2, r: 8, p: 1, maxmem: 256 * 1024 * 1024 };
const KEY_LENGTH = 32;

/**
 * How many hashes run at once in this process. Each one holds a libuv thread (4 in all) and a
 * core for a few hundred milliseconds; unlimited, a burst of logins queues every other request's
 * crypto and file work behind them. One Lambda serves one request at a time, so this only matters
 * where one process serves many (the local stack). Two at most, and one core always left free (one
 * at a time on 2 cores), so that other requests keep a core under a burst of logins (docs/decisions.md).
 * A hash that cannot start within MAX_WAIT_MS answers 503, before the request's own 29-second limit.
 */
const MAX_RUNNING = Math.max(1, Math.min(2, availableParallelism() - 1));
const MAX_WAIT_MS = 25_000;
let running = 0;
const waiting: (() => void)[] = [];

function turn(): Promise<void> {
  if (running < MAX_RUNNING) {
    running++;
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const start = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      waiting.splice(waiting.indexOf(start), 1);
      reject(new Busy('Too many sign-ins at once; please try again in a moment'));
    }, MAX_WAIT_MS);
    waiting.push(start);
  });
}

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  await turn();
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is freed.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return inTurn(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );
}

/**
 * "scrypt$17$8$1$salt$hash" (base64url): the parameters travel with the hash so they can be raised
 * later. Every caller uses the default cost; test fixtures pass a low one for users whose sign-in is
 * not what the test is about (the cost is checked as stored, so they sign in quickly).
 */
export async function hashPassword(password: string, costLog2 = COST_LOG2): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { ...PARAMS, N: 2 ** costLog2 });
  return ['scrypt', costLog2, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, costLog2, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const options = { N: 2 ** Number(costLog2), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem };
  const actual = await derive(password, Buffer.from(salt, 'base64url'), options);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Spends the same time as a real check, so an unknown email cannot be told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<false> {
  await derive(password, randomBytes(16), PARAMS);
  return false;
}
