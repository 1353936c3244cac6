import { createHash, randomUUID } from 'node:crypto';
import { lstat, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * The web build served as CloudFront serves it (README.md "Configuration (local stack)"): compressed with
 * brotli or gzip by Accept-Encoding (files of 1,000 bytes to 10 MB of compressible types, as
 * CloudFront does), and answered 304 when the browser's copy is current (ETag).
 */
export type Encoding = 'br' | 'gzip';

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.ttf', '.ico', '.webmanifest']);
const MIN_BYTES = 1000;
const MAX_BYTES = 10 * 1024 * 1024;

/** The encoding to send: brotli if the client takes it, else gzip, else none (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined, file: string, size: number): Encoding | null {
  if (!COMPRESSIBLE.has(extname(file)) || size < MIN_BYTES || size > MAX_BYTES) return null;
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** A validator for one version of a file: the same for every encoding of it (weak, as the bytes differ). */
export const entityTag = (info: Stats): string => `W/"${info.size.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}"`;

/** Whether the browser's If-None-Match names this version. */
export const isCurrent = (ifNoneMatch: string | undefined, tag: string): boolean =>
  ifNoneMatch !== undefined && ifNoneMatch.split(',').some((candidate) => [tag, '*'].includes(candidate.trim()));

const compressors: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) =>
    promisify(brotliCompress)(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
  gzip: (data) => promisify(gzip)(data, { level: 9 }),
};

// Compressed once per version of a file: a build is compressed on its first request, then served from here.
const compressed = new Map<string, Promise<Buffer>>();

export function compressedFile(file: string, info: Stats, encoding: Encoding): Promise<Buffer> {
  const key = `${file}\n${entityTag(info)}\n${encoding}`;
  let bytes = compressed.get(key);
  if (!bytes) {
    bytes = readFile(file).then((data) => compressedOnce(data, encoding));
    bytes.catch(() => compressed.delete(key));
    compressed.set(key, bytes);
  }
  return bytes;
}

/**
 * Brotli at quality 11 takes about 5 s of CPU for the whole build, so the result is also kept on
 * disk for the next process (each e2e test file and each `npm start` is a new one), named by the
 * bytes and the compressor's source, so that new settings miss it.
 */
const DISK_CACHE = join(tmpdir(), `sams-compressed-${process.getuid?.() ?? 'user'}`);

/**
 * The cache directory, only if this user owns it and no one else may write to it: /tmp is shared,
 * and a file another user planted there would otherwise be served as our script.
 */
const privateCacheDir: Promise<string | null> = mkdir(DISK_CACHE, { recursive: true, mode: 0o700 })
  .then(() => lstat(DISK_CACHE))
  .then((info) => (info.isDirectory() && info.uid === process.getuid?.() && (info.mode & 0o022) === 0 ? DISK_CACHE : null))
  .catch(() => null);

async function compressedOnce(data: Buffer, encoding: Encoding): Promise<Buffer> {
  const dir = await privateCacheDir;
  const name = createHash('sha256').update(compressors[encoding].toString()).update(data).digest('hex');
  const path = dir && join(dir, `${name}.${encoding}`);
  const cached = path && (await readFile(path).catch(() => null));
  if (cached) return cached;
  const bytes = await compressors[encoding](data);
  if (path) {
    // Written whole under another name, then renamed: a process reading at the same time never sees part of it.
    const partial = `${path}.${randomUUID()}`;
    await writeFile(partial, bytes)
      .then(() => rename(partial, path))
      .catch(() => undefined);
  }
  return bytes;
}
