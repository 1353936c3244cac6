import { Aws, CfnCondition, CfnParameter, Fn, Stack } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { MESSAGES } from '@shared/messages';
import { API_PREFIX, ROUTES } from '@shared/routes';

const LOGIN = ROUTES.find((route) => route.method === 'POST' && route.path === '/auth/login')!;
export const LOGIN_PATH = `${API_PREFIX}${LOGIN.path}`;
/** Logins one client address may send in LOGIN_WINDOW_SECONDS; more are refused with 429 until its rate falls. */
export const LOGINS_PER_CLIENT = 100;
/** WAF's shortest window for a rate-based rule. */
export const LOGIN_WINDOW_SECONDS = 300;
export const WEB_ACL_ARN_PARAMETER = 'WebAclArn';

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/**
 * The AWS WAF web ACL of the CloudFront distribution: allows everything but more than
 * LOGINS_PER_CLIENT logins per client address in five minutes (a flood of logins from one machine
 * made everyone's sign-in wait). A CloudFront web ACL lives in us-east-1 only.
 */
export function loginRateLimitAcl(scope: Construct, id: string): CfnWebACL {
  return new CfnWebACL(scope, id, {
    description: 'SAMS: limits logins per client address',
    scope: 'CLOUDFRONT',
    defaultAction: { allow: {} },
    visibilityConfig: visibility('SamsWebAcl'),
    customResponseBodies: {
      TooManyLogins: {
        contentType: 'APPLICATION_JSON',
        content: JSON.stringify({ data: null, message: MESSAGES.loginsFromHereThrottled }),
      },
    },
    rules: [
      {
        name: 'LoginsPerClient',
        priority: 0,
        action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'TooManyLogins' } } },
        statement: {
          rateBasedStatement: {
            limit: LOGINS_PER_CLIENT,
            evaluationWindowSec: LOGIN_WINDOW_SECONDS,
            aggregateKeyType: 'IP',
            scopeDownStatement: {
              byteMatchStatement: {
                fieldToMatch: { uriPath: {} },
                positionalConstraint: 'STARTS_WITH',
                searchString: LOGIN_PATH,
                // API Gateway routes this path only as written; lower case also counts any spelling a client tries.
                textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
              },
            },
          },
        },
        visibilityConfig: visibility('SamsLoginsPerClient'),
      },
    ],
  });
}

/**
 * The web ACL ARN for the distribution: the WebAclArn parameter when set (an ACL made in us-east-1,
 * by the SamsEdge stack); otherwise, in us-east-1, the stack's own; elsewhere none.
 */
export function distributionWebAclArn(scope: Construct): string {
  const stack = Stack.of(scope);
  const given = new CfnParameter(stack, WEB_ACL_ARN_PARAMETER, {
    type: 'String',
    default: '',
    allowedPattern: '^(arn:aws[a-z-]*:wafv2:us-east-1:\\d{12}:global/webacl/.+)?$',
    description:
      'Deploying outside us-east-1: the WebAclArn output of the SamsEdge stack (the login rate limit, docs/operations.md); leave empty in us-east-1, where the stack makes its own',
  });
  const hasGiven = new CfnCondition(stack, 'WebAclArnGiven', { expression: Fn.conditionNot(Fn.conditionEquals(given.valueAsString, '')) });
  const makesOwn = new CfnCondition(stack, 'MakesOwnWebAcl', {
    expression: Fn.conditionAnd(Fn.conditionEquals(Aws.REGION, 'us-east-1'), Fn.conditionNot(hasGiven)),
  });
  const own = loginRateLimitAcl(scope, 'LoginRateLimit');
  own.cfnOptions.condition = makesOwn;
  return Fn.conditionIf(hasGiven.logicalId, given.valueAsString, Fn.conditionIf(makesOwn.logicalId, own.attrArn, Aws.NO_VALUE)).toString();
}
