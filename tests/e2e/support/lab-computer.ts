import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { QueuedMark } from '@web/lib/offline/mark-queue';
import { DESKTOP } from './browser';

/*
 * A college lab computer: ONE Chromium profile (one user-data-dir, kept on disk between
 * sessions) that several people use in turn. Each `open()` is someone starting the browser on it, each
 * `close()` someone closing it: cookies, Cache Storage, IndexedDB and the service worker stay in the
 * profile from one person to the next, as they do on a real shared computer.
 */
export interface LabComputer {
  /** Starts the browser on the shared profile and opens a tab (its own sessionStorage, as a new window has). */
  open(): Promise<Page>;
  /** Closes the browser; the profile stays. */
  close(): Promise<void>;
  /** Between two tests: the session of whoever is still signed in ends (their cookie goes), and the browser closes. */
  endSessionAndClose(): Promise<void>;
  /** Closes the browser if open and deletes the profile. */
  dispose(): Promise<void>;
}

export function labComputer(baseURL: string, watch: (page: Page) => Page): LabComputer {
  const profile = mkdtempSync(join(tmpdir(), 'sams-lab-profile-'));
  let context: BrowserContext | undefined;
  return {
    async open() {
      context = await chromium.launchPersistentContext(profile, {
        executablePath: '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        baseURL,
        viewport: DESKTOP,
        serviceWorkers: 'allow',
      });
      context.setDefaultTimeout(10_000);
      const [blank] = context.pages();
      const page = await context.newPage();
      await blank?.close();
      return watch(page);
    },
    async close() {
      await context?.close();
      context = undefined;
    },
    async endSessionAndClose() {
      await context?.clearCookies();
      await this.close();
    },
    async dispose() {
      await this.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Every API answer in the page's Cache Storage (any cache), with its Cache-Control. */
export const cachedApiAnswers = (page: Page): Promise<{ cache: string; path: string; cacheControl: string | null }[]> =>
  page.evaluate(async () => {
    const found: { cache: string; path: string; cacheControl: string | null }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        if (!url.pathname.startsWith('/api/')) continue;
        const answer = await cache.match(request);
        found.push({ cache: name, path: url.pathname + url.search, cacheControl: answer?.headers.get('cache-control') ?? null });
      }
    }
    return found;
  });

/** The marks saved in the profile's IndexedDB, read (or changed) as anyone at the computer can in DevTools. */
export const savedMarks = (page: Page): Promise<QueuedMark[]> =>
  page.evaluate(
    () =>
      new Promise<QueuedMark[]>((resolve, reject) => {
        const opening = indexedDB.open('sams-offline');
        opening.onerror = () => reject(new Error(String(opening.error)));
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('marks')) return resolve([]);
          const reading = db.transaction('marks').objectStore('marks').getAll();
          reading.onsuccess = () => resolve(reading.result as QueuedMark[]);
          reading.onerror = () => reject(new Error(String(reading.error)));
        };
      }),
  );

/** Writes marks straight into the profile's IndexedDB (an edited record, or one made up). */
export const writeMarks = (page: Page, marks: QueuedMark[]): Promise<void> =>
  page.evaluate(
    (records) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('sams-offline');
        opening.onerror = () => reject(new Error(String(opening.error)));
        opening.onsuccess = () => {
          const writing = opening.result.transaction('marks', 'readwrite');
          for (const record of records) writing.objectStore('marks').put(record);
          writing.oncomplete = () => resolve();
          writing.onerror = () => reject(new Error(String(writing.error)));
        };
      }),
    marks,
  );
