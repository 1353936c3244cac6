import { entityId } from '@shared/schemas/common';
import { HttpError, parse } from './lib/http/errors';
import { resource } from './lib/http/resource';
import { deleteSessionsOfUser } from './lib/repositories/sessions';
import { deleteUserProfile, getUser, listUsers } from './lib/repositories/users';

/** User resource: the admin's user list and deleting a user (which ends their sessions at once). */
export const handler = resource('user', {
  'GET /api/v1/user': async () => {
    const users = await listUsers();
    return { data: users, message: users.length ? 'Users' : 'No users found' };
  },

  'DELETE /api/v1/user/{id}': async ({ params, user }) => {
    const id = parse(entityId('Some error occur'), params.id);
    if (id === user!._id) throw new HttpError(400, 'You cannot delete your own account');
    const target = await getUser(id);
    if (!target || !(await deleteUserProfile(target))) throw new HttpError(404, 'User not found');
    // After the profile is gone no new session can be created for it, so this catches them all.
    await deleteSessionsOfUser(id);
    return { data: target, message: 'User Deleted Successfully' };
  },
});
