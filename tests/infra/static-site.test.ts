import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { CLOUDFRONT_ORIGIN_TOKEN_HEADER } from '@shared/constants';
import { ACCESS_LOG_DAYS } from '@infra/constructs/site-logs';
import { attachmentsOrigin } from '@infra/constructs/attachments-bucket';
import { HSTS, PAGE_HEADERS, pageHeadersConnectingTo } from '@shared/security-headers';
import { useSynthesizedStack, type Json } from './synthesized-stack';

// CloudFront and the bucket of the stack (infra/constructs/static-site.ts).
const s = useSynthesizedStack();

const distribution = () => s.single('AWS::CloudFront::Distribution')[1].Properties.DistributionConfig;

/** Runs a CloudFront Function's code (plain ES5) on a viewer request. */
function runCloudFrontFunction(code: string, request: Json): Json {
  const handler = new Function(`${code}\nreturn handler;`)() as (event: Json) => Json;
  return handler({ version: '1.0', context: { eventType: 'viewer-request' }, viewer: { ip: '192.0.2.1' }, request });
}

function functionCodeOf(association: Json[]): string {
  const viewerRequest = association.find((entry) => entry.EventType === 'viewer-request');
  return s.resources[viewerRequest.FunctionARN['Fn::GetAtt'][0]].Properties.FunctionCode;
}

describe('static site', () => {
  it('keeps its bucket private, encrypted and HTTPS-only', () => {
    s.template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
    });
    s.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('lets only this distribution read the bucket, through origin access control', () => {
    const [oacId, oac] = s.single('AWS::CloudFront::OriginAccessControl');
    expect(oac.Properties.OriginAccessControlConfig).toMatchObject({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' });
    const s3Origin = distribution().Origins.find((origin: Json) => origin.S3OriginConfig);
    expect(s3Origin.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [oacId, 'Id'] });
    expect(s3Origin.S3OriginConfig.OriginAccessIdentity).toBe('');
    s.template.hasResourceProperties('AWS::S3::BucketPolicy', {
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
    const apiId = s.single('AWS::ApiGatewayV2::Api')[0];
    expect(origin.DomainName).toEqual({ 'Fn::Select': [2, { 'Fn::Split': ['/', { 'Fn::GetAtt': [apiId, 'ApiEndpoint'] }] }] });
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
  });

  it('sends the API the origin token every function expects, so only CloudFront may set x-forwarded-host', () => {
    const api = distribution().CacheBehaviors.find((behavior: Json) => behavior.PathPattern === '/api/*');
    const origin = distribution().Origins.find((candidate: Json) => candidate.Id === api.TargetOriginId);
    const stackUuid = { 'Fn::Select': [2, { 'Fn::Split': ['/', { Ref: 'AWS::StackId' }] }] };
    expect(origin.OriginCustomHeaders).toEqual([{ HeaderName: CLOUDFRONT_ORIGIN_TOKEN_HEADER, HeaderValue: stackUuid }]);
    const functions = Object.values(s.template.findResources('AWS::Lambda::Function')) as Json[];
    const apiFunctions = functions.filter((fn) => fn.Properties.Environment?.Variables?.JWT_SECRET_ARN);
    expect(apiFunctions.length).toBeGreaterThan(5);
    for (const fn of apiFunctions) expect(fn.Properties.Environment.Variables.CLOUDFRONT_ORIGIN_TOKEN).toEqual(stackUuid);
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
    const [policyId, policy] = s.single('AWS::CloudFront::ResponseHeadersPolicy');
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
    // connect-src also names the attachments bucket's origin (tests/infra/attachments-bucket.test.ts).
    const csp = pageHeadersConnectingTo([attachmentsOrigin(s.stack)])['content-security-policy']!;
    expect(sent).toEqual({ ...PAGE_HEADERS, 'content-security-policy': s.stack.resolve(csp) });
    expect(sent['strict-transport-security']).toBe(HSTS);
    for (const header of ['ContentSecurityPolicy', 'StrictTransportSecurity', 'ContentTypeOptions', 'ReferrerPolicy', 'FrameOptions']) {
      expect(config[header].Override, header).toBe(true);
    }
  });

  it('publishes hashed assets for a year and pages revalidated, then invalidates the cache', () => {
    const deployments = s.ofType('Custom::CDKBucketDeployment').map(([, deployment]) => deployment.Properties);
    const assets = deployments.find((deployment) => deployment.Include?.includes('assets/*'));
    const pages = deployments.find((deployment) => deployment.Exclude?.includes('assets/*'));
    expect(assets.SystemMetadata['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(assets.Prune).toBe(false);
    expect(pages.SystemMetadata['cache-control']).toBe('no-cache');
    expect(pages.DistributionPaths).toEqual(['/*']);
  });
});

describe('static site: logs and what is published', () => {
  it("writes CloudFront's access logs, without cookies, to a private bucket that expires them and outlives the stack", () => {
    const { Logging } = distribution();
    expect(Logging.Prefix).toBe('cloudfront/');
    // Session cookies never land in the logs (CloudFront leaves them out unless IncludeCookies is true).
    expect(Logging.IncludeCookies ?? false).toBe(false);
    const logsBucketId = Logging.Bucket['Fn::GetAtt'][0];
    const logsBucket = s.resources[logsBucketId];
    expect(logsBucket.DeletionPolicy).toBe('Retain');
    expect(logsBucket.Properties.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({ ExpirationInDays: ACCESS_LOG_DAYS, Status: 'Enabled' }),
    ]);
    expect(ACCESS_LOG_DAYS).toBe(90);
    expect(logsBucket.Properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true, RestrictPublicBuckets: true });
    const logsPolicy = s.ofType('AWS::S3::BucketPolicy').find(([, policy]) => policy.Properties.Bucket.Ref === logsBucketId);
    expect(JSON.stringify(logsPolicy?.[1].Properties.PolicyDocument)).toContain('aws:SecureTransport');
  });

  it('keeps source maps out of the published build, and publishes the rest of it', () => {
    const deployments = s.ofType('Custom::CDKBucketDeployment').map(([, deployment]) => deployment.Properties);
    expect(deployments).toHaveLength(2);
    for (const deployment of deployments) {
      const [objectKey] = deployment.SourceObjectKeys;
      const staged = join(s.outdir, `asset.${String(objectKey).replace(/\.zip$/, '')}`);
      expect(existsSync(join(staged, 'index.html')), staged).toBe(true);
      const files = readdirSync(staged, { recursive: true }).map(String);
      expect(files).toContain(join('assets', 'index-abc123.js'));
      expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    }
    // The build itself keeps them, for debugging.
    expect(existsSync(join(s.webDir, 'assets', 'index-abc123.js.map'))).toBe(true);
  });
});
