import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './app/router';

const router = createAppRouter();

// The service worker (offline marking, docs/product.md §4): registered from its own chunk once the page has loaded.
window.addEventListener('load', () => {
  void import('./lib/offline/register-worker').then((worker) => worker.registerWorker(router));
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
