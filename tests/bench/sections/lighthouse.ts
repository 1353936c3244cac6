import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { BenchContext } from '../context';

export interface LighthouseRow {
  page: string;
  performance: number;
  accessibility: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
}

const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Lighthouse 12 (mobile, simulated throttling) on Debian Chromium: /login, and the view screen signed in. */
export async function measureLighthouse(context: BenchContext): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    const rows: LighthouseRow[] = [];
    for (const [page, signedIn] of [
      ['/login', false],
      ['/dashboard/viewattendance', true],
    ] as const) {
      const result = await lighthouse(`${context.stack.url}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        extraHeaders: signedIn ? { Cookie: context.cookie } : undefined,
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      const { categories, audits } = result.lhr;
      rows.push({
        page,
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        firstContentfulPaintMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
        largestContentfulPaintMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
        totalBlockingTimeMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      });
    }
    return rows;
  } finally {
    await chrome.kill();
  }
}
