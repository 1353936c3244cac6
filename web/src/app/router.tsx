import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ErrorPage } from './error-page';
import { GuestOnly, RequireAdmin, RequireAuth } from './guards';
import { BootScreen, MainContent, RootLayout } from './root-layout';
import { checkSessionOnce } from './session-check';

/** The admin screens (docs/product.md §2.5–2.8, §3 for Timetable and Not marked): their paths under /dashboard and titles. */
export const ADMIN_PAGES = [
  { path: 'adduser', title: 'Add User' },
  { path: 'term', title: 'Term' },
  { path: 'semester', title: 'Semester' },
  { path: 'division', title: 'Division' },
  { path: 'batch', title: 'Batch' },
  { path: 'course', title: 'Course' },
  { path: 'slot', title: 'Slot' },
  { path: 'changestu', title: 'Change Term' },
  { path: 'student', title: 'Student' },
  { path: 'import', title: 'Import students' },
  { path: 'settings', title: 'Settings' },
  { path: 'timetable', title: 'Timetable' },
  { path: 'notmarked', title: 'Not marked' },
] as const;

// Every page is its own chunk, loaded by the router before it renders, so nothing flashes. The
// initial bundle holds only React, the router, the guards and the root layout; the signed-in
// shell (AppLayout: navigation bar, SWR) loads with the first signed-in page.
const adminPages = () => import('../features/admin/components/admin-pages');
/** Each admin screen by its path (one chunk for the admin screens: they share their forms, lists and dialogs). */
const admin = (path: (typeof ADMIN_PAGES)[number]['path']) => () => adminPages().then((m) => ({ Component: m.ADMIN_SCREENS[path] }));

const marking = {
  home: () => import('../features/marking/components/home-page').then((m) => ({ Component: m.HomePage })),
  courses: () => import('../features/marking/components/step-pages').then((m) => ({ Component: m.CoursePage })),
  kind: () => import('../features/marking/components/kind-page').then((m) => ({ Component: m.KindPage })),
  slots: () => import('../features/marking/components/step-pages').then((m) => ({ Component: m.SlotsPage })),
  divisions: () => import('../features/marking/components/step-pages').then((m) => ({ Component: m.DivisionPage })),
  batches: () => import('../features/marking/components/step-pages').then((m) => ({ Component: m.BatchPage })),
  students: () => import('../features/marking/components/students-page').then((m) => ({ Component: m.StudentsPage })),
  success: () => import('../features/marking/components/success-page').then((m) => ({ Component: m.SuccessPage })),
  queue: () => import('../features/marking/components/queue-page').then((m) => ({ Component: m.QueuePage })),
};

/** The Reports screens (docs/product.md §2.12), admins and faculty: the defaulter list and a student's record. */
const reports = {
  list: () => import('../features/reports/components/reports-page').then((m) => ({ Component: m.ReportsPage })),
  record: () => import('../features/reports/components/student-record-page').then((m) => ({ Component: m.StudentRecordPage })),
};

/** The route table of docs/product.md §2.1, all under one root layout. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: checkSessionOnce,
    shouldRevalidate: () => false,
    element: <RootLayout />,
    hydrateFallbackElement: <BootScreen />,
    errorElement: <ErrorPage />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          {
            element: <MainContent />,
            children: [
              { path: 'login', lazy: () => import('../features/auth/components/login-page').then((m) => ({ Component: m.LoginPage })) },
            ],
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: () => import('./app-layout').then((m) => ({ Component: m.AppLayout })),
            children: [
              { index: true, lazy: marking.home },
              { path: 'course/:semid', lazy: marking.courses },
              { path: 'laborlec/:courseid', lazy: marking.kind },
              { path: 'slots/:slotid', lazy: marking.slots },
              { path: 'division/:timeid', lazy: marking.divisions },
              { path: 'batch/:divisionid', lazy: marking.batches },
              { path: 'students/:id', lazy: marking.students },
              { path: 'success', lazy: marking.success },
              { path: 'queue', lazy: marking.queue },
              {
                path: 'dashboard/viewattendance',
                lazy: () =>
                  import('../features/attendance-view/components/view-attendance-page').then((m) => ({ Component: m.ViewAttendancePage })),
              },
              { path: 'reports', lazy: reports.list },
              // My account (docs/product.md §4): every role; a one-time password's user is held here until they choose their own.
              {
                path: 'account',
                lazy: () => import('../features/auth/components/account-page').then((m) => ({ Component: m.AccountPage })),
              },
              { path: 'reports/student/:id', lazy: reports.record },
              {
                element: <RequireAdmin />,
                children: ADMIN_PAGES.map(({ path }) => ({ path: `dashboard/${path}`, lazy: admin(path) })),
              },
            ],
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
