import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@shared/messages';
import { PASSWORD_MESSAGES, type AppConfig } from '@shared/schemas/auth';
import { AUTH_REQUESTS } from '@shared/requests/auth';
import { PRIVACY_MESSAGES } from '@shared/schemas/privacy';
import { burnPasswordCheck, hashPassword, verifyPassword } from './lib/auth/password';
import { withCollegeClock } from './lib/auth/college-clock';
import { passwordProblem } from './lib/auth/password-policy';
import { clearedLoginSessionCookie, deviceCookie, signDeviceToken, trustedDevice } from './lib/auth/login-session-token';
import { setPasswordWithLink } from './lib/auth/set-password-use';
import { changePassword, newLoginSession, signedInUser, spendChangeGuess, spendGuess } from './lib/auth/sign-in';
import { nowSeconds } from './lib/db';
import { DEMO_ACCOUNTS, DEMO_FAMILY, isDemoMode } from './lib/demo-accounts';
import { Invalid, NotFound } from './lib/domain-errors';
import { HttpError } from './lib/http/errors';
import { resource } from './lib/http/resource';
import { securityEvent } from './lib/http/security-events';
import { clearLoginAttempts } from './lib/repositories/login-attempts';
import {
  createLoginSession,
  deleteLoginSession,
  deleteLoginSessionsOfUser,
  endLoginSession,
  listLoginSessions,
} from './lib/repositories/login-sessions';
import { createUser, findUserForLogin, getUserWithPassword } from './lib/repositories/users';
import { getSettings } from './lib/repositories/settings';

/**
 * Auth resource: sign-in, sign-out, the current user, registering users, the public app config,
 * the signed-in user's own account: their password and their login sessions (docs/product.md §4),
 * and setting a password with an emailed link.
 */
