import type { PublicUser, RegisterInput } from '@shared/schemas/auth';
import { useApi } from '@web/lib/use-api';
import { adminRequest, useRefresh } from './request';

/** Every user (GET user; SWR key '/user'). */
export const useUsers = (listed: boolean) => useApi('GET /user', listed ? {} : null);

/** POST auth/register, then the user list reloads. */
export function useCreateUser() {
  const refresh = useRefresh();
  return async (input: RegisterInput) => {
    const answer = await adminRequest<PublicUser>('POST', '/auth/register', input);
    await refresh('/user');
    return answer;
  };
}

/** DELETE user/{id} (their sessions end on the server too), then the user list reloads. */
export function useDeleteUser() {
  const refresh = useRefresh();
  return async (id: string) => {
    try {
      return await adminRequest<PublicUser>('DELETE', `/user/${encodeURIComponent(id)}`);
    } finally {
      await refresh('/user');
    }
  };
}
