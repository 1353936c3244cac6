import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;
export const WEB_DIST = join(ROOT, 'web', 'dist');
const SOURCES = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'shared', 'package-lock.json'];

async function newestChange(path: string): Promise<number> {
  const info = await stat(path).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path);
  const times = await Promise.all(entries.map((entry) => newestChange(join(path, entry))));
  return Math.max(info.mtimeMs, ...times);
}

/** Builds the web app when web/dist is missing or older than any of its sources; returns whether it built. */
export async function ensureWebBuild(): Promise<boolean> {
  const built = (await stat(join(WEB_DIST, 'index.html')).catch(() => null))?.mtimeMs ?? 0;
  const sources = await Promise.all(SOURCES.map((source) => newestChange(join(ROOT, source))));
  if (built > Math.max(...sources)) return false;
  const { build } = await import('vite');
  // Always the production build: under vitest NODE_ENV is 'test', which would bundle React's
  // development build into web/dist for npm start and cdk deploy to serve.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(ROOT, 'web', 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return true;
}
