import { join } from 'node:path';
import { Aws, CfnCondition, CfnParameter, Duration, Fn, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { GSI1 } from '@functions/lib/table-schema';
import { LAMBDA_BUNDLING } from './lambda-bundling';

const ROOT = new URL('../../', import.meta.url).pathname;

/** How often the schedule runs the jobs (each decides whether it is due: docs/product.md §10). */
export const ALERTS_RATE = Duration.minutes(10);
/** Lambda's limit: a run stops claiming two minutes before it (functions/jobs.ts); the next run sends the rest. */
export const ALERTS_TIMEOUT = Duration.minutes(15);
/** What the jobs send to the table: reads of the college, the sent log's claims and marks; the retention job's erasures. */
export const ALERTS_TABLE_ACTIONS = ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'] as const;

export interface AlertsProps {
  table: ITable;
  /** Where the web app is, for the emails' links (the CloudFront address). */
  siteUrl: string;
}

/**
 * The email alerts (docs/product.md §10, docs/operations.md): the jobs' Lambda, run every 10 minutes by
 * EventBridge Scheduler, sending through Amazon SES as the identity of the stack parameter
 * AlertsSender (and only it), and only while the parameter AlertsEnabled is 'true'.
 */
export class Alerts extends Construct {
  readonly function: NodejsFunction;
  readonly schedule: CfnSchedule;
  private readonly sender: CfnParameter;
  private readonly enabled: CfnParameter;

  constructor(scope: Construct, id: string, { table, siteUrl }: AlertsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const sender = new CfnParameter(stack, 'AlertsSender', {
      type: 'String',
      default: 'alerts@example.com',
      allowedPattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
      description: 'The address alert emails come from: an SES identity verified in this region (the address, or its domain)',
    });
    const enabled = new CfnParameter(stack, 'AlertsEnabled', {
      type: 'String',
      default: 'false',
      allowedValues: ['true', 'false'],
      description: "'true' to send alert emails (after verifying AlertsSender, and leaving the SES sandbox: docs/operations.md)",
    });
    [this.sender, this.enabled] = [sender, enabled];
    const sending = new CfnCondition(this, 'Sending', { expression: Fn.conditionEquals(enabled.valueAsString, 'true') });

    const logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    // Its own role rather than the AWS managed basic-execution policy, which may write to any log group.
    const role = new Role(this, 'Role', { description: 'SAMS alert jobs', assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    const failed = new Queue(this, 'FailedRuns', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });

    this.function = new NodejsFunction(this, 'Jobs', {
      description: 'SAMS alert jobs: not marked, under the threshold, absences in a row',
      entry: join(ROOT, 'functions', 'jobs.ts'),
      handler: 'handler',
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: 1024,
      timeout: ALERTS_TIMEOUT,
      role,
      bundling: LAMBDA_BUNDLING,
      logGroup,
      tracing: Tracing.DISABLED,
      // One run at a time: a tick that comes while a long run still sends waits for the next one.
      reservedConcurrentExecutions: 1,
      deadLetterQueue: failed,
      environment: {
        TABLE_NAME: table.tableName,
        MAIL_ENABLED: enabled.valueAsString,
        MAIL_FROM: sender.valueAsString,
        // SES's default sending rate once out of the sandbox is 14 a second.
        MAIL_RATE: '10',
        SITE_URL: siteUrl,
        NODE_OPTIONS: '--enable-source-maps',
      },
    });
    this.function.addToRolePolicy(
      new PolicyStatement({ actions: ALERTS_TABLE_ACTIONS.map((action) => `dynamodb:${action}`), resources: [table.tableArn] }),
    );
    this.function.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${table.tableArn}/index/${GSI1}`] }));
    this.function.addToRolePolicy(this.sendAsSender());

    // Its own role (the schedule's L2 target shares one per stack, granting the function's versions too).
    const invoker = new Role(this, 'ScheduleRole', {
      description: 'SAMS alert jobs: the schedule invokes the jobs function',
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } } }),
    });
    invoker.addToPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.function.functionArn] }));
    failed.grantSendMessages(invoker);
    this.schedule = new CfnSchedule(this, 'Every10Minutes', {
      description: 'Runs the SAMS alert jobs; each decides whether it is due',
      scheduleExpression: `rate(${ALERTS_RATE.toMinutes()} minutes)`,
      flexibleTimeWindow: { mode: 'OFF' },
      state: Fn.conditionIf(sending.logicalId, 'ENABLED', 'DISABLED').toString(),
      target: {
        arn: this.function.functionArn,
        roleArn: invoker.roleArn,
        input: '{}',
        retryPolicy: { maximumRetryAttempts: 2, maximumEventAgeInSeconds: 600 },
        deadLetterConfig: { arn: failed.queueArn },
      },
    });

    for (const [id, reason] of Object.entries(NAG_REASONS)) Validations.of(this).acknowledge({ id, reason });
  }

  /**
   * Lets an API function email as the alerts do (a set-password link): the same switch and sender, and SES
   * for the sender's identity only. Its links point to the admin's own page's origin (no SITE_URL: CloudFront's
   * address depends on the API, which depends on the function).
   */
  allowSending(fn: NodejsFunction): void {
    fn.addEnvironment('MAIL_ENABLED', this.enabled.valueAsString);
    fn.addEnvironment('MAIL_FROM', this.sender.valueAsString);
    fn.addToRolePolicy(this.sendAsSender());
  }

  /** The sender's identity only: the address, or its domain when the domain is what was verified. */
  private sendAsSender(): PolicyStatement {
    const identity = (name: string) => `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity/${name}`;
    const domain = Fn.select(1, Fn.split('@', this.sender.valueAsString));
    return new PolicyStatement({ actions: ['ses:SendEmail'], resources: [identity(this.sender.valueAsString), identity(domain)] });
  }
}

/** cdk-nag findings this construct keeps, each with why. */
const NAG_REASONS: Record<string, string> = {
  'Serverless-LambdaTracing':
    'A run is followed by its log lines (one per job with its counts); X-Ray would add cost and a wildcard permission.',
  'AwsSolutions-SQS3':
    'This queue is itself the dead-letter queue of the schedule and the function: what lands in it is read by an operator.',
  'Serverless-SQSRedrivePolicy': 'This queue is itself a dead-letter queue: nothing consumes it to fail again.',
};
