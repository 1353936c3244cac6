import { entityId } from '@shared/schemas/common';
import type { PasswordReset } from '@shared/schemas/auth';
import { hashPassword } from './lib/auth/password';
import { changePassword, ONE_TIME_PASSWORD_SECONDS, oneTimePassword } from './lib/auth/sign-in';
import { nowSeconds } from './lib/db';
import { Invalid, NotFound } from './lib/domain-errors';
import { parse } from './lib/http/errors';
import { resource } from './lib/http/resource';
import { securityEvent } from './lib/http/security-events';
import type { RouteRequestOf } from './lib/http/types';
import { clearAllLoginAttempts, isAccountLocked } from './lib/repositories/login-attempts';
import { deleteLoginSessionsOfUser } from './lib/repositories/login-sessions';
import { deleteClassesOfFaculty } from './lib/repositories/timetable';
import { deleteUser, getUser, listUsers } from './lib/repositories/users';

/**
 * User resource: the admin's user list; deleting a user, which ends their login sessions at once and
 * removes their timetable entries; resetting a user's password and unlocking their account
 * (docs/product.md §2.5).
 */
export const handler = resource('user', {
  'GET /user': async () => {
    const users = await listUsers();
    return { data: users, message: users.length ? 'Users' : 'No users found' };
  },

  'DELETE /user/{id}': async (request) => {
    const id = parse(entityId('Some error occur'), request.params.id);
    if (id === request.user._id) throw new Invalid('You cannot delete your own account');
    const target = await deleteUser(id).catch((error: unknown) => {
      // Gone already: maybe by a delete that failed after the profile, whose clean-up this finishes.
      if (error instanceof NotFound) return error;
      throw error;
    });
    // After the profile is gone no new login session or timetable entry can be created for it, so these catch them all.
    await deleteLoginSessionsOfUser(id);
    await deleteClassesOfFaculty(id);
    if (target instanceof NotFound) throw target;
    securityEvent('user deleted', request, { userId: id, email: target.email });
    return { data: target, message: 'User Deleted Successfully' };
  },

  // The one-time password is answered once and stored only as its hash; it signs in once, within
  // ONE_TIME_PASSWORD_SECONDS, and the user must change it at that sign-in.
  'POST /user/{id}/reset-password': async (request) => {
    const target = await otherUser(request, 'Change your own password under My account');
    const password = oneTimePassword();
    const passwordHash = await hashPassword(password);
    const oneTimePasswordExpiresAt = nowSeconds() + ONE_TIME_PASSWORD_SECONDS;
    const ended = await changePassword(target._id, { passwordHash, mustChangePassword: true, oneTimePasswordExpiresAt });
    await clearAllLoginAttempts(target.email);
    securityEvent('password reset', request, { userId: target._id, email: target.email, sessionsEnded: ended });
    const data: PasswordReset = { user: target, oneTimePassword: password };
    return { data, message: `Password reset for ${target.username}. Give them the one-time password; it is shown only once.` };
  },

  'POST /user/{id}/unlock': async (request) => {
    const target = await otherUser(request, 'You cannot unlock your own account');
    const wasLocked = await isAccountLocked(target.email);
    await clearAllLoginAttempts(target.email);
    securityEvent('account unlocked', request, { userId: target._id, email: target.email, wasLocked });
    return {
      data: { user: target, wasLocked },
      message: wasLocked ? `${target.username} can sign in again` : `${target.username}'s account was not locked; failed logins forgotten`,
    };
  },
});

/** The user the path names, other than the caller. */
async function otherUser(request: RouteRequestOf<'POST /user/{id}/unlock' | 'POST /user/{id}/reset-password'>, ownMessage: string) {
  const id = parse(entityId('User not found'), request.params.id);
  if (id === request.user._id) throw new Invalid(ownMessage);
  const target = await getUser(id);
  if (!target) throw new NotFound('User not found');
  return target;
}
