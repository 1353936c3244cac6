import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALARM_THRESHOLDS } from '@infra/constructs/alarms';
import { DATA_TABLE_PARAMETER, OWN_TABLE } from '@infra/constructs/table';
import { RESOURCES } from '@shared/routes';
import { useSynthesizedStack, type Json } from './synthesized-stack';

// What docs/operations.md relies on: outputs, log groups, alarms, pointing at a restored table.
const s = useSynthesizedStack();
const outputs = (): Record<string, Json> => s.template.toJSON().Outputs;
const parameters = (): Record<string, Json> => s.template.toJSON().Parameters;

const RUNBOOK = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
const PACKAGE_SCRIPTS = Object.keys(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts);
/** The runbook's code blocks: the commands an operator pastes. */
const commands = [...RUNBOOK.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!).join('\n');
const allMatches = (pattern: RegExp, text = commands) => [...new Set([...text.matchAll(pattern)].map((match) => match[1]!))];

describe('runbook against the template', () => {
  it("reads every value it needs from the stack's outputs, and every output exists", () => {
    const used = allMatches(/\$\(out (\w+)\)/g);
    expect(used).toEqual(expect.arrayContaining(['TableName', 'JwtSecretArn', 'FunctionNames', 'ApiLogGroupNames']));
    for (const name of used) expect(Object.keys(outputs()), name).toContain(name);
  });

  it('documents every output in its outputs table', () => {
    const table = RUNBOOK.slice(RUNBOOK.indexOf('| output | what it is |')).split('\n\n')[0]!;
    const documented = allMatches(/^\| `(\w+)` \|/gm, table);
    expect(documented.sort()).toEqual(Object.keys(outputs()).sort());
  });

  it('never lists the stack resources (paged lists lose some), and defines `out` once from describe-stacks', () => {
    expect(commands).not.toMatch(/describe-stack-resources|list-stack-resources/);
    expect(commands.match(/^out\(\) \{ aws cloudformation describe-stacks /gm)).toHaveLength(1);
  });

  it('passes only parameters the stack has, and runs only npm scripts package.json has', () => {
    const passed = allMatches(/--parameters (\w+)=/g);
    expect(passed).toEqual(expect.arrayContaining(['AlarmEmail', DATA_TABLE_PARAMETER]));
    for (const name of passed) expect(Object.keys(parameters()), name).toContain(name);
    const scripts = allMatches(/npm run ([\w-]+)/g);
    expect(scripts).toEqual(expect.arrayContaining(['deploy', 'create-admin', 'copy-table']));
    for (const script of scripts) expect(PACKAGE_SCRIPTS, script).toContain(script);
  });
});

describe('outputs', () => {
  it('name every API function and its log group, the access log first', () => {
    const functionIds = s
      .ofType('AWS::Lambda::Function')
      .filter(([, fn]) => fn.Metadata?.['sams:resource'])
      .map(([id]) => ({ Ref: id }));
    expect(outputs().FunctionNames.Value['Fn::Join'][0]).toBe(' ');
    expect(new Set(outputs().FunctionNames.Value['Fn::Join'][1])).toEqual(new Set(functionIds));
    expect(functionIds).toHaveLength(RESOURCES.length);
    const [, groups] = outputs().ApiLogGroupNames.Value['Fn::Join'];
    expect(groups[0]).toEqual(outputs().AccessLogGroupName.Value);
    const functionGroups = s
      .ofType('AWS::Lambda::Function')
      .filter(([, fn]) => fn.Metadata?.['sams:resource'])
      .map(([, fn]) => fn.Properties.LoggingConfig.LogGroup);
    expect(new Set(groups.slice(1))).toEqual(new Set(functionGroups));
  });

  it('give the JWT secret by ARN', () => {
    expect(outputs().JwtSecretArn.Value).toEqual({ Ref: s.single('AWS::SecretsManager::Secret')[0] });
  });
});

describe('log groups', () => {
  it('every function the stack creates logs to its own group, kept a month and deleted with the stack', () => {
    const functions = s.ofType('AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(RESOURCES.length);
    const groups = functions.map(([id, fn]) => {
      const groupId = fn.Properties.LoggingConfig?.LogGroup?.Ref;
      expect(groupId, id).toBeDefined();
      return groupId;
    });
    expect(new Set(groups).size).toBe(groups.length);
    for (const [id, group] of s.ofType('AWS::Logs::LogGroup')) {
      expect(group.Properties.RetentionInDays, id).toBe(30);
      expect(group.DeletionPolicy, id).toBe('Delete');
    }
  });
});

describe('alarms', () => {
  const alarms = () => s.ofType('AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties);
  const topicId = () => s.single('AWS::SNS::Topic')[0];

  it('mail the AlarmEmail parameter through one topic', () => {
    expect(parameters().AlarmEmail.Default).toBeUndefined();
    s.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: { Ref: 'AlarmEmail' },
      TopicArn: { Ref: topicId() },
    });
    for (const alarm of alarms()) expect(alarm.AlarmActions).toEqual([{ Ref: topicId() }]);
    expect(outputs().AlarmTopicArn.Value).toEqual({ Ref: topicId() });
  });

  it.each(RESOURCES)('watch the %s function for errors and throttles', (resource) => {
    const [fnId] = s.ofType('AWS::Lambda::Function').find(([, fn]) => fn.Metadata?.['sams:resource'] === resource)!;
    for (const metric of ['Errors', 'Throttles']) {
      const alarm = alarms().find((candidate) => candidate.MetricName === metric && candidate.Dimensions?.[0].Value.Ref === fnId);
      expect(alarm, `${resource} ${metric}`).toMatchObject({ Namespace: 'AWS/Lambda', Statistic: 'Sum', Period: 300, Threshold: 1 });
      expect(alarm.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
      expect(alarm.TreatMissingData).toBe('notBreaching');
    }
  });

  it("watch the API's 5xx answers and the table in use for throttled reads and writes", () => {
    const apiId = s.single('AWS::ApiGatewayV2::Api')[0];
    expect(alarms().find((alarm) => alarm.MetricName === '5xx')).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      Dimensions: [{ Name: 'ApiId', Value: { Ref: apiId } }],
      Threshold: ALARM_THRESHOLDS.api5xx,
    });
    const table = alarms().find((alarm) => alarm.Metrics)!;
    const watched = table.Metrics.filter((metric: Json) => metric.MetricStat).map((metric: Json) => metric.MetricStat.Metric);
    expect(watched.map((metric: Json) => metric.MetricName).sort()).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
    for (const metric of watched) expect(metric.Dimensions[0].Value).toEqual(outputs().TableName.Value);
  });
});

describe('restoring from a backup', () => {
  it("points every function at the table the DataTableName parameter names, or the stack's own", () => {
    const tableId = s.single('AWS::DynamoDB::Table')[0];
    expect(parameters()[DATA_TABLE_PARAMETER]).toMatchObject({ Type: 'String', Default: OWN_TABLE });
    expect(s.template.toJSON().Conditions.UseRestoredTable).toEqual({
      'Fn::Not': [{ 'Fn::Equals': [{ Ref: DATA_TABLE_PARAMETER }, OWN_TABLE] }],
    });
    const active = { 'Fn::If': ['UseRestoredTable', { Ref: DATA_TABLE_PARAMETER }, { Ref: tableId }] };
    expect(outputs().TableName.Value).toEqual(active);
    for (const [, fn] of s.ofType('AWS::Lambda::Function').filter(([, fn]) => fn.Properties.Environment?.Variables?.TABLE_NAME)) {
      expect(fn.Properties.Environment.Variables.TABLE_NAME).toEqual(active);
    }
    // The stack's own table stays, retained, whichever is in use.
    expect(s.resources[tableId].DeletionPolicy).toBe('Retain');
  });
});
