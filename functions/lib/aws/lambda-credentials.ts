import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * Stands in for @aws-sdk/credential-provider-node in the Lambda bundles (an esbuild alias in
 * infra/constructs/lambda-bundling.ts). Lambda always puts the function's credentials in the
 * environment; the full chain (profiles, SSO, STS, instance metadata) is ~90 KB of bundle that
 * would never run. Locally and in scripts the SDK's own chain is used.
 */
export const defaultProvider = () => fromEnv();
