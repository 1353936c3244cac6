import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { loginRateLimitAcl, WEB_ACL_ARN_PARAMETER } from './constructs/login-rate-limit';

/**
 * The login rate limit's web ACL for a Sams stack deployed outside us-east-1 (a CloudFront web ACL
 * lives there only): deploy this stack in us-east-1, then pass its WebAclArn output to Sams
 * (docs/operations.md). In us-east-1, the Sams stack makes its own and this one is not needed.
 */
export class SamsEdgeStack extends Stack {
  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, { ...props, env: { ...props.env, region: 'us-east-1' } });
    const acl = loginRateLimitAcl(this, 'LoginRateLimit');
    new CfnOutput(this, WEB_ACL_ARN_PARAMETER, {
      description: 'Pass to the Sams stack: npm run deploy -- Sams -c edge=true --parameters WebAclArn=<this>',
      value: acl.attrArn,
    });
  }
}
