import { SET_PASSWORD_LINK_HOURS, type PasswordReset, type SetPasswordLink } from '@shared/schemas/auth';
import { USER_REQUESTS } from '@shared/requests/user';
import { hashPassword } from './lib/auth/password';
import { emailSetPasswordLink, unusablePasswordHash } from './lib/auth/set-password-link';
import { linkSender } from './lib/auth/set-password-mailer';
import { changePassword, ONE_TIME_PASSWORD_SECONDS, oneTimePassword } from './lib/auth/sign-in';
import { nowSeconds } from './lib/db';
import { Invalid, NotFound } from './lib/domain-errors';
import { HttpError } from './lib/http/errors';
import { logger } from './lib/http/logger';
import { resource } from './lib/http/resource';
import { invitationHandlers } from './lib/invitations/routes';
import { securityEvent } from './lib/http/security-events';
import type { RouteRequestOf } from './lib/http/types';
import { AUDIT_MESSAGES } from '@shared/schemas/audit';
import { searchAudit } from './lib/repositories/audit';
import { clearAllLoginAttempts, isAccountLocked } from './lib/repositories/login-attempts';
import { getSettings } from './lib/repositories/settings';
import { deleteLoginSessionsOfUser, loginSessionKeysOfUser } from './lib/repositories/login-sessions';
import { deleteClassesOfFaculty } from './lib/repositories/timetable';
import { createUser, deleteUser, getUser, getUserWithPassword, listUsersWithSignIns } from './lib/repositories/users';

const INVITE_MAIL_OFF =
  'Type a password for this user, or set up sending email: without it SAMS cannot email them a link to set their own password.';
const LINK_MAIL_OFF =
  'SAMS cannot email a link: sending email is not set up for this deployment. Use Reset password for a one-time password instead.';

/**
 * User resource: adding a user who sets their own password with an emailed link (registering one with a
 * password is auth's); the admin's user list; deleting a user, which ends their login sessions at once
 * and removes their timetable entries; resetting a user's password (a one-time password, or an emailed
 * link to set a new one) and unlocking their account (docs/product.md §2.5).
 */
export const handler = resource('user', USER_REQUESTS, {
  'GET /audit': async ({ query }) => ({ data: await searchAudit(query, (await getSettings()).timeZone), message: AUDIT_MESSAGES.read }),

  // The user sets their own password with the link emailed; until then no password signs in.
  'POST /user/invite': async (request) => {
    const input = request.body;
    const sender = linkSender(request.appOrigin);
    if (!sender) throw new Invalid(INVITE_MAIL_OFF);
    const passwordHash = await unusablePasswordHash();
    const user = await createUser({ ...input, passwordHash, passwordNotChosen: true });
    securityEvent('user created', request, { userId: user._id, email: user.email, role: user.role, welcomeEmail: true });
    // Created either way: a failed email is said, and sent again from the user list (POST user/{id}/set-password-link).
    const sent = await emailSetPasswordLink(user, 'welcome', passwordHash, sender).then(
      () => true,
      (error: unknown) => {
        logger.warn('welcome email not sent', { userId: user._id, error });
        return false;
      },
    );
    return {
      status: 201,
      data: { ...user, welcomeEmail: sent ? 'sent' : 'not sent' },
      message: sent
        ? `User created. ${user.username} was emailed a link to set their own password; it works for ${SET_PASSWORD_LINK_HOURS.welcome} hours.`
        : 'User created, but the welcome email could not be sent. Send it again with Email a set-password link (Reset password, in the user list).',
    };
  },

  // With how each can sign in and when they last did (docs/product.md §2.5).
  'GET /user': async () => {
    const users = await listUsersWithSignIns();
    return { data: users, message: users.length ? 'Users' : 'No users found' };
  },

  'DELETE /user/{id}': async (request) => {
    const { id } = request.params;
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

  // The link (only its hash is stored) sets a password once; the current one works until then. A user who never
  // signed in (a welcome that failed, or was lost) gets the welcome again, for its 72 hours; any other, 24.
  'POST /user/{id}/set-password-link': async (request) => {
    const target = await otherUser(request, 'Change your own password under My account');
    const sender = linkSender(request.appOrigin);
    if (!sender) throw new Invalid(LINK_MAIL_OFF);
    const stored = await getUserWithPassword(target._id);
    if (!stored) throw new NotFound('User not found');
    const purpose = stored.signIns ? 'reset' : 'welcome';
    const expiresAt = await emailSetPasswordLink(target, purpose, stored.passwordHash, sender).catch((error: unknown) => {
      logger.warn('set-password link not sent', { userId: target._id, error });
      throw new HttpError(502, 'The email could not be sent just now; try again in a few minutes, or use Reset password instead.');
    });
    securityEvent('password reset', request, { userId: target._id, email: target.email, by: 'emailed link', purpose });
    const data: SetPasswordLink = { user: target, expiresAt: new Date(expiresAt * 1000).toISOString() };
    const hours = SET_PASSWORD_LINK_HOURS[purpose];
    return {
      data,
      message: `A link to set ${purpose === 'welcome' ? 'their' : 'a new'} password was emailed to ${target.email}; it works once, within ${hours} hours.`,
    };
  },

  // Invitations in bulk for students and guardians (lib/invitations/routes.ts).
  ...invitationHandlers,

  // Any account's: a staff user's, a student's (its id is the record's) or a guardian's.
  'DELETE /user/{id}/sessions': async (request) => {
    const target = await otherUser(request, 'End your own sessions on My account');
    const ended = (await loginSessionKeysOfUser(target._id)).length;
    await deleteLoginSessionsOfUser(target._id);
    securityEvent('all sessions ended', request, { userId: target._id, email: target.email, byAdmin: true, ended });
    return { data: { ended }, message: `${target.username} is signed out everywhere (${ended} session${ended === 1 ? '' : 's'} ended)` };
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
async function otherUser(
  request: RouteRequestOf<
    'POST /user/{id}/unlock' | 'POST /user/{id}/reset-password' | 'POST /user/{id}/set-password-link' | 'DELETE /user/{id}/sessions'
  >,
  ownMessage: string,
) {
  const { id } = request.params;
  if (id === request.user._id) throw new Invalid(ownMessage);
  const target = await getUser(id);
  if (!target) throw new NotFound('User not found');
  return target;
}