export const handler = resource('auth', AUTH_REQUESTS, {
  'GET /config': async () => {
    const config: AppConfig = {
      demo: isDemoMode()
        ? {
            accounts: DEMO_ACCOUNTS.map(({ email, password, role }) => ({ email, password, role })),
            linkAccounts: [
              { email: DEMO_FAMILY.student.email, role: 'student' },
              { email: DEMO_FAMILY.guardian.email, role: 'guardian' },
            ],
          }
        : null,
    };
    return { data: config, message: 'Config' };
  },

  'GET /privacy': async () => {
    const { collegeName, privacyContact } = await getSettings();
    return { data: { collegeName, privacyContact }, message: PRIVACY_MESSAGES.read };
  },

  'POST /auth/login': async (request) => {
    const { email, password } = request.body;
    const device = await trustedDevice(request.cookies, request.secure, email);
    await spendGuess(email, request, device);
    const user = await findUserForLogin(email);
    const valid = user ? await verifyPassword(password, user.passwordHash) : await burnPasswordCheck(password);
    if (!user || !valid) {
      securityEvent('login failed', request, {
        email,
        reason: user ? 'wrong password' : 'unknown email',
        trustedDevice: device !== undefined,
      });
      throw new HttpError(401, MESSAGES.wrongLogin);
    }
    await clearLoginAttempts(email, device);
    // A one-time password signs in once, within its day: the sign-in that stores its login session spends it.
    const oneTimePassword = user.mustChangePassword === true;
    const spent = () => {
      securityEvent('login failed', request, { email, reason: 'one-time password used or expired', trustedDevice: device !== undefined });
      return new HttpError(401, PASSWORD_MESSAGES.oneTimeSpent);
    };
    if (oneTimePassword && !((user.oneTimePasswordExpiresAt ?? 0) > nowSeconds())) throw spent();
    const { loginSession, cookie } = await newLoginSession(signedInUser(user), request);
    // A user deleted (or whose password changed) while signing in gets the same answer as a wrong password.
    await createLoginSession(loginSession, { passwordHash: user.passwordHash, oneTimePassword }).catch((error: unknown) => {
      if (!(error instanceof NotFound)) throw error;
      throw oneTimePassword ? spent() : new HttpError(401, MESSAGES.wrongLogin);
    });
    const trusted = deviceCookie(await signDeviceToken(email, device ?? randomUUID()), request.secure);
    const signedIn = { ...loginSession.user, loginSessionId: loginSession.loginSessionId };
    securityEvent('login succeeded', { ...request, user: signedIn }, { trustedDevice: !!device });
    return { data: await withCollegeClock(loginSession.user), message: 'Logged in successfully', cookies: [cookie, trusted] };
  },

  'GET /auth/currentstatus': async ({ user }) => {
    // The login session's id stays on the server (the cookie's token carries it).
    const { loginSessionId: _loginSessionId, ...publicUser } = user;
    return { data: await withCollegeClock(publicUser), message: 'Logged in' };
  },

  'POST /auth/logout': async (request) => {
    if (request.user) {
      await deleteLoginSession(request.user._id, request.user.loginSessionId);
      securityEvent('logout', request);
    }
    return { data: null, message: 'Logged out', cookies: [clearedLoginSessionCookie(request.secure)] };
  },

  'POST /auth/register': async (request) => {
    const input = request.body;
    const problem = await passwordProblem(input.password, input);
    if (problem) throw new Invalid(problem);
    const user = await createUser({
      username: input.username,
      email: input.email,
      role: input.role,
      passwordHash: await hashPassword(input.password),
    });
    securityEvent('user created', request, { userId: user._id, email: user.email, role: user.role });
    return { status: 201, data: user, message: 'User created successfully' };
  },

  // Public: the emailed link is the credential (functions/lib/auth/set-password-use.ts). It does not sign in.
  'POST /auth/set-password': async (request) => {
    const { user, ended } = await setPasswordWithLink(request.body);
    securityEvent('password changed', request, { userId: user._id, email: user.email, via: 'emailed link', sessionsEnded: ended });
    return { data: null, message: 'Your password is set. Sign in with it.' };
  },

  // The current password is a guess like a login's, counted first in this login session's own count: a stolen
  // login session cannot try many, and outsiders' failed logins cannot stop the owner's change.
  'POST /auth/password': async (request) => {
    const input = request.body;
    const stored = await getUserWithPassword(request.user._id);
    if (!stored) throw new HttpError(401, MESSAGES.notSignedIn);
    if (input.newPassword === input.currentPassword) throw new Invalid(PASSWORD_MESSAGES.same);
    const problem = await passwordProblem(input.newPassword, stored);
    if (problem) throw new Invalid(problem);
    await spendChangeGuess(request);
    if (!(await verifyPassword(input.currentPassword, stored.passwordHash))) {
      securityEvent('login failed', request, { email: stored.email, reason: 'wrong current password on a password change' });
      throw new Invalid(PASSWORD_MESSAGES.currentWrong);
    }
    const passwordHash = await hashPassword(input.newPassword);
    const { loginSession, cookie } = await newLoginSession(signedInUser({ ...stored, mustChangePassword: false }), request);
    const change = { passwordHash, mustChangePassword: false, whileHash: stored.passwordHash };
    const ended = await changePassword(stored._id, change, loginSession);
    securityEvent('password changed', request, { sessionsEnded: ended });
    return { data: loginSession.user, message: 'Password changed. Every other session has been signed out.', cookies: [cookie] };
  },

  'GET /auth/sessions': async ({ user }) => {
    const loginSessions = await listLoginSessions(user._id, user.loginSessionId);
    return { data: loginSessions, message: 'Your sessions' };
  },

  'DELETE /auth/sessions/{id}': async (request) => {
    const { id } = request.params;
    await endLoginSession(request.user._id, id);
    securityEvent('session ended', request, { sessionId: id });
    const here = id === request.user.loginSessionId;
    return {
      data: null,
      message: here ? 'Signed out on this device' : 'Signed out on that device',
      cookies: here ? [clearedLoginSessionCookie(request.secure)] : undefined,
    };
  },

  'DELETE /auth/sessions': async (request) => {
    await deleteLoginSessionsOfUser(request.user._id);
    securityEvent('all sessions ended', request);
    return { data: null, message: 'Signed out everywhere', cookies: [clearedLoginSessionCookie(request.secure)] };
  },
});
