import { CfnCondition, CfnParameter, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AttributeType, BillingMode, type ITable, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_SCHEMA } from '@functions/lib/table-schema';

/** The stack parameter that points SAMS at a table restored from a backup (docs/operations.md). */
export const DATA_TABLE_PARAMETER = 'DataTableName';
/** Its value for the stack's own table (not '': CloudFormation's linter checks both branches with the default). */
export const OWN_TABLE = 'own';

/**
 * The one DynamoDB table, built from the same TABLE_SCHEMA as the local table. It holds the
 * college's data: on-demand, restorable to any second of the last 35 days, protected from
 * deletion, and kept when the stack is destroyed.
 *
 * `active` is the table the functions use: this one, or, when the DataTableName parameter names
 * another (a point-in-time restore, which always makes a new table), that one. The stack's own
 * table stays as it is either way, so setting the parameter back to `own` returns to it.
 */
export class SamsTable extends Construct {
  readonly table: Table;
  readonly active: ITable;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const key = (name: string) => ({ name, type: AttributeType.STRING });
    this.table = new Table(this, 'Table', {
      partitionKey: key(TABLE_SCHEMA.partitionKey),
      sortKey: key(TABLE_SCHEMA.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE_SCHEMA.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of TABLE_SCHEMA.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
        projectionType: ProjectionType.ALL,
      });
    }

    const stack = Stack.of(this);
    const restored = new CfnParameter(stack, DATA_TABLE_PARAMETER, {
      type: 'String',
      default: OWN_TABLE,
      allowedPattern: '^[a-zA-Z0-9_.-]{3,255}$',
      description: `'${OWN_TABLE}' for the stack's own table; or the name of a table restored from a backup for SAMS to use instead`,
    });
    const useRestored = new CfnCondition(stack, 'UseRestoredTable', {
      expression: Fn.conditionNot(Fn.conditionEquals(restored.valueAsString, OWN_TABLE)),
    });
    this.active = Table.fromTableAttributes(this, 'Active', {
      tableName: Fn.conditionIf(useRestored.logicalId, restored.valueAsString, this.table.tableName).toString(),
      grantIndexPermissions: true,
    });
  }
}
