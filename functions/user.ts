import { entityId } from '@shared/schemas/common';
import { Invalid } from './lib/domain-errors';
import { parse } from './lib/http/errors';
import { resource } from './lib/http/resource';
import { deleteSessionsOfUser } from './lib/repositories/sessions';
import { deleteUser, listUsers } from './lib/repositories/users';

/** User resource: the admin's user list and deleting a user (which ends their sessions at once). */
export const handler = resource('user', {
  'GET /api/v1/user': async () => {
    const users = await listUsers();
    return { data: users, message: users.length ? 'Users' : 'No users found' };
  },

  'DELETE /api/v1/user/{id}': async ({ params, user }) => {
    const id = parse(entityId('Some error occur'), params.id);
    if (id === user!._id) throw new Invalid('You cannot delete your own account');
    const target = await deleteUser(id);
    // After the profile is gone no new session can be created for it, so this catches them all.
    await deleteSessionsOfUser(id);
    return { data: target, message: 'User Deleted Successfully' };
  },
});
