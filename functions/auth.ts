import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@shared/messages';
import { changePasswordSchema, loginSchema, PASSWORD_MESSAGES, registerSchema, type AppConfig } from '@shared/schemas/auth';
import { entityId } from '@shared/schemas/common';
import { burnPasswordCheck, hashPassword, verifyPassword } from './lib/auth/password';
import { passwordProblem } from './lib/auth/password-policy';
import { clearedSessionCookie, deviceCookie, signDeviceToken, trustedDevice } from './lib/auth/session-token';
import { changePassword, newSession, signedInUser, spendChangeGuess, spendGuess } from './lib/auth/sign-in';
import { nowSeconds } from './lib/db';
import { DEMO_ACCOUNTS, isDemoMode } from './lib/demo-accounts';
import { Invalid, NotFound } from './lib/domain-errors';
import { HttpError, parse } from './lib/http/errors';
import { resource } from './lib/http/resource';
import { securityEvent } from './lib/http/security-events';
import { clearLoginAttempts } from './lib/repositories/login-attempts';
import { createSession, deleteSession, deleteSessionsOfUser, endSession, listSessions } from './lib/repositories/sessions';
import { createUser, findUserForLogin, getUserWithPassword } from './lib/repositories/users';

/**
 * Auth resource: sign-in, sign-out, the current user, registering users, the public app config,
 * and the signed-in user's own account: their password and their sessions (docs/product.md §4).
 */
export const handler = resource('auth', {
  'GET /config': async () => {
    const config: AppConfig = {
      demo: isDemoMode() ? { accounts: DEMO_ACCOUNTS.map(({ email, password, role }) => ({ email, password, role })) } : null,
    };
    return { data: config, message: 'Config' };
  },

  'POST /auth/login': async (request) => {
    const result = loginSchema.safeParse(request.body);
    if (!result.success) throw new HttpError(401, MESSAGES.wrongLogin);
    const { email, password } = result.data;
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
    // A one-time password signs in once, within its day: the sign-in that stores its session spends it.
    const oneTimePassword = user.mustChangePassword === true;
    const spent = () => {
      securityEvent('login failed', request, { email, reason: 'one-time password used or expired', trustedDevice: device !== undefined });
      return new HttpError(401, PASSWORD_MESSAGES.oneTimeSpent);
    };
    if (oneTimePassword && !((user.oneTimePasswordExpiresAt ?? 0) > nowSeconds())) throw spent();
    const { session, cookie } = await newSession(signedInUser(user), request);
    // A user deleted (or whose password changed) while signing in gets the same answer as a wrong password.
    await createSession(session, { passwordHash: user.passwordHash, oneTimePassword }).catch((error: unknown) => {
      if (!(error instanceof NotFound)) throw error;
      throw oneTimePassword ? spent() : new HttpError(401, MESSAGES.wrongLogin);
    });
    const trusted = deviceCookie(await signDeviceToken(email, device ?? randomUUID()), request.secure);
    securityEvent('login succeeded', { ...request, user: { ...session.user, sessionId: session.sessionId } }, { trustedDevice: !!device });
    return { data: session.user, message: 'Logged in successfully', cookies: [cookie, trusted] };
  },

  'GET /auth/currentstatus': async ({ user }) => {
    const { sessionId: _sessionId, ...publicUser } = user;
    return { data: publicUser, message: 'Logged in' };
  },

  'POST /auth/logout': async (request) => {
    if (request.user) {
      await deleteSession(request.user._id, request.user.sessionId);
      securityEvent('logout', request);
    }
    return { data: null, message: 'Logged out', cookies: [clearedSessionCookie(request.secure)] };
  },

  'POST /auth/register': async (request) => {
    const input = parse(registerSchema, request.body);
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

  // The current password is a guess like a login's, counted first in this session's own count: a stolen
  // session cannot try many, and outsiders' failed logins cannot stop the owner's change.
  'POST /auth/password': async (request) => {
    const input = parse(changePasswordSchema, request.body);
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
    const { session, cookie } = await newSession(signedInUser({ ...stored, mustChangePassword: false }), request);
    const change = { passwordHash, mustChangePassword: false, whileHash: stored.passwordHash };
    const ended = await changePassword(stored._id, change, session);
    securityEvent('password changed', request, { sessionsEnded: ended });
    return { data: session.user, message: 'Password changed. Every other session has been signed out.', cookies: [cookie] };
  },

  'GET /auth/sessions': async ({ user }) => {
    const sessions = await listSessions(user._id, user.sessionId);
    return { data: sessions, message: 'Your sessions' };
  },

  'DELETE /auth/sessions/{id}': async (request) => {
    const id = parse(entityId('Session not found'), request.params.id);
    await endSession(request.user._id, id);
    securityEvent('session ended', request, { sessionId: id });
    const here = id === request.user.sessionId;
    return {
      data: null,
      message: here ? 'Signed out on this device' : 'Signed out on that device',
      cookies: here ? [clearedSessionCookie(request.secure)] : undefined,
    };
  },

  'DELETE /auth/sessions': async (request) => {
    await deleteSessionsOfUser(request.user._id);
    securityEvent('all sessions ended', request);
    return { data: null, message: 'Signed out everywhere', cookies: [clearedSessionCookie(request.secure)] };
  },
});
