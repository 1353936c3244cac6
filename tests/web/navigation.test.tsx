import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiBody } from '@web/lib/api-contract';
import { mockApi, routes } from './support/fake-api';
import { ADMIN, EVEN, FACULTY, NOTHING_TODAY, ODD, SEMESTER_3, signedInAs } from './support/fixtures';
import { renderApp } from './support/render-app';

const home = routes({
  ...NOTHING_TODAY,
  'GET /term/active': { data: [ODD] },
  'GET /term': { data: [ODD, EVEN] },
  'GET /semester/t1': { data: [SEMESTER_3] },
  'GET /semester/t2': { data: [{ _id: 's2', name: 'Semester 2', termid: 't2' }] },
});
const linkNames = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('navigation bar', () => {
  it('shows a faculty member Home, View Attendance, Reports and Logout only, and no term selector', async () => {
    mockApi({ ...signedInAs(FACULTY), ...home });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Mark Attendance' });
    expect(linkNames()).toEqual(['Home', 'View Attendance', 'Reports']);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Active term')).not.toBeInTheDocument();
  });

  it('shows an admin every management link and the term selector', async () => {
    mockApi({ ...signedInAs(ADMIN), ...home });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Mark Attendance' });
    expect(linkNames()).toEqual([
      'Home',
      'Term',
      'Semester',
      'Division',
      'Batch',
      'Course',
      'Slot',
      'Chg Term',
      'Student',
      'Timetable',
      'View Attendance',
      'Reports',
      'Adduser',
      'Settings',
    ]);
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Chg Term' })).toHaveAttribute('href', '/dashboard/changestu');
    expect(nav.getByRole('link', { name: 'Adduser' })).toHaveAttribute('href', '/dashboard/adduser');
    expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/dashboard/settings');
    expect(nav.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
    const selector = await screen.findByLabelText('Active term');
    await waitFor(() => expect(selector).toHaveValue('t1'));
  });

  it('marks the current link with aria-current="page", and only that one', async () => {
    mockApi({ ...signedInAs(ADMIN), ...home });
    const app = renderApp('/');
    await screen.findByRole('heading', { name: 'Mark Attendance' });
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await app.user.click(nav.getByRole('link', { name: 'Slot' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Slot' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Slot' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('has a real menu toggle button whose aria-expanded flips and which controls the menu', async () => {
    mockApi({ ...signedInAs(FACULTY), ...home });
    const app = renderApp('/');
    await screen.findByRole('heading', { name: 'Mark Attendance' });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.tagName).toBe('BUTTON');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(menu).toContainElement(screen.getByRole('navigation', { name: 'Main' }));

    await app.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveClass('is-open');
    await app.user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await app.user.click(toggle);
    await app.user.click(within(menu!).getByRole('link', { name: 'View Attendance' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'View Attendance' })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('logs out through the server, then shows the login page without the bar', async () => {
    const api = mockApi({ ...signedInAs(FACULTY), ...home });
    const app = renderApp('/');
    await screen.findByRole('heading', { name: 'Mark Attendance' });
    await app.user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'SAMS Login' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/logout')).toHaveLength(1);
    expect(app.location().pathname).toBe('/login');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('term selector: deactivates the active term, then activates the chosen one, then reloads', async () => {
    const terms = [{ ...ODD }, { ...EVEN }];
    const patch = (id: string) => (body: ApiBody<'PATCH /term/{id}'>) => {
      const term = terms.find((candidate) => candidate._id === id)!;
      term.status = body.status!;
      return { data: term, message: `Term ${term.name} is now ${term.status ? 'active' : 'inactive'}` };
    };
    const api = mockApi({
      ...signedInAs(ADMIN),
      ...home,
      'GET /term': () => ({ data: terms.map((term) => ({ ...term })) }),
      'GET /term/active': () => ({ data: terms.filter((term) => term.status) }),
      'PATCH /term/t1': patch('t1'),
      'PATCH /term/t2': patch('t2'),
    });
    const app = renderApp('/');
    expect(await screen.findByRole('link', { name: 'Semester 3' })).toBeInTheDocument();
    const selector = screen.getByLabelText('Active term');
    await waitFor(() => expect(selector).toHaveValue('t1'));

    await app.user.selectOptions(selector, 't2');
    const toasts = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(await toasts.findByRole('status')).toHaveTextContent('2025-26 Even Term is now the active term');
    const patches = api.calls.filter((call) => call.method === 'PATCH');
    expect(patches.map((call) => [call.path, call.body])).toEqual([
      ['/term/t1', { status: false }],
      ['/term/t2', { status: true }],
    ]);
    // Reloaded: the selector and Home follow the new active term.
    await waitFor(() => expect(selector).toHaveValue('t2'));
    expect(await screen.findByRole('link', { name: 'Semester 2' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Semester 3' })).not.toBeInTheDocument();
  });

  it('term selector: shows the error and keeps the term when the change fails', async () => {
    mockApi({ ...signedInAs(ADMIN), ...home, 'PATCH /term/t1': { status: 503, message: 'The service is busy right now.' } });
    const app = renderApp('/');
    const selector = await screen.findByLabelText('Active term');
    await waitFor(() => expect(selector).toHaveValue('t1'));
    await app.user.selectOptions(selector, 't2');
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is busy right now.');
    await waitFor(() => expect(selector).toHaveValue('t1'));
  });
});
