import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorPage } from './app/error-page';
import { checkSessionOnce } from './app/session-check';
import { shownPath } from './lib/shown-path';
// The base styles and the spinner, in the initial CSS: web/index.html's boot screen uses them before any script runs.
import './app/global.css';
import './app/script-fonts.css';
import './components/ui/ui.css';

/*
 * The initial script is React and this file. The status check (docs/product.md §4) and the app (the
 * router, the root layout, the guards and the route table: a chunk of its own) load together, while
 * the boot screen shows; React then replaces it.
 */
void checkSessionOnce();
const root = createRoot(document.getElementById('root')!);
void import('./app/router').then(
  ({ App, AppRouter, createHistory, preloadFirstRead, preloadPages }) => {
    // The page's chunks, and its main read, start loading before React renders anything.
    preloadPages(window.location.pathname);
    preloadFirstRead(window.location.pathname);
    // A transition: React renders the first page in slices, yielding to the browser between them,
    // so that no one long task blocks a slow phone's main thread (docs/decisions.md).
    startTransition(() =>
      root.render(
        <StrictMode>
          <AppRouter history={createHistory()}>
            <App />
          </AppRouter>
        </StrictMode>,
      ),
    );
  },
  (error: unknown) => {
    console.error(error);
    root.render(<ErrorPage detail={error instanceof Error ? error.message : 'Something went wrong.'} />);
  },
);

// The service worker (offline marking, docs/product.md §4): registered from its own chunk once the page has loaded.
window.addEventListener('load', () => {
  void import('./lib/offline/register-worker').then((worker) => worker.registerWorker(shownPath));
});
