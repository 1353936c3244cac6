import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { LOGIN_WINDOW_SECONDS, LOGINS_PER_CLIENT } from '@infra/constructs/login-rate-limit';
import { SamsEdgeStack } from '@infra/edge-stack';
import { addNagChecks } from '@infra/nag';
import { MESSAGES } from '@shared/messages';
import { synthesizeWithNag, useSynthesizedStack, type Json } from './synthesized-stack';

// The per-client limit on logins deployed (infra/constructs/login-rate-limit.ts): an AWS WAF web ACL on CloudFront.
const s = useSynthesizedStack();

/** What every copy of the web ACL must say: logins per client address over five minutes, the rest allowed. */
function expectLoginRateLimit(acl: Json) {
  expect(acl.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
  expect(acl.Properties.Rules).toEqual([
    expect.objectContaining({
      Action: { Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'TooManyLogins' } } },
      Statement: {
        RateBasedStatement: {
          Limit: LOGINS_PER_CLIENT,
          EvaluationWindowSec: LOGIN_WINDOW_SECONDS,
          AggregateKeyType: 'IP',
          ScopeDownStatement: {
            ByteMatchStatement: {
              FieldToMatch: { UriPath: {} },
              PositionalConstraint: 'STARTS_WITH',
              SearchString: '/api/v1/auth/login',
              TextTransformations: [{ Priority: 0, Type: 'LOWERCASE' }],
            },
          },
        },
      },
    }),
  ]);
  expect([LOGINS_PER_CLIENT, LOGIN_WINDOW_SECONDS]).toEqual([100, 300]);
  expect(JSON.parse(acl.Properties.CustomResponseBodies.TooManyLogins.Content)).toEqual({
    data: null,
    message: MESSAGES.loginsFromHereThrottled,
  });
}

describe('login rate limit (AWS WAF)', () => {
  it('puts a web ACL limiting logins per client on the distribution: its own in us-east-1, else the WebAclArn parameter', () => {
    const [aclId, acl] = s.single('AWS::WAFv2::WebACL');
    expectLoginRateLimit(acl);
    const template = s.template.toJSON();
    expect(acl.Condition).toBe('MakesOwnWebAcl');
    expect(template.Conditions.MakesOwnWebAcl).toEqual({
      'Fn::And': [{ 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'us-east-1'] }, { 'Fn::Not': [{ Condition: 'WebAclArnGiven' }] }],
    });
    expect(template.Conditions.WebAclArnGiven).toEqual({ 'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'WebAclArn' }, ''] }] });
    expect(template.Parameters.WebAclArn).toMatchObject({ Type: 'String', Default: '' });

    const distribution = s.single('AWS::CloudFront::Distribution')[1].Properties.DistributionConfig;
    expect(distribution.WebACLId).toEqual({
      'Fn::If': [
        'WebAclArnGiven',
        { Ref: 'WebAclArn' },
        { 'Fn::If': ['MakesOwnWebAcl', { 'Fn::GetAtt': [aclId, 'Arn'] }, { Ref: 'AWS::NoValue' }] },
      ],
    });
  });

  it('takes only the ARN of a CloudFront web ACL as WebAclArn', () => {
    const pattern = new RegExp(s.template.toJSON().Parameters.WebAclArn.AllowedPattern);
    expect(pattern.test('')).toBe(true);
    expect(pattern.test('arn:aws:wafv2:us-east-1:123456789012:global/webacl/LoginRateLimit/0f1e2d3c')).toBe(true);
    expect(pattern.test('arn:aws:wafv2:ap-south-1:123456789012:regional/webacl/LoginRateLimit/0f1e2d3c')).toBe(false);
  });

  it('makes the same web ACL in us-east-1 with the SamsEdge stack, for a Sams stack deployed elsewhere, cdk-nag clean', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'sams-edge-'));
    try {
      const app = new App({ outdir, context: { '@aws-cdk/core:validationReportJson': true } });
      addNagChecks(app);
      const edge = new SamsEdgeStack(app, 'SamsEdge');
      const template = Template.fromStack(edge).toJSON();
      expect(edge.region).toBe('us-east-1');
      const [aclId, acl] = Object.entries(template.Resources as Record<string, Json>)[0]!;
      expectLoginRateLimit(acl);
      expect(template.Outputs.WebAclArn.Value).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
      expect(synthesizeWithNag(app, outdir).findings).toEqual([]);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});
