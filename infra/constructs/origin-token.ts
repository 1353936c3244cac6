import { Fn, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * The value CloudFront sends in CLOUDFRONT_ORIGIN_TOKEN_HEADER and the functions expect: the
 * stack's own UUID, known to both at deploy time and to nobody outside the account, so a request
 * sent straight to API Gateway cannot pass as coming through CloudFront (docs/security.md).
 */
export const originToken = (scope: IConstruct): string => Fn.select(2, Fn.split('/', Stack.of(scope).stackId));
