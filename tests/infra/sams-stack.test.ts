import { Token } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { loginFailures } from '@functions/lib/entities/sign-in-guards';
import { structureNode } from '@functions/lib/entities/structure-node';
import { createTableInput, GSI1, TABLE_SCHEMA } from '@functions/lib/table-schema';
import { API_THROTTLE } from '@infra/constructs/http-api';
import { RESOURCE_METADATA_KEY } from '@infra/resource-metadata';
import * as keys from '@functions/lib/keys';
import { emailClaim, emailLookalikeClaim } from '@functions/lib/entities/user';
import { loginSession } from '@functions/lib/entities/login-session';
import { AUDIT_PARTITIONS } from '@functions/lib/entities/audit';
import { CHECK_IN_PARTITIONS } from '@functions/lib/entities/check-in';
import { LEAVE_PARTITIONS } from '@functions/lib/entities/leave';
import { ITEM_WRITE_ACTIONS, partitionsOf, TABLE_ACCESS } from '@infra/table-access';
import { ROUTES, RESOURCES, routeKey, type Resource } from '@shared/routes';
import { useSynthesizedStack, type Json } from './synthesized-stack';

// The stack's data and API side; static-site.test.ts checks CloudFront and the bucket.
const s = useSynthesizedStack();

const tableId = () => s.single('AWS::DynamoDB::Table')[0];
const secretId = () => s.single('AWS::SecretsManager::Secret')[0];

function functionOf(resource: Resource): [string, Json] {
  const found = s.ofType('AWS::Lambda::Function').filter(([, fn]) => fn.Metadata?.[RESOURCE_METADATA_KEY] === resource);
  expect(found, resource).toHaveLength(1);
  return found[0]!;
}

/** Every statement of the policies attached to a function's role. */
function statementsOf(resource: Resource): Json[] {
  const roleId = functionOf(resource)[1].Properties.Role['Fn::GetAtt'][0];
  return s
    .ofType('AWS::IAM::Policy')
    .filter(([, policy]) => policy.Properties.Roles.some((role: Json) => role.Ref === roleId))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement);
}

const actionsOf = (statement: Json): string[] => [statement.Action].flat();
/** The table the functions use: the stack's own, unless the DataTableName parameter names a restored one (operations.test.ts). */
const activeTableName = () => ({ 'Fn::If': ['UseRestoredTable', { Ref: 'DataTableName' }, { Ref: tableId() }] });
const tableArnParts = (): Json[] => [
  'arn:',
  { Ref: 'AWS::Partition' },
  ':dynamodb:',
  { Ref: 'AWS::Region' },
  ':',
  { Ref: 'AWS::AccountId' },
  ':table/',
  activeTableName(),
];
const tableArn = () => ({ 'Fn::Join': ['', tableArnParts()] });
const indexArn = () => ({ 'Fn::Join': ['', [...tableArnParts(), `/index/${GSI1}`]] });

describe('stack', () => {
  it('is environment-agnostic, so synth needs no account, region or credentials', () => {
    expect(Token.isUnresolved(s.stack.account)).toBe(true);
    expect(Token.isUnresolved(s.stack.region)).toBe(true);
  });

  it('outputs the site URL, the API URL and the table in use (the rest: operations.test.ts)', () => {
    const outputs = s.template.toJSON().Outputs;
    expect(JSON.stringify(outputs.SiteUrl.Value)).toContain('DomainName');
    expect(JSON.stringify(outputs.ApiUrl.Value)).toContain('.execute-api.');
    expect(outputs.TableName.Value).toEqual(activeTableName());
  });
});

