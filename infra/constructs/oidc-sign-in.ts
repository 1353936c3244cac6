import { Aws, CfnParameter, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

/** Where a provider's client secret lives: Secrets Manager secrets named with this prefix (README, "Sign-in with Google or Microsoft"). */
export const OIDC_SECRET_PREFIX = 'sams-oidc-';

/**
 * Sign-in with the college's Google Workspace or Microsoft Entra ID account (docs/product.md §4): the
 * providers, a JSON parameter (functions/lib/auth/oidc/config.ts reads it as OIDC_PROVIDERS; empty: off), and
 * the sign-in function's right to read their client secrets, kept in Secrets Manager under OIDC_SECRET_PREFIX.
 */
export class OidcSignIn extends Construct {
  constructor(scope: Construct, id: string, { signIn }: { signIn: NodejsFunction }) {
    super(scope, id);
    const providers = new CfnParameter(Stack.of(this), 'OidcProviders', {
      type: 'String',
      default: '',
      description:
        'Google or Microsoft sign-in: a JSON list of {id, issuer, clientId, clientSecretArn, allowedDomain | allowedTenant} (README); empty: off',
    });
    signIn.addEnvironment('OIDC_PROVIDERS', providers.valueAsString);
    const secrets = `arn:${Aws.PARTITION}:secretsmanager:${Aws.REGION}:${Aws.ACCOUNT_ID}:secret:${OIDC_SECRET_PREFIX}*`;
    signIn.addToRolePolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secrets] }));
    acknowledge(signIn.role!, {
      'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:secretsmanager:<AWS::Region>:<AWS::AccountId>:secret:sams-oidc-*]':
        'The client secrets of the sign-in providers the operator configures: named by this prefix, read only by the sign-in function',
    });
  }
}
