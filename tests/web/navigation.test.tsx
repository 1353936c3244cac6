import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
  it('shows a faculty member Home, View Attendance, Reports, Leave and Logout only, and no current term', async () => {
    mockApi({ ...signedInAs(FACULTY), ...home });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Mark Attendance' });
    expect(linkNames()).toEqual(['Home', 'View Attendance', 'Reports', 'Leave']);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Active term/ })).not.toBeInTheDocument();
  });

  it('shows an admin every management link and the current term, read only', async () => {
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
      'Timetable',
      'Student',
      'Import students',
      'Chg Term',
      'Adduser',
      'Invite',
      'View Attendance',
      'Not marked',
      'Reports',
      'Leave',
      'Settings',
    ]);
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    // Grouped under headings: each group a list named by its heading.
    const group = (name: string) => [...nav.getByRole('list', { name }).querySelectorAll('a')].map((link) => link.textContent);
    expect(group('Academic structure')).toEqual(['Term', 'Semester', 'Division', 'Batch', 'Course', 'Slot', 'Timetable']);
    expect(group('People')).toEqual(['Student', 'Import students', 'Chg Term', 'Adduser', 'Invite']);
    expect(group('Attendance')).toEqual(['View Attendance', 'Not marked', 'Reports', 'Leave']);
    expect(group('College')).toEqual(['Settings']);
    expect(nav.getByRole('link', { name: 'Import students' })).toHaveAttribute('href', '/dashboard/import');
    expect(nav.getByRole('link', { name: 'Not marked' })).toHaveAttribute('href', '/dashboard/notmarked');
    expect(nav.getByRole('link', { name: 'Chg Term' })).toHaveAttribute('href', '/dashboard/changestu');
    expect(nav.getByRole('link', { name: 'Adduser' })).toHaveAttribute('href', '/dashboard/adduser');
    expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/dashboard/settings');
    expect(nav.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
    const current = await screen.findByRole('link', { name: 'Active term: 2026-27 Odd Term. Change it on the Term screen' });
    expect(current).toHaveTextContent('Active term 2026-27 Odd Term');
    expect(current).toHaveAttribute('href', '/dashboard/term');
    expect(screen.queryByRole('combobox', { name: /Active term/ })).not.toBeInTheDocument();
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
    // The group holding the current page is marked too.
    expect(nav.getByRole('list', { name: 'Academic structure' }).closest('li')).toHaveClass('is-current');
    expect(nav.getByRole('list', { name: 'People' }).closest('li')).not.toHaveClass('is-current');
    expect(document.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
  });

  it('keeps a faculty member’s links ungrouped, the current one marked', async () => {
    mockApi({ ...signedInAs(FACULTY), ...home });
    renderApp('/dashboard/viewattendance');
    await screen.findByRole('heading', { level: 1, name: 'View Attendance' });
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getAllByRole('list')).toHaveLength(1);
    expect(nav.getByRole('link', { name: 'View Attendance' })).toHaveAttribute('aria-current', 'page');
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

  it('current term: opens the Term screen, changes nothing itself, and follows the active term', async () => {
    const terms = [{ ...ODD }, { ...EVEN }];
    const api = mockApi({
      ...signedInAs(ADMIN),
      ...home,
      'GET /term': () => ({ data: terms.map((term) => ({ ...term })) }),
      'GET /term/active': () => ({ data: terms.filter((term) => term.status) }),
      'POST /term/t2/activate': () => {
        terms[0]!.status = false;
        terms[1]!.status = true;
        return { data: terms, message: '2025-26 Even Term is now the active term' };
      },
    });
    const app = renderApp('/');
    const current = await screen.findByRole('link', { name: /^Active term: 2026-27 Odd Term/ });
    await app.user.click(current);
    expect(await screen.findByRole('heading', { level: 1, name: 'Term' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/dashboard/term');
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);

    // Made active on the Term screen (asked first): the label follows.
    await app.user.click(screen.getByRole('button', { name: 'Get Terms' }));
    await app.user.click(await screen.findByRole('button', { name: 'Make active… 2025-26 Even Term' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Make 2025-26 Even Term the active term?' }));
    await app.user.click(dialog.getByRole('button', { name: 'Make active now' }));
    expect(await screen.findByRole('link', { name: /^Active term: 2025-26 Even Term/ })).toBeInTheDocument();
  });

  it('current term: says when there is none', async () => {
    mockApi({ ...signedInAs(ADMIN), ...home, 'GET /term/active': { data: [] } });
    renderApp('/');
    expect(await screen.findByRole('link', { name: /^Active term: No active term/ })).toBeInTheDocument();
  });
});
