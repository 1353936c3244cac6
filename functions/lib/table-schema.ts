import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The one table's keys and indexes. The CDK table construct and the local stack both build
 * the table from this, so what runs locally is what deploys. docs/data-model.md lists the
 * items and access patterns.
 */
export const TABLE_SCHEMA = {
  partitionKey: 'pk',
  sortKey: 'sk',
  indexes: [{ name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
  /** Epoch seconds; DynamoDB removes the item some time after (login sessions, login throttling). */
  ttlAttribute: 'expiresAt',
} as const;

export const GSI1 = TABLE_SCHEMA.indexes[0].name;

export function createTableInput(tableName: string): CreateTableCommandInput {
  const keyNames = [
    TABLE_SCHEMA.partitionKey,
    TABLE_SCHEMA.sortKey,
    ...TABLE_SCHEMA.indexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_SCHEMA.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: TABLE_SCHEMA.indexes.map((index) => ({
      IndexName: index.name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}
