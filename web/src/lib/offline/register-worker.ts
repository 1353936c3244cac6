import type { Store } from '../store';

/*
 * The service worker (web/vite.config.ts) is registered after the first page shows, from a chunk of its
 * own, so the initial script stays small. A new version's worker takes over at once; this page then
 * reloads into that version (its old chunks are gone from the worker's cache), except on a marking
 * form, which reloads at the next navigation so no half-filled form is lost. Saved marks live in
 * IndexedDB and are untouched by either.
 */

const FORM_PATH = /^\/students\//;
const RELOADED_FOR_CHUNK = 'sams-reloaded-for-chunk';

/** The path of the page shown, updated after each navigation. */
type ShownPath = Pick<Store<string>, 'get' | 'subscribe'>;

export function registerWorker(shownPath: ShownPath): void {
  reloadOnMissingChunk();
  if (!('serviceWorker' in navigator)) return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch((error: unknown) => {
    console.warn('The app cannot work offline on this browser', error);
  });
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first worker taking over a page that had none is not a new version.
    if (!hadController) return;
    if (!FORM_PATH.test(shownPath.get())) return window.location.reload();
    const unsubscribe = shownPath.subscribe(() => {
      if (!FORM_PATH.test(shownPath.get())) {
        unsubscribe();
        window.location.reload();
      }
    });
  });
}

/** A page of the previous version asking for a chunk that is gone: load the current version (once). */
function reloadOnMissingChunk(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (sessionStorage.getItem(RELOADED_FOR_CHUNK)) return;
    event.preventDefault();
    sessionStorage.setItem(RELOADED_FOR_CHUNK, '1');
    window.location.reload();
  });
}
