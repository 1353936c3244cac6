import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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
 * Lambda cold start per resource: the bundle `cdk synth` made (minified bytes) and the time a
 * fresh Node process takes to import it, against a fresh process importing an empty module.
 */
export function measureColdStart(): ColdStartRow[] {
  // Synthesize afresh, so the figures are of the code as it is now.
  const assembly = join(ROOT, 'cdk.out');
  const synth = spawnSync('npm', ['run', 'synth', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (synth.status !== 0 || !existsSync(join(assembly, 'manifest.json'))) throw new Error('npm run synth failed');
  const bundles = findBundles(assembly);
  const empty = join(mkdtempSync(join(tmpdir(), 'sams-empty-')), 'empty.mjs');
  writeFileSync(empty, 'export {};\n');
  const emptyMs = importTime(empty);
  return RESOURCES.map((resource) => {
    const importMs = importTime(bundles[resource]);
    return {
      resource,
      bytes: statSync(bundles[resource]).size,
      importMs: round(importMs, 1),
      emptyMs: round(emptyMs, 2),
      differenceMs: round(importMs - emptyMs, 1),
      ratio: round(importMs / emptyMs, 1),
    };
  });
}
