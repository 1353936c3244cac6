import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';

/** The Lambda runtime of every function the stack builds from functions/ (tests/infra/bundled-stack.test.ts runs the bundles). */
export const FUNCTION_RUNTIME = Runtime.NODEJS_24_X;

/**
 * How every Lambda is bundled (esbuild). tests/infra/table-access.test.ts bundles the same
 * entries with the same format, target and main fields to find the DynamoDB commands each
 * one really reaches.
 */
export const BUNDLE_TARGET = 'node22';
/** ESM builds of the SDK first: esbuild can tree-shake them, CommonJS builds it cannot. */
export const BUNDLE_MAIN_FIELDS = ['module', 'main'];
/** An ESM bundle has no `require`; CommonJS dependencies that call it for Node built-ins get one. */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __samsCreateRequire } from 'node:module'; const require = __samsCreateRequire(import.meta.url);";

const awsStandIn = (file: string) => new URL(`../../functions/lib/aws/${file}`, import.meta.url).pathname;

/** SDK modules a Lambda never runs, each replaced in the bundles by a small stand-in (functions/lib/aws/). */
export const LAMBDA_ALIASES = {
  // Lambda's credentials are always environment variables: skip the SDK's full provider chain.
  '@aws-sdk/credential-provider-node': awsStandIn('lambda-credentials.ts'),
  // Loaded only by operations that stream events, which none of ours do.
  '@smithy/core/event-streams': awsStandIn('no-event-streams.ts'),
};

export const LAMBDA_BUNDLING: BundlingOptions = {
  format: OutputFormat.ESM,
  target: BUNDLE_TARGET,
  mainFields: BUNDLE_MAIN_FIELDS,
  banner: ESM_REQUIRE_BANNER,
  // Bundle the AWS SDK v3 too (nothing external): measured faster cold starts than the runtime's copy.
  externalModules: [],
  esbuildArgs: Object.fromEntries(Object.entries(LAMBDA_ALIASES).map(([module, standIn]) => [`--alias:${module}`, standIn])),
  minify: true,
  sourceMap: true,
  // Stack traces map to file:line with NODE_OPTIONS=--enable-source-maps; the sources themselves need not ship.
  sourcesContent: false,
};