describe('table', () => {
  it('has the keys and index of TABLE_SCHEMA, exactly as the local table', () => {
    const local = createTableInput('local');
    const table = s.single('AWS::DynamoDB::Table')[1].Properties;
    expect(table.KeySchema).toEqual(local.KeySchema);
    expect(table.GlobalSecondaryIndexes).toEqual(local.GlobalSecondaryIndexes);
    expect(new Set(table.AttributeDefinitions)).toEqual(new Set(local.AttributeDefinitions));
    expect(table.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table.TimeToLiveSpecification).toEqual({ AttributeName: TABLE_SCHEMA.ttlAttribute, Enabled: true });
  });

  it('is restorable to a point in time, protected from deletion, and kept when the stack goes', () => {
    s.template.hasResource('AWS::DynamoDB::Table', {
      Properties: {
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
      },
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
  });
});

describe('functions', () => {
  it('are one per resource of the route table', () => {
    const served = s
      .ofType('AWS::Lambda::Function')
      .map(([, fn]) => fn.Metadata?.[RESOURCE_METADATA_KEY])
      .filter(Boolean);
    expect(served.sort()).toEqual([...RESOURCES].sort());
  });

  it.each(RESOURCES)('%s runs on Node 24, arm64, 29 s, with the table, the secret ARN, the origin token and source maps', (resource) => {
    const fn = functionOf(resource)[1].Properties;
    expect(fn.Runtime).toBe('nodejs24.x');
    expect(fn.Architectures).toEqual(['arm64']);
    expect(fn.Handler).toBe('index.handler');
    expect(fn.Timeout).toBe(29);
    expect(fn.MemorySize).toBe(resource === 'auth' ? 1024 : 512);
    expect(fn.Environment.Variables).toEqual({
      TABLE_NAME: activeTableName(),
      JWT_SECRET_ARN: { Ref: secretId() },
      CLOUDFRONT_ORIGIN_TOKEN: { 'Fn::Select': [2, { 'Fn::Split': ['/', { Ref: 'AWS::StackId' }] }] },
      NODE_OPTIONS: '--enable-source-maps',
      // The user and sign-in functions email links as the alerts do (tests/infra/alerts-stack.test.ts).
      ...(resource === 'user' || resource === 'signin'
        ? { MAIL_ENABLED: { Ref: 'AlertsEnabled' }, MAIL_FROM: { Ref: 'AlertsSender' } }
        : {}),
      // The sign-in function's Google or Microsoft providers: a parameter of the stack (empty: off).
      ...(resource === 'signin' ? { OIDC_PROVIDERS: { Ref: 'OidcProviders' } } : {}),
      // The leave function signs upload forms and links for the attachments bucket (tests/infra/attachments-bucket.test.ts);
      // the privacy function deletes a student's files when it erases them.
      ...(resource === 'leave' || resource === 'privacy'
        ? { ATTACHMENTS_BUCKET: { Ref: expect.stringMatching(/^AttachmentsBucket/) } }
        : {}),
    });
  });

  it('never run in demo mode nor carry a signing key in their environment', () => {
    for (const [, fn] of s.ofType('AWS::Lambda::Function')) {
      const variables = Object.keys(fn.Properties.Environment?.Variables ?? {});
      expect(variables).not.toContain('DEMO_MODE');
      expect(variables).not.toContain('JWT_SECRET');
    }
  });

  it.each(RESOURCES)('%s logs to its own log group, kept a month, and may write to no other', (resource) => {
    const logGroupId = functionOf(resource)[1].Properties.LoggingConfig.LogGroup.Ref;
    expect(s.resources[logGroupId].Properties.RetentionInDays).toBe(30);
    const logs = statementsOf(resource).filter((statement) => actionsOf(statement).some((action) => action.startsWith('logs:')));
    expect(logs).toEqual([
      { Action: ['logs:CreateLogStream', 'logs:PutLogEvents'], Effect: 'Allow', Resource: { 'Fn::GetAtt': [logGroupId, 'Arn'] } },
    ]);
    const roleId = functionOf(resource)[1].Properties.Role['Fn::GetAtt'][0];
    expect(s.resources[roleId].Properties.ManagedPolicyArns).toBeUndefined();
  });
});

describe('least privilege', () => {
  it.each(RESOURCES)('%s may call exactly the table actions TABLE_ACCESS grants it, on the table only', (resource) => {
    const dynamo = statementsOf(resource).filter((statement) => actionsOf(statement).some((action) => action.startsWith('dynamodb:')));
    const onTable = dynamo.filter((statement) => JSON.stringify(statement.Resource) === JSON.stringify(tableArn()));
    const onIndex = dynamo.filter((statement) => !onTable.includes(statement));
    expect(onTable.flatMap(actionsOf).sort()).toEqual(TABLE_ACCESS[resource].actions.map((action) => `dynamodb:${action}`).sort());
    if (TABLE_ACCESS[resource].queriesIndex) {
      expect(onIndex).toEqual([{ Action: 'dynamodb:Query', Effect: 'Allow', Resource: indexArn() }]);
    } else {
      expect(onIndex).toEqual([]);
    }
  });

  it.each(RESOURCES)('%s changes items only in the partitions TABLE_ACCESS lets it write (dynamodb:LeadingKeys)', (resource) => {
    const onTable = statementsOf(resource).filter((statement) => JSON.stringify(statement.Resource) === JSON.stringify(tableArn()));
    const writes = TABLE_ACCESS[resource].actions
      .filter((action) => ITEM_WRITE_ACTIONS.includes(action))
      .map((action) => `dynamodb:${action}`);
    const unconditioned = onTable.filter((statement) => statement.Condition === undefined).flatMap(actionsOf);
    expect(unconditioned.filter((action) => writes.includes(action))).toEqual([]);
    const conditioned = onTable.filter((statement) => statement.Condition !== undefined);
    expect(conditioned).toEqual([
      {
        Action: writes.length === 1 ? writes[0] : expect.arrayContaining(writes),
        Effect: 'Allow',
        Resource: tableArn(),
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...TABLE_ACCESS[resource].writesTo] } },
      },
    ]);
  });

  it('keeps sign-in items to the sign-in functions, and lets reports write only sessions', () => {
    const partitions = (resource: Resource) => TABLE_ACCESS[resource].writesTo;
    const signIn = [emailClaim('e'), emailLookalikeClaim('e'), loginFailures('e')].map(partitionsOf);
    for (const resource of RESOURCES.filter((each) => each !== 'auth' && each !== 'user' && each !== 'signin')) {
      // A student's record carries their account's email claim when its email changes, and erasure removes it: that one only.
      const theirs = resource === 'student' || resource === 'privacy' ? signIn.slice(1) : signIn;
      for (const partition of theirs) expect(partitions(resource), resource).not.toContain(partition);
    }
    const never = ['*', partitionsOf(keys.alertLogEntry({ job: 'j', period: 'p' }, 'r', 's')), partitionsOf(keys.seedMarker('s'))];
    for (const resource of RESOURCES) for (const partition of never) expect(partitions(resource)).not.toContain(partition);
    const sessions = partitionsOf(loginSession('u', 's'));
    // Reports write the caller's session's last use, and the audit entry of a read of a student's record.
    expect(partitions('report')).toEqual([sessions, AUDIT_PARTITIONS]);
    expect(TABLE_ACCESS.report.actions.filter((action) => ITEM_WRITE_ACTIONS.includes(action))).toEqual(['PutItem', 'UpdateItem']);
    for (const resource of RESOURCES) expect(partitions(resource).at(-1), resource).toBe(AUDIT_PARTITIONS);
    const course = partitionsOf(structureNode('course', 'c'));
    expect(partitions('attendance')).toEqual([
      sessions,
      course,
      partitionsOf(keys.collegeSettings()),
      ...LEAVE_PARTITIONS,
      ...CHECK_IN_PARTITIONS,
      AUDIT_PARTITIONS,
    ]);
    expect(partitions('timetable')).toEqual([sessions, partitionsOf(structureNode('term', 't')), AUDIT_PARTITIONS]);
  });

  it('gives no function a wildcard, a Scan or table administration', () => {
    for (const resource of RESOURCES) {
      for (const action of statementsOf(resource).flatMap(actionsOf)) {
        expect(action).not.toMatch(/\*|Scan|Table|Backup|Export|Import/);
      }
    }
  });

  it('keeps writes from resources that never make them', () => {
    const actions = (resource: Resource) => statementsOf(resource).flatMap(actionsOf);
    // Attendance is marked once and corrected, never deleted (its UpdateItem is the caller's session's last use).
    for (const write of ['DeleteItem', 'BatchWriteItem']) expect(actions('attendance')).not.toContain(`dynamodb:${write}`);
    // Reports only read (and write the caller's session's last use, and audit entries: PutItem, only there).
    for (const write of ['DeleteItem', 'BatchWriteItem', 'ConditionCheckItem']) {
      expect(actions('report')).not.toContain(`dynamodb:${write}`);
    }
    // Terms are never deleted (its DeleteItem ends the caller's own idle session), nor anything in batches.
    expect(actions('term')).not.toContain('dynamodb:BatchWriteItem');
  });

  it.each(RESOURCES)("%s may read the JWT secret and no other (signin: the providers' client secrets too)", (resource) => {
    const secrets = statementsOf(resource).filter((statement) =>
      actionsOf(statement).some((action) => action.startsWith('secretsmanager:')),
    );
    const jwt = { Ref: secretId() };
    const providers = {
      'Fn::Join': [
        '',
        [
          'arn:',
          { Ref: 'AWS::Partition' },
          ':secretsmanager:',
          { Ref: 'AWS::Region' },
          ':',
          { Ref: 'AWS::AccountId' },
          ':secret:sams-oidc-*',
        ],
      ],
    };
    // CDK merges the sign-in function's two reads into one statement.
    expect(secrets).toEqual([
      { Action: 'secretsmanager:GetSecretValue', Effect: 'Allow', Resource: resource === 'signin' ? [providers, jwt] : jwt },
    ]);
  });
});

