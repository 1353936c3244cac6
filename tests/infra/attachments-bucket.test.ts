import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { AttachmentsBucket, attachmentsOrigin, LEAVE_ATTACHMENT_DAYS } from '@infra/constructs/attachments-bucket';
import { SiteLogs } from '@infra/constructs/site-logs';
import { addNagChecks } from '@infra/nag';
import { createLocalServer } from '@infra/local/server';
import { CONTENT_SECURITY_POLICY, PAGE_HEADERS, pageHeadersConnectingTo } from '@shared/security-headers';
import { CDK_CONTEXT, synthesizeWithNag, type Json } from './synthesized-stack';

const SITE = 'https://d111111abcdef8.cloudfront.net';
const scratch = mkdtempSync(join(tmpdir(), 'sams-attachments-stack-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The bucket as sams-stack.ts wires it: logs to the site's log bucket, the leave function granted. */
function attachmentsStack(nag = false) {
  const app = new App({
    outdir: join(scratch, nag ? 'nag' : 'plain'),
    context: { ...CDK_CONTEXT, '@aws-cdk/core:validationReportJson': true },
  });
  if (nag) addNagChecks(app);
  const stack = new Stack(app, 'Sams');
  const leave = new LambdaFunction(stack, 'Leave', {
    runtime: Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: Code.fromInline('exports.handler = async () => ({})'),
  });
  const attachments = new AttachmentsBucket(stack, 'Attachments', { siteOrigin: SITE, logsBucket: new SiteLogs(stack, 'Logs').bucket });
  attachments.grantTo(leave);
  return { app, stack, attachments };
}

const { stack, attachments } = attachmentsStack();
const template = Template.fromStack(stack);
const bucketId = stack.getLogicalId(attachments.bucket.node.defaultChild as never);
const bucket = (): Json => template.toJSON().Resources[bucketId].Properties;

describe('the attachments bucket', () => {
  it('is private, encrypted, unversioned and HTTPS-only, and logs every request', () => {
    expect(bucket()).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
      LoggingConfiguration: { LogFilePrefix: 'attachments/' },
    });
    expect(bucket().VersioningConfiguration).toBeUndefined();
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    expect(template.toJSON().Resources[bucketId].DeletionPolicy).toBe('Retain');
  });

  it('drops aborted uploads and old versions after a day, unclaimed uploads after a day, leave files after 3 years', () => {
    expect(bucket().LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
        Status: 'Enabled',
      }),
      expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' }),
      expect.objectContaining({ Prefix: 'leave/', ExpirationInDays: LEAVE_ATTACHMENT_DAYS, Status: 'Enabled' }),
    ]);
    expect(LEAVE_ATTACHMENT_DAYS).toBeGreaterThanOrEqual(3 * 365);
  });

  it("lets only the site's pages post uploads and fetch files (CORS)", () => {
    expect(bucket().CorsConfiguration.CorsRules).toEqual([
      expect.objectContaining({ AllowedOrigins: [SITE], AllowedMethods: ['POST', 'GET', 'HEAD'] }),
    ]);
  });

  it("has the fixed name whose origin the pages' CSP names (connect-src)", () => {
    const name = bucket().BucketName;
    expect(name['Fn::Join'][1]).toEqual([
      expect.stringMatching(/^sams-attachments-[0-9a-f]{8}$/),
      { Ref: 'AWS::AccountId' },
      { Ref: 'AWS::Region' },
    ]);
    expect(stack.resolve(attachmentsOrigin(stack))).toEqual({
      'Fn::Join': ['', ['https://', name, '.s3.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }]],
    });
  });

  it('lets the leave function put, get and delete objects and list the bucket, nothing more, and names the bucket to it', () => {
    const [, policy] = Object.entries(template.findResources('AWS::IAM::Policy')).find(([id]) => id.startsWith('LeaveServiceRole'))!;
    const statements = (policy as Json).Properties.PolicyDocument.Statement as Json[];
    const s3 = statements.filter((statement) => JSON.stringify(statement.Action).includes('s3:'));
    expect(s3).toEqual([
      expect.objectContaining({
        Action: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, '/*']] },
      }),
      expect.objectContaining({ Action: 's3:ListBucket', Resource: { 'Fn::GetAtt': [bucketId, 'Arn'] } }),
    ]);
    template.hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: { ATTACHMENTS_BUCKET: { Ref: bucketId } } } });
  });

  it('leaves cdk-nag no finding on the bucket or the grant', () => {
    const { app } = attachmentsStack(true);
    const findings = synthesizeWithNag(app, join(scratch, 'nag')).findings;
    expect(findings.filter((finding) => /Attachments|Leave\/ServiceRole\/DefaultPolicy/.test(finding.path))).toEqual([]);
  });
});

describe("the pages' CSP with the attachments origin", () => {
  const origin = 'https://sams-attachments-1.s3.ap-south-1.amazonaws.com';

  it('adds the origin to connect-src and changes nothing else', () => {
    const headers = pageHeadersConnectingTo([origin]);
    expect(headers).toEqual({
      ...PAGE_HEADERS,
      'content-security-policy': CONTENT_SECURITY_POLICY.replace("connect-src 'self'", `connect-src 'self' ${origin}`),
    });
    expect(headers['content-security-policy']).not.toBe(CONTENT_SECURITY_POLICY);
    expect(pageHeadersConnectingTo([])).toBe(PAGE_HEADERS);
  });

  it('is what the local server sends with its pages when given the local S3 server', async () => {
    const webDir = join(scratch, 'web');
    mkdirSync(webDir, { recursive: true });
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>SAMS</title>');
    const server = createLocalServer({
      loadHandler: () => Promise.reject(new Error('no API here')),
      webDir,
      allowedHosts: new Set(['127.0.0.1']),
      connectOrigins: ['http://127.0.0.1:4568'],
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/leave`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toContain("connect-src 'self' http://127.0.0.1:4568;");
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
