import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_PAGES } from '@web/app/admin-pages';
import type { PublicUser } from '@shared/schemas/auth';
import { mockApi, routes, type Reply } from './support/fake-api';
import { ADMIN, FACULTY, ODD, SEMESTER_3, signedInAs } from './support/fixtures';
import { deferred, renderApp } from './support/render-app';

const homeData = routes({
  'GET /term/active': { data: [ODD] },
  'GET /term': { data: [ODD] },
  'GET /semester/t1': { data: [SEMESTER_3] },
});

describe('guards: pages that need login', () => {
  it.each(['/', '/course/s3', '/students/d1?kind=1&courseid=c1&slot=x', '/success', '/dashboard/viewattendance', '/dashboard/term'])(
    'sends a logged-out visitor of %s to /login',
    async (path) => {
      mockApi(signedInAs(null));
      const app = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'SAMS Login' })).toBeInTheDocument();
      expect(app.location().pathname).toBe('/login');
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it('sends a signed-in visitor of /login to /', async () => {
    mockApi({ ...signedInAs(FACULTY), ...homeData });
    const app = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Mark Attendance' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'SAMS Login' })).not.toBeInTheDocument();
  });

  it('sends the visitor to /login when any call answers 401 (session ended)', async () => {
    mockApi({ ...signedInAs(FACULTY), 'GET /term/active': { status: 401, message: 'Please log in to continue' } });
    const app = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'SAMS Login' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/login');
    expect(screen.getByRole('alert')).toHaveTextContent('Please log in to continue');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('guards: admin pages', () => {
  it.each(ADMIN_PAGES.map((page) => [`/dashboard/${page.path}`, page.title]))(
    'sends a faculty member opening %s to /',
    async (path, title) => {
      mockApi({ ...signedInAs(FACULTY), ...homeData });
      const app = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Mark Attendance' })).toBeInTheDocument();
      expect(app.location().pathname).toBe('/');
      expect(screen.queryByRole('heading', { name: title })).not.toBeInTheDocument();
    },
  );

  it.each(ADMIN_PAGES.map((page) => [`/dashboard/${page.path}`, page.title]))('lets an admin open %s (%s)', async (path, title) => {
    mockApi({ ...signedInAs(ADMIN), ...homeData });
    const app = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(app.location().pathname).toBe(path);
  });

  it('lets a faculty member open View Attendance', async () => {
    mockApi({ ...signedInAs(FACULTY), ...homeData });
    const app = renderApp('/dashboard/viewattendance');
    expect(await screen.findByRole('heading', { level: 1, name: 'View Attendance' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/dashboard/viewattendance');
  });
});

describe('guards: the initial status check', () => {
  it('renders no page and no navigation bar until GET auth/currentstatus answers', async () => {
    const answer = deferred<Reply<PublicUser>>();
    const api = mockApi({ ...signedInAs(FACULTY), ...homeData, 'GET /auth/currentstatus': () => answer.promise });
    renderApp('/');
    await waitFor(() => expect(api.callsTo('GET', '/auth/currentstatus')).toHaveLength(1));
    // Give the router time to render whatever it would render early.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/term/active')).toHaveLength(0);

    answer.resolve({ data: FACULTY });
    expect(await screen.findByRole('heading', { name: 'Mark Attendance' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/auth/currentstatus')?.credentials).toBe('include');
  });

  it('shows the login page, never Home, when the check answers 401', async () => {
    const answer = deferred<Reply<PublicUser>>();
    mockApi({ ...signedInAs(null), 'GET /auth/currentstatus': () => answer.promise });
    renderApp('/');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    answer.resolve({ status: 401, message: 'Please log in to continue' });
    expect(await screen.findByRole('heading', { name: 'SAMS Login' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Mark Attendance' })).not.toBeInTheDocument();
  });
});

describe('routing errors', () => {
  it('shows the Unexpected Application Error! page for an unknown route', async () => {
    mockApi(signedInAs(FACULTY));
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
  });
});
