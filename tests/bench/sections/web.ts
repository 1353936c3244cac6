import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { WEB_DIST } from '@infra/local/web-build';

export interface WebSizes {
  initialJsGzip: number;
  initialCssGzip: number;
  initialFiles: string[];
  lazyChunks: { file: string; gzip: number }[];
}

const gzipBytes = (file: string) => gzipSync(readFileSync(join(WEB_DIST, file))).length;

/** The files index.html loads at once (scripts, module preloads, styles), and every other chunk. */
export function initialFiles(): { js: string[]; css: string[] } {
  const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  return { js: refs.filter((ref) => ref.endsWith('.js')), css: refs.filter((ref) => ref.endsWith('.css')) };
}

export function measureWebSizes(): WebSizes {
  const { js, css } = initialFiles();
  const all = readdirSync(join(WEB_DIST, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => `assets/${file}`);
  return {
    initialJsGzip: js.reduce((sum, file) => sum + gzipBytes(file), 0),
    initialCssGzip: css.reduce((sum, file) => sum + gzipBytes(file), 0),
    initialFiles: [...js, ...css],
    lazyChunks: all.filter((file) => !js.includes(file)).map((file) => ({ file, gzip: gzipBytes(file) })),
  };
}
