import { performance } from 'node:perf_hooks';
import { IMPORT_MAX_ROWS, type StudentImportResult } from '@shared/schemas/student-import';
import type { BenchContext } from '../context';
import { round } from '../measure';

export interface ImportRow {
  run: string;
  rows: number;
  calls: number;
  seconds: number;
  outcomes: Record<string, number>;
}

const ROWS = 5000;

/**
 * A 5,000-row file imported into the demo college the way the web app sends it: 500 rows a call,
 * one call after another, with the missing divisions and batches created; then the same file
 * again (every row unchanged).
 */
export async function measureImport(context: BenchContext): Promise<ImportRow[]> {
  const rows = Array.from({ length: ROWS }, (_, n) => {
    const enrollment = `BX${String(n).padStart(5, '0')}`;
    const division = `Import Division ${1 + (n % 10)}`;
    return {
      row: n + 2,
      enrollment,
      name: `Student ${enrollment}`,
      email: `${enrollment.toLowerCase()}@bench.test`,
      semester: 'Semester 3',
      division,
      batch: `${division} Batch ${n % 2 ? 'B' : 'A'}`,
    };
  });
  const results: ImportRow[] = [];
  for (const run of ['first import', 'the same file again']) {
    const outcomes: Record<string, number> = {};
    const started = performance.now();
    let calls = 0;
    for (let at = 0; at < rows.length; at += IMPORT_MAX_ROWS) {
      const answer = await context.call('POST', '/api/v1/student/import', {
        rows: rows.slice(at, at + IMPORT_MAX_ROWS),
        dryRun: false,
        createMissing: true,
      });
      calls += 1;
      if (answer.status !== 200) throw new Error(`import call ${calls}: ${answer.status} ${answer.message}`);
      for (const one of (answer.data as StudentImportResult).results) outcomes[one.outcome] = (outcomes[one.outcome] ?? 0) + 1;
    }
    results.push({ run, rows: ROWS, calls, seconds: round((performance.now() - started) / 1000, 1), outcomes });
  }
  return results;
}
