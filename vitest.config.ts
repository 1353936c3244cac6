import { defineConfig } from 'vitest/config';

const dynamoDbLocal = {
  globalSetup: ['tests/support/global-setup.ts'],
  setupFiles: ['tests/support/setup-env.ts'],
};

export default defineConfig({
  // The path aliases (@shared/, @functions/, @web/…) come from tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        // Handlers, middleware and the local stack, against one DynamoDB Local (a table per file).
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
