import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@shared/messages';
import { loginSchema, registerSchema, type AppConfig } from '@shared/schemas/auth';
import { burnPasswordCheck, hashPassword, verifyPassword } from './lib/auth/password';
import { clearedSessionCookie, SESSION_SECONDS, sessionCookie, signSessionToken } from './lib/auth/session-token';
import { nowSeconds } from './lib/db';
import { DEMO_ACCOUNTS, isDemoMode } from './lib/demo-accounts';
import { NotFound } from './lib/domain-errors';
import { HttpError, parse } from './lib/http/errors';
import { resource } from './lib/http/resource';
import type { ApiRequest } from './lib/http/types';
import { clearLoginFailures, isLoginLocked, recordLoginFailure } from './lib/repositories/login-attempts';
import { createSession, deleteSession } from './lib/repositories/sessions';
import { createUser, findUserForLogin } from './lib/repositories/users';

/** Auth resource: sign-in, sign-out, the current user, registering users, and the public app config. */
export const handler = resource('auth', {
  'GET /api/v1/config': async () => {
    const config: AppConfig = {
      demo: isDemoMode() ? { accounts: DEMO_ACCOUNTS.map(({ email, password, role }) => ({ email, password, role })) } : null,
    };
    return { data: config, message: 'Config' };
  },

  'POST /api/v1/auth/login': async ({ body, secure }: ApiRequest) => {
    const result = loginSchema.safeParse(body);
    if (!result.success) throw new HttpError(401, MESSAGES.wrongLogin);
    const { email, password } = result.data;
    if (await isLoginLocked(email)) throw new HttpError(429, MESSAGES.loginThrottled);
    const user = await findUserForLogin(email);
    const valid = user ? await verifyPassword(password, user.passwordHash) : await burnPasswordCheck(password);
    if (!user || !valid) {
      await recordLoginFailure(email);
      throw new HttpError(401, MESSAGES.wrongLogin);
    }
    await clearLoginFailures(email);
    const publicUser = { _id: user._id, username: user.username, email: user.email, role: user.role };
    const sessionId = randomUUID();
    const expiresAt = nowSeconds() + SESSION_SECONDS;
    // A user deleted while signing in gets the same answer as a wrong password.
    await createSession(publicUser, sessionId, expiresAt).catch((error: unknown) => {
      throw error instanceof NotFound ? new HttpError(401, MESSAGES.wrongLogin) : error;
    });
    const token = await signSessionToken({ userId: user._id, sessionId }, expiresAt);
    return { data: publicUser, message: 'Logged in successfully', cookies: [sessionCookie(token, secure)] };
  },

  'GET /api/v1/auth/currentstatus': async ({ user }: ApiRequest) => {
    const { sessionId: _sessionId, ...publicUser } = user!;
    return { data: publicUser, message: 'Logged in' };
  },

  'POST /api/v1/auth/logout': async ({ user, secure }: ApiRequest) => {
    if (user) await deleteSession(user._id, user.sessionId);
    return { data: null, message: 'Logged out', cookies: [clearedSessionCookie(secure)] };
  },

  'POST /api/v1/auth/register': async ({ body }: ApiRequest) => {
    const input = parse(registerSchema, body);
    const user = await createUser({
      username: input.username,
      email: input.email,
      role: input.role,
      passwordHash: await hashPassword(input.password),
    });
    return { status: 201, data: user, message: 'User created successfully' };
  },
});
