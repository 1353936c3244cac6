import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { ESBUILD_OPTIONS } from '@infra/constructs/lambda-bundling';
import { findBundles } from '@infra/local/bundled-handlers';
import { RESOURCES } from '@shared/routes';
import { percentile, round } from '../measure';

export interface ColdStartRow {
  resource: string;
  bytes: number;
  importMs: number;
  emptyMs: number;
  differenceMs: number;
  ratio: number;
}

const ROOT = new URL('../../../', import.meta.url).pathname;
const RUNS = 10;

/** Milliseconds for a fresh Node process to import `file` (median of RUNS). */
function importTime(file: string): number {
  const script = `const t=performance.now();await import(${JSON.stringify(pathToFileURL(file).href)});console.log(performance.now()-t)`;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: {
        ...process.env,
        TABLE_NAME: 'bench',
        JWT_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:bench',
        AWS_REGION: 'us-east-1',
      },
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`import of ${file} failed: ${run.stderr}`);
    times.push(Number(run.stdout.trim()));
  }
  return percentile(times, 50);
}

/**
 * What every bundle pays before any code of ours: functions/lib/db.ts (the one DynamoDB document
 * client, created at import) bundled as the CDK bundles a resource, and the Node built-ins that
 * bundle imports, on their own.
 */
function floorModules(dir: string): Record<string, string> {
  const dbClient = join(dir, 'db-client.mjs');
  const { metafile } = buildSync({
    entryPoints: [join(ROOT, 'functions/lib/db.ts')],
    outfile: dbClient,
    absWorkingDir: ROOT,
    ...ESBUILD_OPTIONS,
    minify: true,
    metafile: true,
    logLevel: 'silent',
  });
  const builtIns = new Set(
    Object.values(metafile.outputs).flatMap((output) =>
      output.imports.filter((entry) => entry.external && entry.kind === 'import-statement').map((entry) => entry.path),
    ),
  );
  const nodeBuiltIns = join(dir, 'node-built-ins.mjs');
  writeFileSync(nodeBuiltIns, [...builtIns].map((name) => `import ${JSON.stringify(name)};\n`).join(''));
  return { 'floor: the Node built-ins the SDK imports': nodeBuiltIns, 'floor: the DynamoDB client alone (lib/db.ts)': dbClient };
}

/**
 * Lambda cold start per resource: the bundle `cdk synth` made (minified bytes) and the time a
 * fresh Node process takes to import it, against a fresh process importing an empty module; then
 * the floor under them (floorModules).
 */
export function measureColdStart(): ColdStartRow[] {
  // Synthesize afresh, so the figures are of the code as it is now.
  const assembly = join(ROOT, 'cdk.out');
  const synth = spawnSync('npm', ['run', 'synth', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (synth.status !== 0 || !existsSync(join(assembly, 'manifest.json'))) throw new Error('npm run synth failed');
  const bundles = findBundles(assembly);
  const dir = mkdtempSync(join(tmpdir(), 'sams-cold-start-'));
  const empty = join(dir, 'empty.mjs');
  writeFileSync(empty, 'export {};\n');
  const emptyMs = importTime(empty);
  const files: [string, string][] = [
    ...RESOURCES.map((resource) => [resource, bundles[resource]] as [string, string]),
    ...Object.entries(floorModules(dir)),
  ];
  return files.map(([resource, file]) => {
    const importMs = importTime(file);
    return {
      resource,
      bytes: statSync(file).size,
      importMs: round(importMs, 1),
      emptyMs: round(emptyMs, 2),
      differenceMs: round(importMs - emptyMs, 1),
      ratio: round(importMs / emptyMs, 1),
    };
  });
}