describe('HTTP API', () => {
  it('has exactly the routes of the route table', () => {
    const deployed = s.ofType('AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties.RouteKey as string);
    expect(deployed).toHaveLength(ROUTES.length);
    expect(new Set(deployed)).toEqual(new Set(ROUTES.map(routeKey)));
  });

  it("sends each route to its resource's Lambda with payload format 2.0", () => {
    for (const [, route] of s.ofType('AWS::ApiGatewayV2::Route')) {
      const expected = ROUTES.find((candidate) => routeKey(candidate) === route.Properties.RouteKey)!;
      const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref;
      const integration = s.resources[integrationId].Properties;
      expect(integration.IntegrationType).toBe('AWS_PROXY');
      expect(integration.PayloadFormatVersion).toBe('2.0');
      expect(integration.IntegrationUri).toEqual({ 'Fn::GetAtt': [functionOf(expected.resource)[0], 'Arn'] });
    }
  });

  it('throttles its default stage', () => {
    const stage = s.single('AWS::ApiGatewayV2::Stage')[1].Properties;
    expect(stage.StageName).toBe('$default');
    expect(stage.AutoDeploy).toBe(true);
    expect(stage.DefaultRouteSettings).toEqual({ ThrottlingBurstLimit: 200, ThrottlingRateLimit: 100 });
    expect(API_THROTTLE).toEqual({ burstLimit: 200, rateLimit: 100 });
  });

  it('writes one JSON access log line per request, with its id, route and status', () => {
    const { AccessLogSettings } = s.single('AWS::ApiGatewayV2::Stage')[1].Properties;
    const logGroupId = AccessLogSettings.DestinationArn['Fn::GetAtt'][0];
    expect(s.resources[logGroupId].Type).toBe('AWS::Logs::LogGroup');
    expect(s.resources[logGroupId].Properties.RetentionInDays).toBe(30);
    expect(JSON.parse(AccessLogSettings.Format)).toMatchObject({
      requestId: '$context.requestId',
      routeKey: '$context.routeKey',
      status: '$context.status',
    });
  });
});

describe('JWT secret', () => {
  it('is generated by Secrets Manager: 64 letters and digits', () => {
    const { GenerateSecretString } = s.single('AWS::SecretsManager::Secret')[1].Properties;
    expect(GenerateSecretString.PasswordLength).toBeGreaterThanOrEqual(64);
    expect(GenerateSecretString.ExcludePunctuation).toBe(true);
    expect(GenerateSecretString.SecretStringTemplate).toBeUndefined();
  });
});
