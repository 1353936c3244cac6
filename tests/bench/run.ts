/**
 * `npm run bench`: speed, size and cost, measured side by side in one run on this machine.
 * Writes docs/benchmarks.md and bench-results.json. `npm run bench -- cost scale` runs some sections only:
 * those replace their own figures, and the page keeps the other sections' from the last run (saying so).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { startBenchDatabase } from './context';
import { renderMarkdown, type BenchResults } from './report';

const ROOT = new URL('../../', import.meta.url).pathname;
const wanted = new Set(process.argv.slice(2));
const runs = (section: string) => wanted.size === 0 || wanted.has(section);

async function main() {
  const started = Date.now();
  const results: BenchResults = {
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      date: new Date().toISOString(),
    },
    command: `npm run bench${wanted.size ? ` -- ${[...wanted].join(' ')}` : ''}`,
    npmTestSeconds: Number(process.env.SAMS_NPM_TEST_SECONDS) || undefined,
  };
  const dynamo = await startBenchDatabase();
  try {
    // Loaded only now: the backend's DynamoDB client is created on import, with the endpoint above.
    const { startBench } = await import('./context');
    const { installDbMeter } = await import('./measure');
    const { measureOverhead } = await import('./sections/overhead');
    const { measureCost } = await import('./sections/cost');
    const { measureScale } = await import('./sections/scale');
    const { measureReports } = await import('./sections/reports');
    const { measureImport } = await import('./sections/import');
    const { measureInvitations } = await import('./sections/invitations');
    const { measureFamilyBurst } = await import('./sections/family');
    const { measureCheckInBurst } = await import('./sections/check-in');
    const { runLoad } = await import('./sections/load');
    const { measureOneGroup } = await import('./sections/one-group');
    const { measureLighthouse } = await import('./sections/lighthouse');
    const context = await startBench(dynamo);
    try {
      installDbMeter();
      if (runs('overhead')) results.overhead = log('overhead', await measureOverhead(context));
      if (runs('cost')) results.cost = log('cost', await measureCost(context));
      if (runs('scale')) results.scale = log('scale', await measureScale(context));
      if (runs('reports')) results.reports = log('reports', await measureReports(context));
      if (runs('import')) results.import = log('import', await measureImport(context));
      if (runs('invitations')) results.invitations = log('invitations', await measureInvitations(context));
      if (runs('family')) results.family = log('family', await measureFamilyBurst(context));
      if (runs('check-in')) results.checkIn = log('check-in', await measureCheckInBurst(context));
      if (runs('load')) results.load = log('load', await runLoad(context, 50, 60));
      if (runs('one-group')) results.oneGroup = log('one-group', await measureOneGroup(context, 50, 30));
      if (runs('web')) results.lighthouse = log('lighthouse', await measureLighthouse(context));
    } finally {
      await context.stack.stop();
    }
  } finally {
    await dynamo.stop();
  }
  const { measureColdStart } = await import('./sections/cold-start');
  const { measureWebSizes } = await import('./sections/web');
  if (runs('cold-start')) results.coldStart = log('cold-start', measureColdStart());
  if (runs('web')) results.web = log('web', measureWebSizes());
  results.seconds = Math.round((Date.now() - started) / 1000);
  const written = wanted.size === 0 ? results : keptBeside(results);
  writeFileSync(join(ROOT, 'bench-results.json'), `${JSON.stringify(written, null, 2)}\n`);
  writeFileSync(join(ROOT, 'docs', 'benchmarks.md'), renderMarkdown(written));
  console.log(`Wrote docs/benchmarks.md and bench-results.json in ${results.seconds} s`);
}

/** A run of some sections: the last results with these sections' figures replaced, and when they were measured. */
function keptBeside(run: BenchResults): BenchResults {
  const file = join(ROOT, 'bench-results.json');
  if (!existsSync(file)) return run;
  const last = JSON.parse(readFileSync(file, 'utf8')) as BenchResults;
  const { machine, command, seconds, npmTestSeconds: _npmTestSeconds, ...sections } = run;
  const measuredAgain = { command, date: machine.date, seconds: seconds ?? 0 };
  return { ...last, ...sections, remeasured: [...(last.remeasured ?? []), measuredAgain] };
}

function log<T>(section: string, value: T): T {
  console.log(`${section}: done`);
  return value;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
