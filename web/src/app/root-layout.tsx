import { createContext, use, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PRODUCT } from '@shared/constants';
import { LoadingOverlay } from '../components/ui/loading-overlay';
import { Toaster } from '../components/ui/toaster';

/** Whether a navigation is under way (AppRouter's transition): the page shown stays up meanwhile. */
export const NavigationPending = createContext(false);

/**
 * The root layout: the skip link, the page, toasts and the loading overlay. The signed-in shell
 * (navigation bar, data fetching) is the lazily loaded AppLayout.
 */
export function RootLayout() {
  const location = useLocation();
  const pending = use(NavigationPending);

  // After a client-side navigation, move focus to the new page's title and scroll to the top,
  // as a full page load would (screen readers announce the new page).
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.querySelector<HTMLElement>('#main h1')?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [location.pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {pending && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      <Outlet />
      <Toaster />
      <LoadingOverlay />
    </>
  );
}

/** The main landmark the pages render into. */
export function MainContent() {
  return (
    <main id="main" className="app-main" tabIndex={-1}>
      <Outlet />
    </main>
  );
}

/**
 * Shown while the initial status check runs: the bar with the product's name and a spinner, no page,
 * no navigation bar. web/index.html paints the same before the scripts arrive.
 */
export function BootScreen() {
  return (
    <div className="boot" aria-busy="true">
      <div className="boot-bar">{PRODUCT}</div>
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading {PRODUCT}…</span>
    </div>
  );
}
