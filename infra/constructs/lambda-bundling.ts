import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/** The Lambda runtime of every function the stack builds from functions/ (tests/infra/bundled-stack.test.ts runs the bundles). */
export const FUNCTION_RUNTIME = Runtime.NODEJS_24_X;

/** How every Lambda is bundled (esbuild): the CDK's options below, and the same as esbuild's own (ESBUILD_OPTIONS). */
const BUNDLE_TARGET = 'node22';
/** ESM builds of the SDK first: esbuild can tree-shake them, CommonJS builds it cannot. */
const BUNDLE_MAIN_FIELDS = ['module', 'main'];
/** An ESM bundle has no `require`; CommonJS dependencies that call it for Node built-ins get one. */
const ESM_REQUIRE_BANNER =
  "import { createRequire as __samsCreateRequire } from 'node:module'; const require = __samsCreateRequire(import.meta.url);";

const awsStandIn = (file: string) => new URL(`../../functions/lib/aws/${file}`, import.meta.url).pathname;

/** SDK modules a Lambda never runs, each replaced in the bundles by a small stand-in (functions/lib/aws/). */
export const LAMBDA_ALIASES = {
  // Lambda's credentials are always environment variables: skip the SDK's full provider chain.
  '@aws-sdk/credential-provider-node': awsStandIn('lambda-credentials.ts'),
  // Loaded only by operations that stream events, which none of ours do.
  '@smithy/core/event-streams': awsStandIn('no-event-streams.ts'),
};

/**
 * The bundling of LAMBDA_BUNDLING as esbuild's own options, for code that bundles a module as the
 * CDK does: tests/infra/table-commands.ts (the DynamoDB commands each resource really reaches) and
 * the bench's cold-start floor.
 */
export const ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: BUNDLE_TARGET,
  mainFields: BUNDLE_MAIN_FIELDS,
  banner: { js: ESM_REQUIRE_BANNER },
  alias: LAMBDA_ALIASES,
} satisfies BuildOptions;

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
