import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { WEB_DIST } from '@infra/local/web-build';

/** The file of web/dist that holds jsPDF (the lazy chunk of web/src/lib/pdf/table-pdf.ts). */
export function pdfChunk(): string {
  const assets = join(WEB_DIST, 'assets');
  const chunk = readdirSync(assets).find((file) => file.endsWith('.js') && readFileSync(join(assets, file), 'utf8').includes('jsPDF'));
  if (!chunk) throw new Error('no chunk of web/dist holds jsPDF');
  return chunk;
}

/**
 * A test file's downloads from its page: a folder for them (removed after the file), the scripts the
 * page loaded (by file name: is the PDF chunk fetched only when needed?), and `download(button)`,
 * which presses the button and saves what it downloads.
 */
export function useDownloads(page: () => Page, defaultWithin: () => Locator) {
  let folder = '';
  const scriptsLoaded: string[] = [];
  const recordScript = (request: Request) => {
    if (request.resourceType() === 'script') scriptsLoaded.push(new URL(request.url()).pathname.split('/').pop()!);
  };
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'sams-downloads-'));
    page().on('request', recordScript);
  });
  afterAll(() => {
    page().off('request', recordScript);
    if (folder) rmSync(folder, { recursive: true, force: true });
  });
  return {
    scriptsLoaded,
    folder: () => folder,
    async download(button: 'Download PDF' | 'Download CSV', within: Locator = defaultWithin()) {
      // The PDF module and its fonts load on the first download: a full run's load can take it past the default 10 s.
      const [file] = await Promise.all([
        page().waitForEvent('download', { timeout: 30_000 }),
        within.getByRole('button', { name: button }).click(),
      ]);
      const path = join(folder, file.suggestedFilename());
      await file.saveAs(path);
      return { name: file.suggestedFilename(), path };
    },
  };
}
