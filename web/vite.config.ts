import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { OFFLINE_READ_URL } from '../shared/offline-reads';

const DAY_SECONDS = 24 * 60 * 60;

/*
 * The installable app and its service worker (docs/product.md §4, marking offline). The worker
 * precaches the app shell and every page's chunk, answers client routes with index.html, and keeps
 * only the reads marking offline needs (shared/offline-reads.ts: Today, the flow's lists, the classes'
 * student lists, the settings) network first, from the cache only when the network fails (a slow
 * answer is waited for: never a stale list after a write), for 7 days after they were last read, and
 * never an answer marked no-store. Every other API call goes to the network only: the login status is
 * never answered from a cache, so a cache never says who is signed in. The app clears these caches
 * when it signs out (web/src/lib/offline/forget-device.ts). The app
 * registers the worker itself once the first page shows (web/src/lib/offline/register-worker.ts), and
 * a new worker takes over at once (skipWaiting, clientsClaim): the page reloads into the new version.
 */
const pwa = VitePWA({
  injectRegister: false,
  manifestFilename: 'manifest.json',
  // The icons are precached by globPatterns already.
  includeManifestIcons: false,
  manifest: {
    name: 'SAMS — student attendance',
    short_name: 'SAMS',
    description: 'Mark attendance in a few taps, also with no signal.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1e3a8a',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // Pages' chunks, styles and icons; not the PDF fonts (.ttf, fetched only for a PDF that needs them) or source maps.
    globPatterns: ['**/*.{js,css,html,svg,png}'],
    // jsPDF's optional parts for HTML and SVG, which SAMS never loads.
    globIgnores: ['**/html2canvas-*.js', '**/index.es-*.js', '**/purify.es-*.js'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//],
    cleanupOutdatedCaches: true,
    skipWaiting: true,
    clientsClaim: true,
    runtimeCaching: [
      {
        // GET only (workbox's default); a same-origin URL only (see OFFLINE_READ_URL).
        urlPattern: OFFLINE_READ_URL,
        handler: 'NetworkFirst',
        options: {
          cacheName: 'sams-api',
          expiration: { maxAgeSeconds: 7 * DAY_SECONDS, maxEntries: 400 },
          cacheableResponse: { statuses: [200] },
          // Serialized into the worker: it must not use anything from this file.
          plugins: [
            {
              cacheWillUpdate: async ({ response }) => (/no-store/i.test(response.headers.get('cache-control') ?? '') ? null : response),
            },
          ],
        },
      },
    ],
  },
});

/*
 * Few requests on a first visit (docs/decisions.md "Few chunks"): left to itself the bundler makes a
 * chunk of every set of modules that a set of pages shares, and a page's first visit fetches dozens
 * of files, about six at a time over HTTP/1.1. A few groups instead, highest priority first (each also
 * takes the modules its modules import, unless a group above took them):
 * - React, and the modules main.tsx runs before the first paint (the status check, the stores, the
 *   error page, the base styles): the initial files, with main.tsx;
 * - the components and libraries two or more pages share, and what they import (SWR, react-router):
 *   one chunk, loaded with the router;
 * - zod and the schemas: one chunk, for the pages with a form (a screen may load it when its form is sent);
 * - not the PDF code (lib/pdf), which loads only for a download.
 * A module added to main.tsx's imports must join 'boot', or 'shared' becomes initial: the bundle budget
 * test (tests/e2e/bundle-budget.test.ts) fails then.
 */
const CHUNK_GROUPS = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 4 },
  { name: 'boot', test: (id: string) => BOOT.test(inSource(id)) || /[\\/]shared[\\/]constants\.ts$/.test(id), priority: 3 },
  {
    name: 'shared',
    test: (id: string) =>
      /^(components|lib)\/(?!pdf\/|student-search\/)/.test(inSource(id)) ||
      /[\\/]shared[\\/](timetable|attendance|auth)-words\.ts$/.test(id),
    minShareCount: 2,
    priority: 2,
  },
  // zod and the schemas: only the pages with a form load them (Home and the marking form do not; the view screen once
  // its form is sent). Not the wire's names, which the boot script's API client uses. The student search (with its styles) stays
  // with the pages that show it.
  {
    name: 'forms',
    test: (id: string) => /[\\/]node_modules[\\/]zod[\\/]/.test(id) || /[\\/]shared[\\/](schemas|answers)[\\/](?!wire-names\.ts$)/.test(id),
    priority: 1,
  },
  // The marking flow's small modules every step imports (its URL state, the step layout, the caller's classes, the
  // marked ones): one chunk, not one each.
  {
    name: 'marking-flow',
    test: (id: string) =>
      /^features\/marking\/(flow|assigned|marked-sessions|group-students|components\/flow-parts)\.tsx?$/.test(inSource(id)),
    priority: 1,
  },
  // The ways of signing in (password, emailed link, the college's account) and the pages the link and the provider
  // open: one chunk, so the login page costs no more scripts than with the password alone.
  {
    name: 'sign-in',
    test: (id: string) =>
      /^features\/auth\/(api\/auth|components\/(login-page|sign-in-link-form|sign-in-link-page|oidc-callback-page|signing-in))\.tsx?$/.test(
        inSource(id),
      ),
    priority: 1,
  },
];

/** A module's path inside web/src, with forward slashes ('' for a module outside it). */
function inSource(id: string): string {
  return id.replaceAll('\\', '/').split('/web/src/')[1] ?? '';
}

/** What main.tsx imports, and what they import. */
const BOOT =
  /^(lib\/(store|session|toast|api-client|api-contract|use-page-title|shown-path|offline\/pending-logout)\.ts|app\/(error-page|session-check)\.tsx?|app\/(global|error-page)\.css|components\/ui\/ui\.css)$/;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), pwa],
  // The path aliases (@web/, @shared/) come from tsconfig.json.
  resolve: { tsconfigPaths: true },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } } },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
