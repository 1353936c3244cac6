import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal, type DynamoDbLocal } from '@infra/local/dynamodb-local';

/**
 * One DynamoDB Local (in memory) per test worker, so files running side by side do not queue
 * behind one store; each test file still makes its own table (tests/support/setup-env.ts).
 */
let stores: DynamoDbLocal[] = [];

export async function setup(project: TestProject) {
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  stores = await Promise.all(Array.from({ length: workers }, () => startDynamoDbLocal()));
  project.provide(
    'dynamoEndpoints',
    stores.map((store) => store.endpoint),
  );
}

export async function teardown() {
  await Promise.all(stores.map((store) => store.stop()));
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoints: string[];
  }
}
