import type { MiddlewareObj } from '@middy/core';
import { MESSAGES } from '@shared/messages';
import { ROUTES_BY_KEY } from '@shared/routes';
import { readLoginSessionCookie, verifyLoginSessionToken } from '../auth/login-session-token';
import { signedInUserOf } from '../repositories/login-sessions';
import { HttpError } from './errors';
import type { Context } from 'aws-lambda';
import type { ApiContext, ApiEvent } from './types';

/**
 * Finds the signed-in user (a valid token whose login session still exists and has not lapsed) and
 * enforces the route's access: 401 without a live login session, 403 for a faculty member on an admin
 * route, 403 for anything but changing the password while it is a one-time password.
 * Public routes do not look the user up; optional ones (logout) see the user when there is one.
 */
export const loginSessionAuth = (): MiddlewareObj<ApiEvent, unknown, Error, Context> => ({
  before: async ({ event, context: lambdaContext }) => {
    const context = lambdaContext as ApiContext;
    const route = ROUTES_BY_KEY.get(event.routeKey);
    const access = route?.access;
    context.api.userAgent = event.requestContext?.http?.userAgent ?? '';
    context.api.user = null;
    if (access === 'public') return;
    const token = readLoginSessionCookie(context.api.cookies, context.api.secure);
    const claims = token ? await verifyLoginSessionToken(token) : null;
    context.api.user = claims ? await signedInUserOf(claims.userId, claims.loginSessionId) : null;
    if (access === 'optional') return;
    if (!context.api.user) throw new HttpError(401, MESSAGES.notSignedIn);
    if (context.api.user.mustChangePassword && !route?.beforePasswordChange) {
      throw new HttpError(403, MESSAGES.mustChangePassword);
    }
    if (access === 'admin' && context.api.user.role !== 'admin') throw new HttpError(403, MESSAGES.forbidden);
  },
});
