import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal, type DynamoDbLocal } from '@infra/local/dynamodb-local';

/**
 * One DynamoDB Local (in memory) per test worker of the whole run, shared by the projects that
 * use one (server, timed, e2e): files running side by side never share a store, and no more Java
 * processes start (and warm up) than files can run at once. Each test file still makes its own
 * table (tests/support/setup-env.ts). Every project's globalSetup runs in this one main process.
 */
const shared = globalThis as { samsStores?: Promise<DynamoDbLocal[]>; samsStoreUsers?: number };

/**
 * The JIT's quick tier only, and one GC thread: a test run's store lives minutes, too short for the
 * optimising compiler to pay back its CPU (docs/decisions.md). npm start and the bench keep Java's
 * defaults.
 */
const JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

export async function setup(project: TestProject) {
  const workers = Math.max(1, Number(project.globalConfig.maxWorkers) || 1);
  shared.samsStores ??= Promise.all(Array.from({ length: workers }, () => startDynamoDbLocal({ jvmOptions: JVM_OPTIONS })));
  shared.samsStoreUsers = (shared.samsStoreUsers ?? 0) + 1;
  project.provide(
    'dynamoEndpoints',
    (await shared.samsStores).map((store) => store.endpoint),
  );
}

export async function teardown() {
  shared.samsStoreUsers! -= 1;
  if (shared.samsStoreUsers! > 0 || !shared.samsStores) return;
  const stores = await shared.samsStores;
  shared.samsStores = undefined;
  await Promise.all(stores.map((store) => store.stop()));
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoints: string[];
  }
}
