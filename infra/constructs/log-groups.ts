import { type CfnResource, RemovalPolicy } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/** How long every log group of the stack keeps its lines. */
export const LOG_RETENTION = RetentionDays.ONE_MONTH;

/**
 * A log group of the stack: kept a month and deleted with the stack. Every function gets its
 * own, made here, so none writes to a group Lambda creates on its own (those never expire and
 * survive `cdk destroy`). Not production-grade for audits: export the logs first if you must
 * keep them.
 */
export function stackLogGroup(scope: Construct, id: string): LogGroup {
  return new LogGroup(scope, id, { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
}

/**
 * Sends a function that CDK builds from raw CloudFormation (a custom resource provider's handler,
 * which has no logGroup option) to its own log group, created before it.
 */
export function logToOwnGroup(handler: CfnResource, logGroup: LogGroup): void {
  handler.addPropertyOverride('LoggingConfig', { LogGroup: logGroup.logGroupName });
  handler.node.addDependency(logGroup);
}
