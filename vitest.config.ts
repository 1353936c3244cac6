import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const TIMED = [
  'tests/functions/auth-hashing-load.test.ts',
  'tests/functions/cascade-scale.test.ts',
  'tests/functions/load.test.ts',
  // Half a minute of every core on one division's class sessions: alone, so it slows no other file's waits.
  'tests/functions/leave-scale.test.ts',
];

const dynamoDbLocal = {
  globalSetup: ['tests/support/global-setup.ts'],
  setupFiles: ['tests/support/setup-env.ts'],
};

export default defineConfig({
  // The path aliases (@shared/, @functions/, @web/…) come from tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    // Files side by side, one more than the cores (SAMS_TEST_WORKERS overrides); each worker has its
    // own DynamoDB Local. The suite is CPU-bound (scrypt, bundling, Chromium, DynamoDB Local), but
    // the end-to-end files leave a core idle while Chromium and the stack wait on each other: on 2
    // cores, 3 workers ran `npm test` in 348 s where 2 took 366 s (docs/benchmarks.md §7). Files
    // that assert timings run after the rest, alone ('timed' below).
    maxWorkers: Number(process.env.SAMS_TEST_WORKERS) || availableParallelism() + 1,
    projects: [
      {
        extends: true,
        // The pure rules (standing, corrections, schemas, CSV, the form hook): no DynamoDB Local, so a
        // rule can be changed and checked in seconds. A file that needs a DOM says so in its first line
        // (`// @vitest-environment happy-dom`).
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        // Handlers, middleware and the local stack, against DynamoDB Local (one per worker, a table per file).
        test: {
          name: 'server',
          include: ['tests/functions/**/*.test.ts', 'tests/infra/**/*.test.ts'],
          exclude: TIMED,
          environment: 'node',
          ...dynamoDbLocal,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        // Files whose assertions are timings (reads under load, a load run with no errors): after
        // every other file, one at a time, so no other file's work is measured with them.
        test: {
          name: 'timed',
          include: TIMED,
          environment: 'node',
          ...dynamoDbLocal,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        // React components in a simulated DOM.
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/web/support/setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        // The built web app in headless Chromium against the local stack.
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          ...dynamoDbLocal,
          // DynamoDB Local, then web/dist built once before any file starts its stack.
          globalSetup: [...dynamoDbLocal.globalSetup, 'tests/e2e/support/build-web.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A page's lists come one after another (term → semester → division → batch): with every core
          // busy the chain takes over vitest's default second, as locators' waits (10 s) allow.
          expect: { poll: { timeout: 5_000 } },
        },
      },
    ],
  },
});
