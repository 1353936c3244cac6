import { defineConfig } from 'vitest/config';

const dynamoDbLocal = {
  globalSetup: ['tests/support/global-setup.ts'],
  setupFiles: ['tests/support/setup-env.ts'],
};

export default defineConfig({
  // The path aliases (@shared/, @functions/, @web/…) come from tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    // Files side by side: vitest's default (cores - 1) unless SAMS_TEST_WORKERS says otherwise; each
    // worker has its own DynamoDB Local. Four on 2 cores measured slower (18 min, CPU-bound: scrypt,
    // bundling, Chromium) and timed tests out, so the default stays (docs/benchmarks.md).
    ...(process.env.SAMS_TEST_WORKERS ? { maxWorkers: Number(process.env.SAMS_TEST_WORKERS) } : {}),
    projects: [
      {
        extends: true,
        // Handlers, middleware and the local stack, against DynamoDB Local (one per worker, a table per file).
        test: {
          name: 'server',
          include: ['tests/functions/**/*.test.ts', 'tests/infra/**/*.test.ts'],
          environment: 'node',
          ...dynamoDbLocal,
          testTimeout: 30_000,
          hookTimeout: 120_000,
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
        },
      },
    ],
  },
});
