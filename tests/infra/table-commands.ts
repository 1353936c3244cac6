import { join } from 'node:path';
import { build } from 'esbuild';
import { ESBUILD_OPTIONS } from '@infra/constructs/lambda-bundling';
import type { Resource } from '@shared/routes';

const ROOT = new URL('../../', import.meta.url).pathname;

/** What one resource's bundle sends: the SDK command classes it constructs and the kinds of transaction items it writes. */
export interface BundleCommands {
  commands: Set<string>;
  transactItems: Set<string>;
  queriesIndex: boolean;
}

/**
 * Bundles a resource like the CDK does (ESBUILD_OPTIONS) but unminified,
 * so esbuild's tree shaking leaves only the code the handler can reach, each module under a
 * `// path` comment. Reads the commands from our own modules' code (functions/, shared/).
 */
export async function commandsOfBundle(resource: Resource): Promise<BundleCommands> {
  const result = await build({
    entryPoints: [join(ROOT, 'functions', `${resource}.ts`)],
    absWorkingDir: ROOT,
    ...ESBUILD_OPTIONS,
    write: false,
    minify: false,
    logLevel: 'silent',
  });
  const ownCode = ownModules(result.outputFiles[0]!.text);
  return {
    commands: new Set([...ownCode.matchAll(/\bnew (\w+Command)\d*\(/g)].map((match) => match[1]!)),
    transactItems: new Set([...ownCode.matchAll(/\b(Put|Update|Delete|ConditionCheck)\s*:\s*\{/g)].map((match) => match[1]!)),
    queriesIndex: /\bIndexName\s*:/.test(ownCode),
  };
}

/** The parts of the bundle that come from our sources, not from node_modules. */
function ownModules(bundle: string): string {
  const sections = bundle.split(/^\/\/ (?=\S+\.[cm]?[jt]sx?$)/m);
  return sections.filter((section) => /^(functions|shared)\//.test(section)).join('\n');
}
