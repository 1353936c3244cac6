import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Token } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTableInput, GSI1, TABLE_SCHEMA } from '@functions/lib/table-schema';
import { API_THROTTLE } from '@infra/constructs/http-api';
import { RESOURCE_METADATA_KEY } from '@infra/resource-metadata';
import { SamsStack } from '@infra/sams-stack';
import { TABLE_ACCESS, WRITE_ACTIONS } from '@infra/table-access';
import { ROUTES, RESOURCES, routeKey, type Resource } from '@shared/routes';
import { CONTENT_SECURITY_POLICY, HSTS, PAGE_HEADERS } from '@shared/security-headers';

/* eslint-disable @typescript-eslint/no-explicit-any -- CloudFormation JSON is untyped */
type Json = any;

let stack: SamsStack;
let template: Template;
let resources: Record<string, Json>;

const scratch = mkdtempSync(join(tmpdir(), 'sams-stack-test-'));

beforeAll(() => {
  const webDir = join(scratch, 'web');
  mkdirSync(webDir);
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>SAMS</title>');
  // Template checks only: esbuild is skipped here; bundled-stack.test.ts bundles for real.
  const app = new App({ outdir: join(scratch, 'cdk.out'), context: { 'aws:cdk:bundling-stacks': [] } });
  stack = new SamsStack(app, 'Sams', { webDir });
  template = Template.fromStack(stack);
  resources = template.toJSON().Resources;
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const ofType = (type: string): [string, Json][] => Object.entries(resources).filter(([, resource]) => resource.Type === type);
const only = (type: string): [string, Json] => {
  const found = ofType(type);
  expect(found, type).toHaveLength(1);
  return found[0]!;
};
const tableId = () => only('AWS::DynamoDB::Table')[0];
const secretId = () => only('AWS::SecretsManager::Secret')[0];
const distribution = () => only('AWS::CloudFront::Distribution')[1].Properties.DistributionConfig;

function functionOf(resource: Resource): [string, Json] {
  const found = ofType('AWS::Lambda::Function').filter(([, fn]) => fn.Metadata?.[RESOURCE_METADATA_KEY] === resource);
  expect(found, resource).toHaveLength(1);
  return found[0]!;
}

/** Every statement of the policies attached to a function's role. */
function statementsOf(resource: Resource): Json[] {
  const roleId = functionOf(resource)[1].Properties.Role['Fn::GetAtt'][0];
  return ofType('AWS::IAM::Policy')
    .filter(([, policy]) => policy.Properties.Roles.some((role: Json) => role.Ref === roleId))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement);
}

const actionsOf = (statement: Json): string[] => [statement.Action].flat();
const tableArn = () => ({ 'Fn::GetAtt': [tableId(), 'Arn'] });

/** Runs a CloudFront Function's code (plain ES5) on a viewer request. */
function runCloudFrontFunction(code: string, request: Json): Json {
  const handler = new Function(`${code}\nreturn handler;`)() as (event: Json) => Json;
  return handler({ version: '1.0', context: { eventType: 'viewer-request' }, viewer: { ip: '192.0.2.1' }, request });
}

function functionCodeOf(association: Json[]): string {
  const viewerRequest = association.find((entry) => entry.EventType === 'viewer-request');
  return resources[viewerRequest.FunctionARN['Fn::GetAtt'][0]].Properties.FunctionCode;
}

describe('stack', () => {
  it('is environment-agnostic, so synth needs no account, region or credentials', () => {
    expect(Token.isUnresolved(stack.account)).toBe(true);
    expect(Token.isUnresolved(stack.region)).toBe(true);
  });

  it('outputs the site URL, the API URL and the table name', () => {
    const outputs = template.toJSON().Outputs;
    expect(Object.keys(outputs).sort()).toEqual(['ApiUrl', 'SiteUrl', 'TableName']);
    expect(JSON.stringify(outputs.SiteUrl.Value)).toContain('DomainName');
    expect(JSON.stringify(outputs.ApiUrl.Value)).toContain('.execute-api.');
    expect(outputs.TableName.Value).toEqual({ Ref: tableId() });
  });
});

describe('table', () => {
  it('has the keys and index of TABLE_SCHEMA, exactly as the local table', () => {
    const local = createTableInput('local');
    const table = only('AWS::DynamoDB::Table')[1].Properties;
    expect(table.KeySchema).toEqual(local.KeySchema);
    expect(table.GlobalSecondaryIndexes).toEqual(local.GlobalSecondaryIndexes);
    expect(new Set(table.AttributeDefinitions)).toEqual(new Set(local.AttributeDefinitions));
    expect(table.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table.TimeToLiveSpecification).toEqual({ AttributeName: TABLE_SCHEMA.ttlAttribute, Enabled: true });
  });

  it('is restorable to a point in time, protected from deletion, and kept when the stack goes', () => {
    template.hasResource('AWS::DynamoDB::Table', {
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
    const served = ofType('AWS::Lambda::Function')
      .map(([, fn]) => fn.Metadata?.[RESOURCE_METADATA_KEY])
      .filter(Boolean);
    expect(served.sort()).toEqual([...RESOURCES].sort());
  });

  it.each(RESOURCES)('%s runs on Node 22, arm64, 29 s, with the table, the secret ARN and source maps', (resource) => {
    const fn = functionOf(resource)[1].Properties;
    expect(fn.Runtime).toBe('nodejs22.x');
    expect(fn.Architectures).toEqual(['arm64']);
    expect(fn.Handler).toBe('index.handler');
    expect(fn.Timeout).toBe(29);
    expect(fn.MemorySize).toBe(resource === 'auth' ? 1024 : 512);
    expect(fn.Environment.Variables).toEqual({
      TABLE_NAME: { Ref: tableId() },
      JWT_SECRET_ARN: { Ref: secretId() },
      NODE_OPTIONS: '--enable-source-maps',
    });
  });

  it('never run in demo mode nor carry a signing key in their environment', () => {
    for (const [, fn] of ofType('AWS::Lambda::Function')) {
      const variables = Object.keys(fn.Properties.Environment?.Variables ?? {});
      expect(variables).not.toContain('DEMO_MODE');
      expect(variables).not.toContain('JWT_SECRET');
    }
  });

  it.each(RESOURCES)('%s logs to its own log group, kept a month', (resource) => {
    const logGroupId = functionOf(resource)[1].Properties.LoggingConfig.LogGroup.Ref;
    expect(resources[logGroupId].Properties.RetentionInDays).toBe(30);
  });
});

describe('least privilege', () => {
  it.each(RESOURCES)('%s may call exactly the table actions TABLE_ACCESS grants it, on the table only', (resource) => {
    const dynamo = statementsOf(resource).filter((statement) => actionsOf(statement).some((action) => action.startsWith('dynamodb:')));
    const onTable = dynamo.filter((statement) => JSON.stringify(statement.Resource) === JSON.stringify(tableArn()));
    const onIndex = dynamo.filter((statement) => statement !== onTable[0]);
    expect(onTable).toHaveLength(1);
    expect(actionsOf(onTable[0]).sort()).toEqual(TABLE_ACCESS[resource].actions.map((action) => `dynamodb:${action}`).sort());
    if (TABLE_ACCESS[resource].queriesIndex) {
      expect(onIndex).toEqual([
        { Action: 'dynamodb:Query', Effect: 'Allow', Resource: { 'Fn::Join': ['', [tableArn(), `/index/${GSI1}`]] } },
      ]);
    } else {
      expect(onIndex).toEqual([]);
    }
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
    // Users are created by auth (register); the user resource lists and deletes them.
    expect(actions('user')).not.toContain('dynamodb:PutItem');
    expect(actions('user')).not.toContain('dynamodb:UpdateItem');
    // Attendance is marked once and never edited or deleted.
    for (const write of WRITE_ACTIONS.filter((action) => action !== 'PutItem')) {
      expect(actions('attendance')).not.toContain(`dynamodb:${write}`);
    }
    // Terms are never deleted.
    expect(actions('term')).not.toContain('dynamodb:DeleteItem');
    expect(actions('term')).not.toContain('dynamodb:BatchWriteItem');
  });

  it.each(RESOURCES)('%s may read the JWT secret and no other', (resource) => {
    const secrets = statementsOf(resource).filter((statement) =>
      actionsOf(statement).some((action) => action.startsWith('secretsmanager:')),
    );
    expect(secrets).toEqual([{ Action: 'secretsmanager:GetSecretValue', Effect: 'Allow', Resource: { Ref: secretId() } }]);
  });
});

describe('HTTP API', () => {
  it('has exactly the routes of the route table', () => {
    const deployed = ofType('AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties.RouteKey as string);
    expect(deployed).toHaveLength(ROUTES.length);
    expect(new Set(deployed)).toEqual(new Set(ROUTES.map(routeKey)));
  });

  it("sends each route to its resource's Lambda with payload format 2.0", () => {
    for (const [, route] of ofType('AWS::ApiGatewayV2::Route')) {
      const expected = ROUTES.find((candidate) => routeKey(candidate) === route.Properties.RouteKey)!;
      const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref;
      const integration = resources[integrationId].Properties;
      expect(integration.IntegrationType).toBe('AWS_PROXY');
      expect(integration.PayloadFormatVersion).toBe('2.0');
      expect(integration.IntegrationUri).toEqual({ 'Fn::GetAtt': [functionOf(expected.resource)[0], 'Arn'] });
    }
  });

  it('throttles its default stage', () => {
    const stage = only('AWS::ApiGatewayV2::Stage')[1].Properties;
    expect(stage.StageName).toBe('$default');
    expect(stage.AutoDeploy).toBe(true);
    expect(stage.DefaultRouteSettings).toEqual({ ThrottlingBurstLimit: 200, ThrottlingRateLimit: 100 });
    expect(API_THROTTLE).toEqual({ burstLimit: 200, rateLimit: 100 });
  });

  it('writes one JSON access log line per request, with its id, route and status', () => {
    const { AccessLogSettings } = only('AWS::ApiGatewayV2::Stage')[1].Properties;
    const logGroupId = AccessLogSettings.DestinationArn['Fn::GetAtt'][0];
    expect(resources[logGroupId].Type).toBe('AWS::Logs::LogGroup');
    expect(resources[logGroupId].Properties.RetentionInDays).toBe(30);
    expect(JSON.parse(AccessLogSettings.Format)).toMatchObject({
      requestId: '$context.requestId',
      routeKey: '$context.routeKey',
      status: '$context.status',
    });
  });
});

describe('JWT secret', () => {
  it('is generated by Secrets Manager: 64 letters and digits', () => {
    const { GenerateSecretString } = only('AWS::SecretsManager::Secret')[1].Properties;
    expect(GenerateSecretString.PasswordLength).toBeGreaterThanOrEqual(64);
    expect(GenerateSecretString.ExcludePunctuation).toBe(true);
    expect(GenerateSecretString.SecretStringTemplate).toBeUndefined();
  });
});

describe('static site', () => {
  it('keeps its bucket private, encrypted and HTTPS-only', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('lets only this distribution read the bucket, through origin access control', () => {
    const [oacId, oac] = only('AWS::CloudFront::OriginAccessControl');
    expect(oac.Properties.OriginAccessControlConfig).toMatchObject({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' });
    const s3Origin = distribution().Origins.find((origin: Json) => origin.S3OriginConfig);
    expect(s3Origin.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [oacId, 'Id'] });
    expect(s3Origin.S3OriginConfig.OriginAccessIdentity).toBe('');
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Allow', Action: 's3:GetObject', Principal: { Service: 'cloudfront.amazonaws.com' } }),
        ]),
      },
    });
  });

  it('serves index.html at the root', () => {
    expect(distribution().DefaultRootObject).toBe('index.html');
  });

  it('sends /api/* to the HTTP API uncached, with every method, cookie, query string and viewer header but Host', () => {
    const api = distribution().CacheBehaviors.find((behavior: Json) => behavior.PathPattern === '/api/*');
    expect(api.CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
    expect(api.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // Managed-CachingDisabled
    // Managed-AllViewerExceptHostHeader: all viewer headers except Host, all cookies, all query strings.
    expect(api.OriginRequestPolicyId).toBe(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId);
    expect(api.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac');
    expect(new Set(api.AllowedMethods)).toEqual(new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']));
    expect(api.ViewerProtocolPolicy).toBe('https-only');

    const origin = distribution().Origins.find((candidate: Json) => candidate.Id === api.TargetOriginId);
    const apiId = only('AWS::ApiGatewayV2::Api')[0];
    expect(origin.DomainName).toEqual({ 'Fn::Select': [2, { 'Fn::Split': ['/', { 'Fn::GetAtt': [apiId, 'ApiEndpoint'] }] }] });
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
  });

  it("passes the viewer's host to the API as x-forwarded-host, replacing a forged one", () => {
    const api = distribution().CacheBehaviors.find((behavior: Json) => behavior.PathPattern === '/api/*');
    const code = functionCodeOf(api.FunctionAssociations);
    const request = runCloudFrontFunction(code, {
      method: 'POST',
      uri: '/api/v1/term',
      headers: { host: { value: 'd111111abcdef8.cloudfront.net' }, 'x-forwarded-host': { value: 'evil.example' } },
      querystring: {},
      cookies: {},
    });
    expect(request.headers['x-forwarded-host']).toEqual({ value: 'd111111abcdef8.cloudfront.net' });
    expect(request.uri).toBe('/api/v1/term');
  });

  it('answers client routes with index.html through a function, and leaves files alone', () => {
    const code = functionCodeOf(distribution().DefaultCacheBehavior.FunctionAssociations);
    const uriFor = (uri: string) => runCloudFrontFunction(code, { method: 'GET', uri, headers: {}, querystring: {}, cookies: {} }).uri;
    expect(uriFor('/dashboard/term')).toBe('/index.html');
    expect(uriFor('/login')).toBe('/index.html');
    expect(uriFor('/')).toBe('/index.html');
    expect(uriFor('/assets/x.js')).toBe('/assets/x.js');
    expect(uriFor('/favicon.ico')).toBe('/favicon.ico');
  });

  it('does not turn errors into index.html', () => {
    const errorResponses: Json[] = distribution().CustomErrorResponses ?? [];
    expect(errorResponses.filter((response) => [403, 404].includes(response.ErrorCode))).toEqual([]);
  });

  it('sends the page security headers of shared/security-headers.ts', () => {
    const [policyId, policy] = only('AWS::CloudFront::ResponseHeadersPolicy');
    expect(distribution().DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    const config = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const hsts = config.StrictTransportSecurity;
    const sent: Record<string, string> = {
      'content-security-policy': config.ContentSecurityPolicy.ContentSecurityPolicy,
      'strict-transport-security': `max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}${hsts.Preload ? '; preload' : ''}`,
      'x-content-type-options': 'nosniff',
      'referrer-policy': config.ReferrerPolicy.ReferrerPolicy,
      'x-frame-options': config.FrameOptions.FrameOption,
    };
    expect(sent).toEqual(PAGE_HEADERS);
    expect(sent['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(sent['strict-transport-security']).toBe(HSTS);
    for (const header of ['ContentSecurityPolicy', 'StrictTransportSecurity', 'ContentTypeOptions', 'ReferrerPolicy', 'FrameOptions']) {
      expect(config[header].Override, header).toBe(true);
    }
  });

  it('publishes hashed assets for a year and pages revalidated, then invalidates the cache', () => {
    const deployments = ofType('Custom::CDKBucketDeployment').map(([, deployment]) => deployment.Properties);
    const assets = deployments.find((deployment) => deployment.Include?.includes('assets/*'));
    const pages = deployments.find((deployment) => deployment.Exclude?.includes('assets/*'));
    expect(assets.SystemMetadata['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(assets.Prune).toBe(false);
    expect(pages.SystemMetadata['cache-control']).toBe('no-cache');
    expect(pages.DistributionPaths).toEqual(['/*']);
  });
});
