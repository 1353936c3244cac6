import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { LoadingOverlay } from '../components/ui/loading-overlay';
import { Toaster } from '../components/ui/toaster';
import './global.css';

/**
 * The root layout, part of the initial bundle: the skip link, the page, toasts and the loading
 * overlay. The signed-in shell (navigation bar, data fetching) is the lazily loaded AppLayout.
 */
export function RootLayout() {
  const location = useLocation();
  const navigation = useNavigation();

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
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
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

/** Shown while the initial status check runs: no page, no navigation bar. */
export function BootScreen() {
  return (
    <div className="boot" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading SAMS…</span>
    </div>
  );
}
