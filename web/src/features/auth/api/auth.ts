import type { LoginInput, SignedInUser } from '@shared/schemas/auth';
import { callRoute } from '@web/lib/api-client';
import { session } from '@web/lib/session';
import { useApi } from '@web/lib/use-api';

/** GET config: the demo accounts to show on the login page (null when deployed). */
export const useAppConfig = () => useApi('GET /config', {}, { revalidateOnFocus: false });

/** POST auth/login, then the app is signed in as the returned user. */
export async function login(input: LoginInput): Promise<SignedInUser> {
  const { data: user } = await callRoute('POST /auth/login', { body: input });
  session.signIn(user);
  return user;
}
