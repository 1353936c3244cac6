import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { WEB_DIST } from '@infra/local/web-build';
import { BUDGETS } from '../bench/report';

/*
 * The web app's size budget, on the web/dist the e2e globalSetup built: what a first visit must
 * download before anything shows (the scripts index.html references) stays small, and the PDF
 * library is only in a chunk loaded on demand.
 */

/** The initial JavaScript, gzipped, in bytes (1 KB = 1000 bytes), as docs/benchmarks.md shows it. */
const INITIAL_BUDGET = BUDGETS.initialJsGzipBytes;
/** The scripts index.html loads at once: main.tsx, React, what main.tsx runs before the first paint ('boot') and the bundler's runtime. */
const INITIAL_SCRIPTS = 4;
/** Strings only the PDF code (jsPDF, jspdf-autotable) contains. */
const PDF_CODE = /jspdf|autotable/i;

const ASSETS = join(WEB_DIST, 'assets');
const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
const read = (src: string) => readFileSync(join(WEB_DIST, src.replace(/^\//, '')));

/** The scripts index.html loads at once: its module script and its modulepreload links. */
function initialScripts(): string[] {
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)].map((match) => match[1]!);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g)].map((match) => match[1]!);
  return [...new Set([...scripts, ...preloads])];
}

/** A chunk and every chunk it imports statically, by file name in assets/. */
function staticImports(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [...seen];
  seen.add(file);
  const code = readFileSync(join(ASSETS, file), 'utf8');
  for (const [, imported] of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) staticImports(imported!, seen);
  return [...seen];
}

/** The source files a chunk was built from (its source map). */
const sourcesOf = (file: string): string[] => {
  const map = join(ASSETS, `${file}.map`);
  return existsSync(map) ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
};

describe('web bundle budget', () => {
  it('measures a production build (React without its development code)', () => {
    const [entry] = initialScripts();
    // A build under NODE_ENV=test (e.g. from inside vitest) bundles React's development build.
    expect(read(entry!).toString('utf8').includes('jsxDEV'), 'web/dist is a development build: build it with NODE_ENV=production').toBe(
      false,
    );
  });

  it(`the initial JavaScript is at most ${INITIAL_BUDGET / 1000} KB gzipped`, () => {
    const files = initialScripts();
    expect(files.length).toBeGreaterThanOrEqual(1);
    const sizes = Object.fromEntries(files.map((file) => [file, gzipSync(read(file)).length]));
    const total = Object.values(sizes).reduce((sum, size) => sum + size, 0);
    console.log(`initial JS: ${(total / 1000).toFixed(1)} KB gzip`, sizes);
    expect(total).toBeLessThanOrEqual(INITIAL_BUDGET);
    // The router and the pages are chunks fetched beside the status check, not before the first script runs.
    expect(files.length).toBeLessThanOrEqual(INITIAL_SCRIPTS);
  });

  it('loads no zod for login, Home, the marking form or the view screen: their forms load the schemas when used', () => {
    const page = (name: string) => readdirSync(ASSETS).find((file) => file.startsWith(`${name}-`) && file.endsWith('.js'))!;
    for (const name of ['sign-in', 'home-page', 'students-page', 'view-attendance-page']) {
      const loaded = staticImports(page(name));
      expect(loaded.length).toBeGreaterThan(3);
      const withZod = loaded.filter((file) => sourcesOf(file).some((source) => source.includes('node_modules/zod/')));
      expect({ name, withZod }).toEqual({ name, withZod: [] });
    }
    // What the check looks for is there: the admin screens' forms load zod with them.
    expect(staticImports(page('admin-pages')).some((file) => sourcesOf(file).some((source) => source.includes('node_modules/zod/')))).toBe(
      true,
    );
  });

  it('holds no PDF code in the initial files; a lazy chunk holds it', () => {
    const initial = initialScripts();
    for (const file of initial) expect({ file, pdf: PDF_CODE.test(read(file).toString('utf8')) }).toEqual({ file, pdf: false });

    const lazy = readdirSync(ASSETS)
      .filter((file) => file.endsWith('.js') && !initial.includes(`/assets/${file}`))
      .filter((file) => {
        const code = readFileSync(join(ASSETS, file), 'utf8');
        return code.includes('jsPDF') && code.includes('autoTable');
      });
    expect(lazy).toHaveLength(1);
    const size = gzipSync(readFileSync(join(ASSETS, lazy[0]!))).length;
    console.log(`PDF chunk ${lazy[0]}: ${(size / 1000).toFixed(1)} KB gzip`);
  });
});
