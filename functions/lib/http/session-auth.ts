import type { MiddlewareObj } from '@middy/core';
import { MESSAGES } from '@shared/messages';
import { ROUTES_BY_KEY } from '@shared/routes';
import { readSessionCookie, verifySessionToken } from '../auth/session-token';
import { getSessionUser } from '../repositories/sessions';
import { HttpError } from './errors';
import type { ApiEvent } from './types';
import type { Context } from 'aws-lambda';
import type { ApiContext } from './resource';

/**
 * Finds the signed-in user (a valid token whose session still exists) and enforces the
 * route's access: 401 without a live session, 403 for a faculty member on an admin route.
 * Public routes see the user too when there is one (logout uses it).
 */
export const sessionAuth = (): MiddlewareObj<ApiEvent, unknown, Error, Context> => ({
  before: async ({ event, context: lambdaContext }) => {
    const context = lambdaContext as ApiContext;
    const access = ROUTES_BY_KEY.get(event.routeKey)?.access;
    const token = readSessionCookie(context.api.cookies, context.api.secure);
    const claims = token ? await verifySessionToken(token) : null;
    context.api.user = claims ? await getSessionUser(claims.userId, claims.sessionId) : null;
    if (access === 'public') return;
    if (!context.api.user) throw new HttpError(401, MESSAGES.notSignedIn);
    if (access === 'admin' && context.api.user.role !== 'admin') throw new HttpError(403, MESSAGES.forbidden);
  },
});
