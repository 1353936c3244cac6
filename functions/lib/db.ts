import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { KeyCondition } from './keys';

/** The one DynamoDB document client of the backend. DYNAMODB_ENDPOINT points it at DynamoDB Local. */
export const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT || undefined, maxAttempts: 4 }),
  { marshallOptions: { removeUndefinedValues: true } },
);

export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
}

/** What a Query adds to its key condition (functions/lib/keys.ts): a filter, a projection, consistency. */
export type QueryOptions = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'IndexName' | 'KeyConditionExpression' | 'Select'>;

const queryInput = (where: KeyCondition, options: QueryOptions, startKey: Record<string, unknown> | undefined): QueryCommandInput => ({
  ...options,
  ...where,
  ExpressionAttributeValues: { ...where.ExpressionAttributeValues, ...options.ExpressionAttributeValues },
  TableName: tableName(),
  ExclusiveStartKey: startKey,
});

/** Every item a Query matches, following LastEvaluatedKey past 1 MB pages. */
export async function queryAll<T>(where: KeyCondition, options: QueryOptions = {}): Promise<T[]> {
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand(queryInput(where, options, startKey)));
    items.push(...((page.Items ?? []) as T[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** How many items a Query matches (Select COUNT, paged): nothing is read back but the count. */
export async function countAll(where: KeyCondition, options: QueryOptions = {}): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...queryInput(where, options, startKey), Select: 'COUNT' }));
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
