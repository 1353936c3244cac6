import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { GSI1 } from '@functions/lib/table-schema';
import { Alerts, ALERTS_TABLE_ACTIONS } from '@infra/constructs/alerts';
import { RESOURCE_METADATA_KEY } from '@infra/resource-metadata';
import { useSynthesizedStack, type Json } from './synthesized-stack';

// The alert jobs in the stack (docs/operations.md): the schedule, the Lambda and what it may do.
const s = useSynthesizedStack();

const jobsFunction = (): [string, Json] => {
  const found = s.ofType('AWS::Lambda::Function').filter(([, fn]) => String(fn.Properties.Description).startsWith('SAMS alert jobs'));
  expect(found).toHaveLength(1);
  return found[0]!;
};

function statementsOfJobs(): Json[] {
  const roleId = jobsFunction()[1].Properties.Role['Fn::GetAtt'][0];
  return s
    .ofType('AWS::IAM::Policy')
    .filter(([, policy]) => policy.Properties.Roles.some((role: Json) => role.Ref === roleId))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement);
}

const identityArn = (name: Json) => ({
  'Fn::Join': [
    '',
    ['arn:', { Ref: 'AWS::Partition' }, ':ses:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':identity/', name],
  ],
});

describe('alerts in the stack', () => {
  it('takes the sender address and whether sending is on as parameters, sending off by default', () => {
    const parameters = s.template.toJSON().Parameters;
    expect(parameters.AlertsSender).toMatchObject({ Type: 'String', Default: 'alerts@example.com' });
    expect(parameters.AlertsEnabled).toMatchObject({ Type: 'String', Default: 'false', AllowedValues: ['true', 'false'] });
  });

  it('runs the jobs Lambda every 10 minutes with EventBridge Scheduler, only while sending is on', () => {
    const [fnId] = jobsFunction();
    const [, schedule] = s.single('AWS::Scheduler::Schedule');
    expect(schedule.Properties.ScheduleExpression).toBe('rate(10 minutes)');
    expect(schedule.Properties.Target.Arn).toEqual({ 'Fn::GetAtt': [fnId, 'Arn'] });
    expect(schedule.Properties.Target.RetryPolicy).toMatchObject({ MaximumRetryAttempts: 2 });
    expect(schedule.Properties.Target.DeadLetterConfig.Arn).toBeDefined();
    const [conditionName] = Object.keys(s.template.toJSON().Conditions).filter((name) => name.includes('Sending'));
    expect(s.template.toJSON().Conditions[conditionName!]).toEqual({ 'Fn::Equals': [{ Ref: 'AlertsEnabled' }, 'true'] });
    expect(schedule.Properties.State).toEqual({ 'Fn::If': [conditionName, 'ENABLED', 'DISABLED'] });
    // The scheduler's role may invoke this function and nothing else.
    const roleId = schedule.Properties.Target.RoleArn['Fn::GetAtt'][0];
    const invokes = s
      .ofType('AWS::IAM::Policy')
      .filter(([, policy]) => policy.Properties.Roles.some((role: Json) => role.Ref === roleId))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement)
      .filter((statement: Json) => statement.Action === 'lambda:InvokeFunction');
    expect(invokes.flatMap((statement: Json) => statement.Resource)).toContainEqual({ 'Fn::GetAtt': [fnId, 'Arn'] });
  });

  it('gives the Lambda 15 minutes, one run at a time, the table, the sender and the site address', () => {
    const [, fn] = jobsFunction();
    expect(fn.Properties).toMatchObject({ Timeout: 900, ReservedConcurrentExecutions: 1, Architectures: ['arm64'] });
    expect(fn.Properties.Environment.Variables).toMatchObject({
      MAIL_ENABLED: { Ref: 'AlertsEnabled' },
      MAIL_FROM: { Ref: 'AlertsSender' },
    });
    // The table the API functions use.
    const apiTable = s.ofType('AWS::Lambda::Function').find(([, other]) => other.Metadata?.[RESOURCE_METADATA_KEY] === 'attendance')!;
    expect(fn.Properties.Environment.Variables.TABLE_NAME).toEqual(apiTable[1].Properties.Environment.Variables.TABLE_NAME);
    expect(JSON.stringify(fn.Properties.Environment.Variables.SITE_URL)).toContain('DomainName');
    expect(fn.Properties.Environment.Variables).not.toHaveProperty('SMTP_URL');
  });

  it('lets the user and sign-in functions email their links as the same sender, under the same switch, and no other', () => {
    const functions = s.ofType('AWS::Lambda::Function').filter(([, fn]) => fn.Metadata?.[RESOURCE_METADATA_KEY]);
    const mailing = functions.filter(([, fn]) => fn.Properties.Environment.Variables.MAIL_FROM);
    expect(mailing.map(([, fn]) => fn.Metadata[RESOURCE_METADATA_KEY]).sort()).toEqual(['signin', 'user']);
    for (const [, fn] of mailing) {
      expect(fn.Properties.Environment.Variables).toMatchObject({
        MAIL_ENABLED: { Ref: 'AlertsEnabled' },
        MAIL_FROM: { Ref: 'AlertsSender' },
      });
      // Their links point to the page's own origin: CloudFront's address would close a cycle (site → API → function).
      expect(fn.Properties.Environment.Variables).not.toHaveProperty('SITE_URL');
      const roleId = fn.Properties.Role['Fn::GetAtt'][0];
      const ses = s
        .ofType('AWS::IAM::Policy')
        .filter(([, policy]) => policy.Properties.Roles.some((role: Json) => role.Ref === roleId))
        .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement)
        .filter((statement: Json) => [statement.Action].flat().some((action: string) => action.startsWith('ses:')));
      expect(ses).toEqual(
        statementsOfJobs().filter((statement) => [statement.Action].flat().some((action: string) => action.startsWith('ses:'))),
      );
    }
  });

  it("may send email as the sender's identity only (the address or its domain), and use the table as the jobs need", () => {
    const statements = statementsOfJobs();
    const ses = statements.filter((statement) => [statement.Action].flat().some((action: string) => action.startsWith('ses:')));
    expect(ses).toHaveLength(1);
    expect(ses[0]).toMatchObject({ Action: 'ses:SendEmail', Effect: 'Allow' });
    const resources: string[] = ses[0].Resource.map((resource: Json) => JSON.stringify(resource));
    const address = resources.find((resource) => !resource.includes('Fn::Split'));
    const domain = resources.find((resource) => resource.includes('Fn::Split'))!;
    expect(ses[0].Resource).toHaveLength(2);
    expect(address).toBe(JSON.stringify(identityArn({ Ref: 'AlertsSender' })));
    expect(domain).toContain(':identity/');
    expect(domain).toContain('{"Fn::Split":["@",{"Ref":"AlertsSender"}]}');
    const apiStatements = s.ofType('AWS::IAM::Policy').flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement);
    const tableArn = apiStatements.find((statement: Json) => [statement.Action].flat().includes('dynamodb:GetItem'))!.Resource;
    const dynamo = statements.filter((statement) => [statement.Action].flat().some((action: string) => action.startsWith('dynamodb:')));
    expect(dynamo).toEqual([
      { Action: ALERTS_TABLE_ACTIONS.map((action) => `dynamodb:${action}`).sort(), Effect: 'Allow', Resource: tableArn },
      { Action: 'dynamodb:Query', Effect: 'Allow', Resource: expect.anything() },
    ]);
    // The index's ARN: the table's, then /index/gsi1.
    const indexArn = JSON.stringify(dynamo[1].Resource);
    expect(indexArn.startsWith(JSON.stringify(tableArn).slice(0, -3))).toBe(true);
    expect(indexArn.endsWith(`"/index/${GSI1}"]]}`)).toBe(true);
    // Deletes only as the retention job erases students (functions/lib/privacy/retention.ts); never a scan or a wildcard.
    for (const action of statements.flatMap((statement) => [statement.Action].flat())) expect(action).not.toMatch(/\*|Scan/);
  });

  it("passes cdk-nag's AwsSolutions and Serverless packs, its findings acknowledged beside it with a reason", () => {
    const outdir = mkdtempSync(join(tmpdir(), 'sams-alerts-nag-'));
    try {
      const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] } });
      const stack = new Stack(app, 'AlertsOnly');
      const table = new Table(stack, 'Data', { partitionKey: { name: 'pk', type: AttributeType.STRING } });
      new Alerts(stack, 'Alerts', { table, siteUrl: 'https://sams.example' });
      Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
      let report = '';
      try {
        app.synth();
      } catch (error) {
        report = (error as Error).message;
      }
      const alertsFindings = report.split('\n').filter((line) => line.includes('/Alerts/'));
      expect(alertsFindings).toEqual([]);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});
