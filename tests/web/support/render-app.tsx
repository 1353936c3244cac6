import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { App, AppRouter } from '@web/app/router';

/** The whole app (the real route table and router) over an in-memory history at `path`, with a fresh SWR cache. */
export function renderApp(path: string) {
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
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
