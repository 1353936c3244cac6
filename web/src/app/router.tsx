import { lazy, Suspense, useEffect, useLayoutEffect, useState, useTransition, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Router, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { isStaff } from '@shared/constants';
import { preloadTodayClasses } from '../lib/queries';
import { session, useSession } from '../lib/session';
import { shownPath } from '../lib/shown-path';
import { ErrorBoundary, ErrorPage } from './error-page';
import { GuestOnly, RequireAdmin, RequireAuth, RequireStaff } from './guards';
import { BootScreen, MainContent, NavigationPending, RootLayout } from './root-layout';
import { checkSessionOnce } from './session-check';
import { createWindowHistory, type WindowHistory } from './window-history';
import { ADMIN_PAGES } from './admin-pages';

// This file, the router, the guards and the root layout are a chunk main.tsx loads at once; every page
// is a chunk of its own, and the signed-in shell (AppLayout: navigation bar, SWR) loads with the first signed-in page.
interface Preload {
  preload: () => Promise<unknown>;
}

/** A route element loaded on demand; `handle.preload` starts loading it before React renders it. */
function onDemand(load: () => Promise<ComponentType>): { element: ReactNode; handle: Preload } {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => (loading ??= load().then((Component) => ({ default: Component })));
  const Page = lazy(preload);
  return { element: <Page />, handle: { preload } };
}

const adminPages = () => import('../features/admin/components/admin-pages');
/** Each admin screen by its path (one chunk for the admin screens: they share their forms, lists and dialogs). */
const admin = (path: (typeof ADMIN_PAGES)[number]['path']) => onDemand(() => adminPages().then((m) => m.ADMIN_SCREENS[path]));

const marking = {
  home: onDemand(() => import('../features/marking/components/home-page').then((m) => m.HomePage)),
  courses: onDemand(() => import('../features/marking/components/step-pages').then((m) => m.CoursePage)),
  kind: onDemand(() => import('../features/marking/components/kind-page').then((m) => m.KindPage)),
  slots: onDemand(() => import('../features/marking/components/step-pages').then((m) => m.SlotsPage)),
  divisions: onDemand(() => import('../features/marking/components/step-pages').then((m) => m.DivisionPage)),
  batches: onDemand(() => import('../features/marking/components/step-pages').then((m) => m.BatchPage)),
  students: onDemand(() => import('../features/marking/components/students-page').then((m) => m.StudentsPage)),
  success: onDemand(() => import('../features/marking/components/success-page').then((m) => m.SuccessPage)),
  queue: onDemand(() => import('../features/marking/components/queue-page').then((m) => m.QueuePage)),
};

/** The Reports screens (docs/product.md §2.12), admins and faculty: the defaulter list and a student's record. */
const reports = {
  list: onDemand(() => import('../features/reports/components/reports-page').then((m) => m.ReportsPage)),
  record: onDemand(() => import('../features/reports/components/student-record-page').then((m) => m.StudentRecordPage)),
};

/** Leave applications (docs/product.md §2.17): a student's or guardian's, and the staff's list and decision. */
const leave = {
  family: onDemand(() => import('../features/leave/components/family-leave-page').then((m) => m.FamilyLeavePage)),
  apply: onDemand(() => import('../features/leave/components/apply-page').then((m) => m.ApplyPage)),
  list: onDemand(() => import('../features/leave/components/leave-list-page').then((m) => m.LeaveListPage)),
  detail: onDemand(() => import('../features/leave/components/leave-detail-page').then((m) => m.LeaveDetailPage)),
};

/** Check-in (docs/product.md §2.18): a student's code form, the classroom screen. */
const checkIn = {
  student: onDemand(() => import('../features/check-in/components/check-in-page').then((m) => m.CheckInPage)),
  screen: onDemand(() => import('../features/check-in/components/check-in-screen').then((m) => m.CheckInScreen)),
};

/** BootScreen until the initial status check has answered (docs/product.md §4), then its children. */
function SessionChecked({ children }: { children: ReactNode }) {
  const { status } = useSession();
  useEffect(() => {
    void checkSessionOnce();
  }, []);
  return status === 'unknown' ? <BootScreen /> : children;
}

/** The route table of docs/product.md §2.1, all under one root layout; any other path is the 404 error page. */
const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <SessionChecked>
        <RootLayout />
      </SessionChecked>
    ),
    children: [
      {
        element: <GuestOnly />,
        children: [
          {
            element: <MainContent />,
            children: [
              {
                path: 'login',
                ...onDemand(() => import('../features/auth/components/login-page').then((m) => m.LoginPage)),
              },
            ],
          },
        ],
      },
      // Set your password (docs/product.md §4): an emailed link opens it, whoever is signed in here.
      {
        element: <MainContent />,
        children: [
          {
            path: 'set-password',
            ...onDemand(() => import('../features/auth/components/set-password-page').then((m) => m.SetPasswordPage)),
          },
          // Google, Microsoft or the local provider send the browser back here (docs/product.md §4).
          {
            path: 'oidc/callback',
            ...onDemand(() => import('../features/auth/components/oidc-callback-page').then((m) => m.OidcCallbackPage)),
          },
          // A sign-in link (docs/product.md §4) opens it: it signs in the browser that asked for the link.
          {
            path: 'sign-in-link',
            ...onDemand(() => import('../features/auth/components/sign-in-link-page').then((m) => m.SignInLinkPage)),
          },
          // The privacy notice (docs/product.md §2.20): linked from the sign-in page, for anyone.
          {
            path: 'privacy',
            ...onDemand(() => import('../features/auth/components/privacy-page').then((m) => m.PrivacyPage)),
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            ...onDemand(() => import('./app-layout').then((m) => m.AppLayout)),
            children: [
              // A student's or guardian's own attendance (docs/product.md §4).
              { path: 'me', ...onDemand(() => import('../features/reports/components/family-home').then((m) => m.FamilyHome)) },
              {
                path: 'me/classes',
                ...onDemand(() => import('../features/reports/components/family-classes').then((m) => m.FamilyClasses)),
              },
              { path: 'me/checkin', ...checkIn.student },
              { path: 'me/leave', ...leave.family },
              { path: 'me/leave/new', ...leave.apply },
              // My account (docs/product.md §4): every role; a one-time password's user is held here until they choose their own.
              {
                path: 'account',
                ...onDemand(() => import('../features/auth/components/account-page').then((m) => m.AccountPage)),
              },
              {
                element: <RequireStaff />,
                children: [
                  // The marking flow: features/marking/flow.ts reads these parameters (:kind is the class kind's code, 1 or 2).
                  { index: true, ...marking.home },
                  { path: 'course/:semid', ...marking.courses },
                  { path: 'laborlec/:courseid', ...marking.kind },
                  { path: 'slots/:kind', ...marking.slots },
                  { path: 'division/:slotid', ...marking.divisions },
                  { path: 'batch/:divisionid', ...marking.batches },
                  { path: 'students/:groupid', ...marking.students },
                  { path: 'success', ...marking.success },
                  { path: 'queue', ...marking.queue },
                  { path: 'checkin/:id', ...checkIn.screen },
                  {
                    path: 'dashboard/viewattendance',
                    ...onDemand(() =>
                      import('../features/attendance-view/components/view-attendance-page').then((m) => m.ViewAttendancePage),
                    ),
                  },
                  { path: 'reports', ...reports.list },
                  { path: 'reports/student/:id', ...reports.record },
                  { path: 'leave', ...leave.list },
                  { path: 'leave/:id', ...leave.detail },
                  {
                    element: <RequireAdmin />,
                    children: ADMIN_PAGES.map(({ path }) => ({ path: `dashboard/${path}`, ...admin(path) })),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <ErrorPage detail="404 Not Found" /> },
];

/** Starts loading the chunks of the page at `pathname` and of its layouts together, not one after the other. */
export function preloadPages(pathname: string) {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    // A failure shows when React renders the page.
    (route.handle as Preload | undefined)?.preload().catch(() => undefined);
  }
}

/**
 * The first page's main read, started as soon as the status check says who is signed in: with the page's chunks,
 * not after them (Home's Today, the largest thing it shows). Only where the page is sure to render and take it.
 */
export function preloadFirstRead(pathname: string) {
  void checkSessionOnce().then(() => {
    const { user } = session.get();
    if (pathname === '/' && user && isStaff(user.role) && !user.mustChangePassword) preloadTodayClasses();
  });
}

/** The window's history, for AppRouter (main.tsx, and the web tests over their simulated window). */
export const createHistory = (): WindowHistory => createWindowHistory();

/**
 * BrowserRouter's job, on react-router's `<Router>` over the window's history, plus: each navigation
 * is a transition (the page shown stays up while the next one's chunk loads) whose pending state
 * RootLayout shows, and the next page's chunks start loading at once.
 */
export function AppRouter({ history, children }: { history: WindowHistory; children: ReactNode }) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  const [pending, startTransition] = useTransition();
  // The first page's chunks are already loading (main.tsx); each next page's start with its navigation.
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        preloadPages(location.pathname);
        startTransition(() => setState({ action, location }));
      }),
    [history],
  );
  useEffect(() => {
    shownPath.set(state.location.pathname);
  }, [state.location.pathname]);
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      <NavigationPending value={pending}>{children}</NavigationPending>
    </Router>
  );
}

/** The page of the URL; BootScreen until the status check and the page's chunks are in; the error page for an error while rendering. */
export function App() {
  const location = useLocation();
  return (
    <ErrorBoundary location={location}>
      <Suspense fallback={<BootScreen />}>{useRoutes(routes)}</Suspense>
    </ErrorBoundary>
  );
}
