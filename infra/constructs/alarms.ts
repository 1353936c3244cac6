import { CfnParameter, Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, MathExpression, type IMetric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

/** Each alarm looks at 5-minute sums and fires when one reaches its threshold. */
export const ALARM_PERIOD = Duration.minutes(5);
export const ALARM_THRESHOLDS = {
  /** Unhandled errors (a crash or timeout; faults the handler catches are API 5xx). */
  functionErrors: 1,
  /** Invocations refused for lack of concurrency. */
  functionThrottles: 1,
  /** 5xx answers from the API (a fault, or a database still busy after retries). */
  api5xx: 5,
  /** Reads and writes DynamoDB refused (on-demand tables throttle when traffic jumps far above its recent peak). */
  tableThrottles: 1,
} as const;

export interface OperationsAlarmsProps {
  functions: Readonly<Record<string, IFunction>>;
  api: HttpApi;
  table: ITable;
}

/**
 * CloudWatch alarms for what needs a person: a function failing or throttled, the API answering
 * 5xx, DynamoDB throttling. They mail the address of the AlarmEmail parameter through one SNS
 * topic (the recipient confirms the subscription once, from the first mail).
 */
export class OperationsAlarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: OperationsAlarmsProps) {
    super(scope, id);
    const email = new CfnParameter(Stack.of(this), 'AlarmEmail', {
      type: 'String',
      description: 'Who is mailed when a SAMS alarm fires (confirm the subscription from the first mail)',
      allowedPattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
      constraintDescription: 'an email address',
    });
    this.topic = new Topic(this, 'Topic', { displayName: 'SAMS alarms', enforceSSL: true });
    this.topic.addSubscription(new EmailSubscription(email.valueAsString));
    acknowledge(this.topic, {
      'Serverless-SNSRedrivePolicy':
        'Its one subscriber is a mailbox; a notice that cannot be delivered stays visible as the alarm in CloudWatch.',
      'AwsSolutions-SNS2': 'Alarm notices carry no personal data, and CloudWatch cannot publish to a topic under the AWS managed key.',
    });

    for (const [resource, fn] of Object.entries(props.functions)) {
      this.alarm(
        `${resource}Errors`,
        `The ${resource} function failed (crash or timeout)`,
        fn.metricErrors(),
        ALARM_THRESHOLDS.functionErrors,
      );
      this.alarm(
        `${resource}Throttles`,
        `The ${resource} function was throttled`,
        fn.metricThrottles(),
        ALARM_THRESHOLDS.functionThrottles,
      );
    }
    this.alarm('Api5xx', 'The API answered 5xx', props.api.metricServerError({ period: ALARM_PERIOD }), ALARM_THRESHOLDS.api5xx);
    const tableThrottles = new MathExpression({
      label: 'Throttled reads and writes',
      expression: 'reads + writes',
      usingMetrics: {
        reads: props.table.metric('ReadThrottleEvents', { statistic: 'Sum' }),
        writes: props.table.metric('WriteThrottleEvents', { statistic: 'Sum' }),
      },
      period: ALARM_PERIOD,
    });
    this.alarm('TableThrottles', 'DynamoDB throttled reads or writes', tableThrottles, ALARM_THRESHOLDS.tableThrottles);
  }

  private alarm(id: string, description: string, metric: IMetric, threshold: number): void {
    const alarm = new Alarm(this, id, {
      alarmDescription: `SAMS: ${description}. docs/operations.md, "Logs of one request" and "Alarms".`,
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}
