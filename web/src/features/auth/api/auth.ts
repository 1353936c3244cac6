import type { LoginInput, SignedInUser } from '@shared/schemas/auth';
import { callRoute } from '@web/lib/api-client';
import { endPendingLogout, forgetPendingLogout } from '@web/lib/offline/pending-logout';
import { session } from '@web/lib/session';
import { useApi } from '@web/lib/use-api';

/** GET config: the demo accounts to show on the login page (null when deployed). */
export const useAppConfig = () => useApi('GET /config', {}, { revalidateOnFocus: false });

/**
 * POST auth/login, then the app is signed in as the returned user. A logout made here with no network is
 * sent first, so it cannot end the new session later (web/src/lib/offline/pending-logout.ts).
 */
export async function login(input: LoginInput): Promise<SignedInUser> {
  await endPendingLogout();
  const { data: user } = await callRoute('POST /auth/login', { body: input });
  forgetPendingLogout();
  session.signIn(user);
  return user;
}
