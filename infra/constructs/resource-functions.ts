import { join } from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, CfnFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { GSI1 } from '@functions/lib/table-schema';
import { RESOURCES, type Resource } from '@shared/routes';
import { RESOURCE_METADATA_KEY } from '../resource-metadata';
import { TABLE_ACCESS } from '../table-access';
import { LAMBDA_BUNDLING } from './lambda-bundling';
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
 * call only the table actions TABLE_ACCESS grants it, and read only the JWT secret.
 */
export class ResourceFunctions extends Construct {
  readonly functions: Readonly<Record<Resource, NodejsFunction>>;

  constructor(scope: Construct, id: string, props: ResourceFunctionsProps) {
    super(scope, id);
    const functions: Partial<Record<Resource, NodejsFunction>> = {};
    for (const resource of RESOURCES) functions[resource] = this.resourceFunction(resource, props);
    this.functions = functions as Record<Resource, NodejsFunction>;
  }

  private resourceFunction(resource: Resource, { table, jwtSecret }: ResourceFunctionsProps): NodejsFunction {
    const name = resource[0]!.toUpperCase() + resource.slice(1);
    const fn = new NodejsFunction(this, name, {
      description: `SAMS API: the ${resource} resource`,
      entry: join(ROOT, 'functions', `${resource}.ts`),
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
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
      logGroup: new LogGroup(this, `${name}Logs`, {
        retention: RetentionDays.ONE_MONTH,
        // Not production-grade for audits: logs go with the stack; export them first if you must keep them.
        removalPolicy: RemovalPolicy.DESTROY,
      }),
      // Not production-grade: no reserved concurrency, so the account's shared pool (1,000 by default)
      // is the ceiling; the API stage's throttling keeps a flood from reaching it.
    });
    (fn.node.defaultChild as CfnFunction).addMetadata(RESOURCE_METADATA_KEY, resource);

    const access = TABLE_ACCESS[resource];
    fn.addToRolePolicy(new PolicyStatement({ actions: access.actions.map((action) => `dynamodb:${action}`), resources: [table.tableArn] }));
    if (access.queriesIndex) {
      fn.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${table.tableArn}/index/${GSI1}`] }));
    }
    // Every function verifies session tokens, so every one reads the key (and nothing else in Secrets Manager).
    fn.addToRolePolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [jwtSecret.secretArn] }));
    return fn;
  }
}
