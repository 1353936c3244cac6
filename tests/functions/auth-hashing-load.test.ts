import { describe, expect, it } from 'vitest';
import { useTestStack } from '@tests/support/stack';

/**
 * Logins do not starve other requests (docs/security.md): while 32 concurrent logins with unknown
 * emails hash with scrypt, an unrelated GET term (whose token check queues on the same libuv
 * threads) stays under 10 times its idle time, as hashes run a few at a time.
 */
const t = useTestStack('admin');

async function timedRead(): Promise<number> {
  const started = performance.now();
  const result = await t.stack.call('GET', '/api/v1/term', { cookie: t.admin.cookie });
  expect(result.status).toBe(200);
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('password hashing under load', () => {
  it('keeps unrelated reads under 10× their idle time while 32 logins hash', async () => {
    for (let i = 0; i < 3; i++) await timedRead();
    const idle: number[] = [];
    for (let i = 0; i < 9; i++) idle.push(await timedRead());

    let settled = false;
    const logins = Promise.all(
      Array.from({ length: 32 }, (_, at) =>
        t.stack.call('POST', '/api/v1/auth/login', { body: { email: `nobody${at}@college.test`, password: 'whatever-1' } }),
      ),
    ).finally(() => (settled = true));
    const loaded: number[] = [];
    for (let i = 0; i < 9; i++) loaded.push(await timedRead());
    expect(settled, 'the logins were still running while the reads were timed').toBe(false);
    const answers = await logins;

    // Each is refused as a wrong login, or (a hash that could not start within 25 s on a slow machine) 503, never a 500.
    expect(answers.filter((answer) => answer.status !== 401 && answer.status !== 503)).toEqual([]);
    expect(answers.some((answer) => answer.status === 401)).toBe(true);
    // Idle reads on a busy machine can take 1 ms; under 5 ms the ratio would measure noise.
    const budget = 10 * Math.max(median(idle), 5);
    expect(median(loaded), `idle ${idle.map(Math.round).join(', ')} ms; under load ${loaded.map(Math.round).join(', ')} ms`).toBeLessThan(
      budget,
    );
  }, 300_000);
});
