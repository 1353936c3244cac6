import { createPath, NavigationType, parsePath, type Location, type Navigator, type To } from 'react-router-dom';
import { popAllowed } from '../lib/pop-guard';

/** A change of the URL: how it came (a link or redirect, or Back and Forward) and where it leads. */
export interface HistoryUpdate {
  action: NavigationType;
  location: Location;
}

/** The window's history as react-router's `<Router>` takes it (a `Navigator`), plus what AppRouter reads and listens to. */
export interface WindowHistory extends Navigator {
  readonly action: NavigationType;
  readonly location: Location;
  /** Calls `listener` after every change of the URL, Back and Forward included; returns the unsubscribe. */
  listen(listener: (update: HistoryUpdate) => void): () => void;
}

/** What each entry of the window's history holds: the shape react-router's own browser history reads and writes. */
interface EntryState {
  usr: unknown;
  key: string;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = window.history.state as Partial<EntryState> | null;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

/** The URL a path's link points to: an absolute path stays as it is, an object becomes its path. */
const createHref = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * The browser's history (pushState, replaceState, popstate) behind react-router's `Navigator`
 * interface: `<Router>` then routes on it as BrowserRouter would, and AppRouter hears each change.
 */
export function createWindowHistory(): WindowHistory {
  let action = NavigationType.Pop;
  const listeners = new Set<(update: HistoryUpdate) => void>();
  const notify = () => {
    const update = { action, location: currentLocation() };
    for (const listener of listeners) listener(update);
  };
  const onPopState = () => {
    // A page with changes not kept yet asks first (web/src/lib/pop-guard.ts).
    if (!popAllowed()) return;
    action = NavigationType.Pop;
    notify();
  };

  function write(next: NavigationType.Push | NavigationType.Replace, to: To, state: unknown) {
    const here = currentLocation();
    const path = { pathname: here.pathname, search: '', hash: '', ...(typeof to === 'string' ? parsePath(to) : to) };
    const entry: EntryState = { usr: state ?? null, key: newKey() };
    const url = createHref(path);
    action = next;
    if (next === NavigationType.Replace) {
      window.history.replaceState(entry, '', url);
    } else {
      try {
        window.history.pushState(entry, '', url);
      } catch (error) {
        // A state the browser cannot store is the caller's mistake; anything else (Safari's limit on
        // pushState calls) still reaches the page, as a full load.
        if (error instanceof DOMException && error.name === 'DataCloneError') throw error;
        window.location.assign(url);
        return;
      }
    }
    notify();
  }

  return {
    get action() {
      return action;
    },
    get location() {
      return currentLocation();
    },
    listen(listener) {
      if (listeners.size === 0) window.addEventListener('popstate', onPopState);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('popstate', onPopState);
      };
    },
    createHref,
    // How react-router compares and shows paths with characters a URL escapes (an id with a space).
    encodeLocation(to) {
      const href = createHref(to).replace(/ $/, '%20');
      const { origin } = window.location;
      // A path that starts with '//' is a path here, not another host.
      const { pathname, search, hash } = new URL(href.startsWith('//') ? origin + href : href, origin);
      return { pathname, search, hash };
    },
    push: (to, state) => write(NavigationType.Push, to, state),
    replace: (to, state) => write(NavigationType.Replace, to, state),
    go: (delta) => window.history.go(delta),
  };
}
