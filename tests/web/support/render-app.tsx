import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { App, AppRouter, createHistory } from '@web/app/router';

interface HappyDomWindow {
  happyDOM: { setURL(url: string): void };
}

/** The simulated window's origin before any test ran. */
const APP_ORIGIN = window.location.origin;

/** The whole app (the real route table, router and history) at `path` in the simulated window, with a fresh SWR cache. */
export function renderApp(path: string) {
  // happy-dom follows a download link's href where a browser downloads, which leaves the window on
  // another URL: each app starts on the app's origin, with an entry of its own.
  (window as unknown as HappyDomWindow).happyDOM.setURL(new URL(path, APP_ORIGIN).href);
  window.history.replaceState(null, '', path);
  const history = createHistory();
  const user = userEvent.setup();
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AppRouter history={history}>
        <App />
      </AppRouter>
    </SWRConfig>,
  );
  return { ...view, history, user, location: () => history.location };
}

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
