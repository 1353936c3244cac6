import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { GSI1 } from '@functions/lib/table-schema';
import { RESOURCES, type Resource } from '@shared/routes';
import { RESOURCE_METADATA_KEY } from '../resource-metadata';
import { ITEM_WRITE_ACTIONS, TABLE_ACCESS } from '../table-access';
import { acknowledge } from '../nag';
import { FUNCTION_RUNTIME, LAMBDA_BUNDLING } from './lambda-bundling';
import { stackLogGroup } from './log-groups';
import { originToken } from './origin-token';

const ROOT = new URL('../../', import.meta.url).pathname;

/** scrypt with N=2^17 needs 128 MiB per hash; more memory also means more CPU, so sign-in is faster. */
const MEMORY_MB: Partial<Record<Resource, number>> = { auth: 1024 };
const DEFAULT_MEMORY_MB = 512;

export interface ResourceFunctionsProps {
  table: ITable;
  jwtSecret: ISecret;
}

/**
 * One Lambda per resource of the route table, bundled from functions/<resource>.ts. Each may
 * call only the table actions TABLE_ACCESS grants it, read only the JWT secret, and write only
 * to its own log group.
 */
export class ResourceFunctions extends Construct {
  readonly functions: Readonly<Record<Resource, NodejsFunction>>;
  readonly logGroups: Readonly<Record<Resource, LogGroup>>;

  constructor(scope: Construct, id: string, props: ResourceFunctionsProps) {
    super(scope, id);
    const functions: Partial<Record<Resource, NodejsFunction>> = {};
    const logGroups: Partial<Record<Resource, LogGroup>> = {};
    for (const resource of RESOURCES) {
      const name = resource[0]!.toUpperCase() + resource.slice(1);
      logGroups[resource] = stackLogGroup(this, `${name}Logs`);
      functions[resource] = this.resourceFunction(resource, name, logGroups[resource], props);
    }
    this.functions = functions as Record<Resource, NodejsFunction>;
    this.logGroups = logGroups as Record<Resource, LogGroup>;
    acknowledge(this, {
      'Serverless-LambdaDLQ':
        'API Gateway invokes them synchronously and answers the error; a dead-letter queue only catches asynchronous calls.',
      'Serverless-LambdaTracing':
        'Requests are followed by the request id in the access log and every log line (docs/operations.md); X-Ray would add cost and a wildcard permission.',
    });
  }

  private resourceFunction(resource: Resource, name: string, logGroup: LogGroup, { table, jwtSecret }: ResourceFunctionsProps) {
    // Its own role rather than the AWS managed basic-execution policy, which may write to any log group.
    const role = new Role(this, `${name}Role`, {
      description: `SAMS API: the ${resource} function`,
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    });
    logGroup.grantWrite(role);
    const fn = new NodejsFunction(this, name, {
      description: `SAMS API: the ${resource} resource`,
      entry: join(ROOT, 'functions', `${resource}.ts`),
      handler: 'handler',
      runtime: FUNCTION_RUNTIME,
      role,
      architecture: Architecture.ARM_64,
      memorySize: MEMORY_MB[resource] ?? DEFAULT_MEMORY_MB,
      // API Gateway gives up on an integration after 30 s.
      timeout: Duration.seconds(29),
      bundling: LAMBDA_BUNDLING,
      environment: {
        TABLE_NAME: table.tableName,
        JWT_SECRET_ARN: jwtSecret.secretArn,
        CLOUDFRONT_ORIGIN_TOKEN: originToken(this),
        NODE_OPTIONS: '--enable-source-maps',
      },
      logGroup,
      // Not production-grade: no reserved concurrency, so the account's shared pool (1,000 by default)
      // is the ceiling; the API stage's throttling keeps a flood from reaching it.
    });
    (fn.node.defaultChild as CfnFunction).addMetadata(RESOURCE_METADATA_KEY, resource);

    const access = TABLE_ACCESS[resource];
    const dynamodb = (actions: readonly string[]) => actions.map((action) => `dynamodb:${action}`);
    const writes = access.actions.filter((action) => ITEM_WRITE_ACTIONS.includes(action));
    const reads = access.actions.filter((action) => !ITEM_WRITE_ACTIONS.includes(action));
    fn.addToRolePolicy(new PolicyStatement({ actions: dynamodb(reads), resources: [table.tableArn] }));
    if (writes.length > 0) {
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: dynamodb(writes),
          resources: [table.tableArn],
          // Every item of the request (a batch's, a transaction's) must be in one of these partitions.
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': access.writesTo } },
        }),
      );
    }
    if (access.queriesIndex) {
      fn.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${table.tableArn}/index/${GSI1}`] }));
    }
    // Every function verifies login session tokens, so every one reads the key (and nothing else in Secrets Manager).
    fn.addToRolePolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [jwtSecret.secretArn] }));
    return fn;
  }
}
