import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { useLocalAwsEnvironment } from '@infra/local/dynamodb-local';
import { newJwtSecret } from '@infra/local/jwt-secret';

// Runs before each test file's imports: its worker's DynamoDB Local, its own table, its own signing key.
const endpoints = inject('dynamoEndpoints');
useLocalAwsEnvironment(endpoints[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % endpoints.length]!);
process.env.TABLE_NAME = `test-${randomUUID()}`;
process.env.JWT_SECRET = newJwtSecret();
process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
