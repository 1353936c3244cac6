import { RESOURCES } from '@shared/routes';
import { kb } from './format';
import type { BenchResults } from './results';

/**
 * Issue 20's figures when it was filed (2026-11-24), beside this run's: what changed, as a ratio.
 * The filed figures are constants; this run's come from the sections above.
 */
const FILED = {
  lighthouse: [81, 83],
  firstContentfulPaintMs: 3200,
  initialJsGzipBytes: 100_300,
  bundleBytes: [275_000, 292_000],
  importRatio: [9.5, 13.4],
  currentStatusRatio: 2.1,
  npmTestSeconds: 540, // 'about 9 minutes'
};

const range = (values: number[], format: (value: number) => string) => {
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return low === high ? format(low) : `${format(low)}–${format(high)}`;
};
const times = (ratio: number) => `${ratio}×`;
const ratio = (now: number, then: number) => `${(now / then).toFixed(2)}×`;

/** The section's rows: figure, when filed, this run, this run ÷ filed (on the worst value), target. */
export function sinceFiled(r: BenchResults): string[][] {
  const rows: string[][] = [];
  if (r.lighthouse?.length) {
    // Filed at Lighthouse's mobile preset (4×), as the bench scored then; the calibrated score came later (stop 45).
    const preset = r.lighthouse.map((row) => row.performanceAt4x ?? row.performance);
    const calibrated = r.lighthouse.map((row) => row.performance);
    const fcp = r.lighthouse.map((row) => row.firstContentfulPaintMs);
    rows.push(
      [
        "Lighthouse mobile performance (the four pages, Lighthouse's mobile preset: 4×)",
        range(FILED.lighthouse, String),
        range(preset, String),
        ratio(Math.min(...preset), FILED.lighthouse[0]!),
        '≥ 95',
      ],
      ['the same loads with the CPU slowdown calibrated to the host (stricter)', '–', range(calibrated, String), '–', '–'],
      [
        'first contentful paint, slowest page',
        `${FILED.firstContentfulPaintMs} ms`,
        `${Math.max(...fcp)} ms`,
        ratio(Math.max(...fcp), FILED.firstContentfulPaintMs),
        '–',
      ],
    );
  }
  if (r.web) {
    rows.push([
      'initial JS, gzip',
      kb(FILED.initialJsGzipBytes),
      kb(r.web.initialJsGzip),
      ratio(r.web.initialJsGzip, FILED.initialJsGzipBytes),
      '≤ 85 KB',
    ]);
  }
  const bundles = r.coldStart?.filter((row) => (RESOURCES as readonly string[]).includes(row.resource)) ?? [];
  if (bundles.length) {
    const bytes = bundles.map((row) => row.bytes);
    const imports = bundles.map((row) => row.ratio);
    rows.push(
      ['Lambda bundle', range(FILED.bundleBytes, kb), range(bytes, kb), ratio(Math.max(...bytes), FILED.bundleBytes[1]!), '≤ 250 KB'],
      [
        'import ÷ an empty module',
        range(FILED.importRatio, times),
        range(imports, times),
        ratio(Math.max(...imports), FILED.importRatio[1]!),
        '≤ 5×',
      ],
    );
  }
  const status = r.overhead?.find((row) => row.route === 'GET auth/currentstatus');
  const measured = r.overhead?.filter((row) => row.requests > 0) ?? [];
  if (status && measured.length) {
    const worst = Math.max(...measured.map((row) => row.ratio));
    rows.push(
      [
        'handler ÷ DynamoDB, `GET auth/currentstatus`',
        times(FILED.currentStatusRatio),
        times(status.ratio),
        ratio(status.ratio, FILED.currentStatusRatio),
        '≤ 1.3×',
      ],
      ['handler ÷ DynamoDB, worst route', '–', times(worst), '–', '≤ 1.3×'],
    );
  }
  if (r.npmTestSeconds) {
    rows.push([
      '`npm test` wall, 2 cores',
      `about ${FILED.npmTestSeconds} s`,
      `${r.npmTestSeconds} s`,
      ratio(r.npmTestSeconds, FILED.npmTestSeconds),
      '≤ 360 s',
    ]);
  }
  return rows;
}
