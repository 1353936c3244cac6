import { entityId } from '@shared/schemas/common';
import { Invalid, NotFound } from './lib/domain-errors';
import { parse } from './lib/http/errors';
import { resource } from './lib/http/resource';
import { deleteSessionsOfUser } from './lib/repositories/sessions';
import { deleteClassesOfFaculty } from './lib/repositories/timetable';
import { deleteUser, listUsers } from './lib/repositories/users';

/**
 * User resource: the admin's user list and deleting a user, which ends their sessions at once and
 * removes their timetable entries.
 */
export const handler = resource('user', {
  'GET /api/v1/user': async () => {
    const users = await listUsers();
    return { data: users, message: users.length ? 'Users' : 'No users found' };
  },

  'DELETE /api/v1/user/{id}': async ({ params, user }) => {
    const id = parse(entityId('Some error occur'), params.id);
    if (id === user!._id) throw new Invalid('You cannot delete your own account');
    const target = await deleteUser(id).catch((error: unknown) => {
      // Gone already: maybe by a delete that failed after the profile, whose clean-up this finishes.
      if (error instanceof NotFound) return error;
      throw error;
    });
    // After the profile is gone no new session or timetable entry can be created for it, so these catch them all.
    await deleteSessionsOfUser(id);
    await deleteClassesOfFaculty(id);
    if (target instanceof NotFound) throw target;
    return { data: target, message: 'User Deleted Successfully' };
  },
});
