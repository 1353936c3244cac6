import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, routes } from './support/fake-api';
import { FACULTY, NOTHING_TODAY, ODD, SEMESTER_3, signedInAs } from './support/fixtures';
import { renderApp } from './support/render-app';

/*
 * The app's router over the window's history (web/src/app/window-history.ts): a link adds an entry,
 * a redirect replaces one, and Back and Forward show the page of the entry they reach.
 */

const home = routes({
  ...NOTHING_TODAY,
  'GET /term/active': { data: [ODD] },
  'GET /term': { data: [ODD] },
  'GET /semester/t1': { data: [SEMESTER_3] },
});
const nav = () => within(screen.getByRole('navigation', { name: 'Main' }));

describe('router over the window history', () => {
  it('adds an entry for a link; Back and Forward show the page of the entry they reach', async () => {
    mockApi({ ...signedInAs(FACULTY), ...home });
    const app = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Mark Attendance' });
    const entries = window.history.length;

    await app.user.click(nav().getByRole('link', { name: 'View Attendance' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'View Attendance' })).toBeInTheDocument();
    expect(window.history.length).toBe(entries + 1);
    expect(window.location.pathname).toBe('/dashboard/viewattendance');

    window.history.back();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mark Attendance' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/');
    expect(nav().getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    window.history.forward();
    expect(await screen.findByRole('heading', { level: 1, name: 'View Attendance' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/dashboard/viewattendance');
  });

  it('replaces the entry on a redirect: Back does not return to the page that redirected', async () => {
    mockApi(signedInAs(null));
    const entries = window.history.length;
    const app = renderApp('/dashboard/viewattendance');
    expect(await screen.findByRole('heading', { name: 'SAMS Login' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/login');
    expect(window.history.length).toBe(entries);
  });

  it('keeps a navigation’s state in its entry, so the page reads it again after Back and Forward', async () => {
    mockApi({ ...signedInAs(FACULTY), ...home });
    const app = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Mark Attendance' });
    app.history.push('/dashboard/viewattendance', { from: 'home' });
    expect(await screen.findByRole('heading', { level: 1, name: 'View Attendance' })).toBeInTheDocument();

    window.history.back();
    await screen.findByRole('heading', { level: 1, name: 'Mark Attendance' });
    expect(app.location().state).toBeNull();
    window.history.forward();
    await screen.findByRole('heading', { level: 1, name: 'View Attendance' });
    expect(app.location().state).toEqual({ from: 'home' });
  });
});
