import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const DAY_SECONDS = 24 * 60 * 60;

/*
 * The installable app and its service worker (docs/product.md §4, marking offline). The worker
 * precaches the app shell and every page's chunk, answers client routes with index.html, and keeps
 * the API's reads (Today, the classes' student lists, the flow's lists, the login status) network
 * first, from the cache only when the network fails (a slow answer is waited for: never a stale
 * list after a write), for 7 days after they were last read. The app
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
        // Serialized into the worker: it must not use anything from this file.
        urlPattern: ({ url, request }) =>
          url.origin === self.location.origin && request.method === 'GET' && url.pathname.startsWith('/api/v1/'),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'sams-api',
          expiration: { maxAgeSeconds: 7 * DAY_SECONDS, maxEntries: 400 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
});

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), pwa],
  // The path aliases (@web/, @shared/) come from tsconfig.json.
  resolve: { tsconfigPaths: true },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
