import type { MiddlewareObj } from '@middy/core';
import { MESSAGES } from '@shared/messages';
import { ROUTES_BY_KEY } from '@shared/routes';
import { readLoginSessionCookie, verifyLoginSessionToken } from '../auth/login-session-token';
import { isStaff } from '@shared/constants';
import type { Access } from '@shared/routes';
import { studentsOfAccount, withStudents, type ReachedStudent } from '../repositories/accounts';
import { signedInUserOf, type CurrentUser } from '../repositories/login-sessions';
import { HttpError } from './errors';
import type { Context } from 'aws-lambda';
import type { ApiContext, ApiEvent } from './types';

/**
 * Finds the signed-in user (a valid token whose login session still exists and has not lapsed) and
 * enforces the route's access: 401 without a live login session, 403 for a faculty member on an admin
 * route, for a student or guardian on a staff route or another student's record, and for anything but
 * changing the password while it is a one-time password. A student's or guardian's records are read at
 * every request, so a deleted record or a removed guardian contact ends their access at once.
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
    const { user } = context.api;
    if (!isStaff(user.role)) Object.assign(user, withStudents({}, await studentsReached(user)));
    if (!mayCall(access, user, context.api.params)) throw new HttpError(403, MESSAGES.forbidden);
  },
});

function mayCall(access: Access | undefined, user: CurrentUser, params: Record<string, string>): boolean {
  if (access === 'admin') return user.role === 'admin';
  if (access === 'staff') return isStaff(user.role);
  const ownStudent = () => params.id !== undefined && !isStaff(user.role) && user.studentIds!.includes(params.id);
  if (access === 'ownRecord') return isStaff(user.role) || ownStudent();
  if (access === 'applicant') return user.role === 'admin' || ownStudent();
  if (access === 'student') return user.role === 'student';
  return true;
}

/** The students a student's or guardian's account reaches; none: every request of its login sessions is refused. */
async function studentsReached(user: CurrentUser): Promise<ReachedStudent[]> {
  const students = await studentsOfAccount({ ...user, role: user.role as 'student' | 'guardian' });
  if (!students.length) throw new HttpError(401, MESSAGES.accessEnded);
  return students;
}
