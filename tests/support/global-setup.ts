import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal, type DynamoDbLocal } from '@infra/local/dynamodb-local';

/** One DynamoDB Local (in memory) for the whole run; each test file makes its own table. */
let dynamo: DynamoDbLocal | undefined;

export async function setup(project: TestProject) {
  dynamo = await startDynamoDbLocal();
  project.provide('dynamoEndpoint', dynamo.endpoint);
}

export async function teardown() {
  await dynamo?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}
