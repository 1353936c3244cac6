import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, type AppConfig } from '@shared/schemas/auth';
import { mockApi, type Routes } from './support/fake-api';
import { FACULTY, ODD, SEMESTER_3, signedInAs } from './support/fixtures';
import { renderApp } from './support/render-app';

const DEMO: AppConfig = {
  demo: {
    accounts: [
      { email: 'admin@sams.local', password: 'Admin@12345', role: 'admin' },
      { email: 'faculty@sams.local', password: 'Faculty@12345', role: 'faculty' },
    ],
    linkAccounts: [{ email: 'student@sams.local', role: 'student' }],
  },
};
const loggedOut = <T,>(extra?: Routes<T>) =>
  mockApi({
    ...signedInAs(null),
    'GET /term/active': { data: [ODD] },
    'GET /semester/t1': { data: [SEMESTER_3] },
    ...extra,
  });

describe('login', () => {
  it('has the title, labelled email and password inputs named email and password, and a Login button', async () => {
    loggedOut();
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'SAMS Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('name', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('name', 'password');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('SAMS Login · SAMS'));
  });

  it('shows the validation messages and sends nothing when the fields are wrong', async () => {
    const api = loggedOut();
    const app = renderApp('/login');
    await screen.findByRole('heading', { name: 'SAMS Login' });

    // The form's schema loads when the form is first used (the page opens without zod): the messages follow it.
    await app.user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email address must be a valid address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email address must be a valid address');
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await app.user.type(screen.getByLabelText('Email'), 'not-an-email');
    await app.user.type(screen.getByLabelText('Password'), 'secret');
    await app.user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email address must be a valid address')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/login')).toHaveLength(0);
  });

  it("shows 'Wrong email or password' when the server refuses, and stays on /login", async () => {
    const api = loggedOut({ 'POST /auth/login': { status: 401, message: 'Wrong email or password' } });
    const app = renderApp('/login');
    await screen.findByRole('heading', { name: 'SAMS Login' });
    await app.user.type(screen.getByLabelText('Email'), 'faculty@sams.local');
    await app.user.type(screen.getByLabelText('Password'), 'wrong-password');
    await app.user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password');
    expect(app.location().pathname).toBe('/login');
    expect(api.callsTo('POST', '/auth/login')[0]!.body).toEqual({ email: 'faculty@sams.local', password: 'wrong-password' });
  });

  it('shows the lockout message on 429', async () => {
    const locked = 'Too many failed logins for this account. Try again in 15 minutes.';
    loggedOut({ 'POST /auth/login': { status: 429, message: locked } });
    const app = renderApp('/login');
    await screen.findByRole('heading', { name: 'SAMS Login' });
    await app.user.type(screen.getByLabelText('Email'), 'faculty@sams.local');
    await app.user.type(screen.getByLabelText('Password'), 'x');
    await app.user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(locked);
  });

  it('says when a one-time password was used already or has expired', async () => {
    loggedOut({ 'POST /auth/login': { status: 401, message: PASSWORD_MESSAGES.oneTimeSpent } });
    const app = renderApp('/login');
    await screen.findByRole('heading', { name: 'SAMS Login' });
    await app.user.type(screen.getByLabelText('Email'), 'faculty@sams.local');
    await app.user.type(screen.getByLabelText('Password'), 'K7QM-9XPA-3HTR');
    await app.user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_MESSAGES.oneTimeSpent);
  });

  it('signs in with JSON and the cookie, then goes to Home with the navigation bar', async () => {
    const api = loggedOut({ 'POST /auth/login': { data: FACULTY, message: 'Logged in' } });
    const app = renderApp('/login');
    await screen.findByRole('heading', { name: 'SAMS Login' });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    await app.user.type(screen.getByLabelText('Email'), '  faculty@sams.local ');
    await app.user.type(screen.getByLabelText('Password'), 'Faculty@12345{Enter}');

    expect(await screen.findByRole('heading', { name: 'Mark Attendance' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    const [login] = api.callsTo('POST', '/auth/login');
    expect(login!.body).toEqual({ email: 'faculty@sams.local', password: 'Faculty@12345' });
    expect(login!.credentials).toBe('include');
    expect(login!.headers['content-type']).toBe('application/json');
  });

  it('shows the demo accounts from GET config, and Use fills the form', async () => {
    loggedOut({ 'GET /config': { data: DEMO } });
    const app = renderApp('/login');
    const hint = await screen.findByRole('region', { name: 'Demo accounts' });
    expect(within(hint).getByText('faculty@sams.local')).toBeInTheDocument();
    expect(within(hint).getByText('Faculty@12345')).toBeInTheDocument();
    expect(within(hint).getByText('admin@sams.local')).toBeInTheDocument();

    await app.user.click(within(hint).getByRole('button', { name: 'Use the faculty demo account' }));
    expect(screen.getByLabelText('Email')).toHaveValue('faculty@sams.local');
    expect(screen.getByLabelText('Password')).toHaveValue('Faculty@12345');
  });

  it('shows no demo hint when deployed (demo: null)', async () => {
    const api = loggedOut();
    renderApp('/login');
    await screen.findByRole('heading', { name: 'SAMS Login' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(api.callsTo('GET', '/config')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Demo accounts' })).not.toBeInTheDocument();
  });
});
