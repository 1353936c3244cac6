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

/** POST auth/link: asks for a sign-in link for this address; answers the request's id (sent back with a typed code). */
export async function askSignInLink(email: string): Promise<{ request: string; message: string }> {
  const { data, message } = await callRoute('POST /auth/link', { body: { email } });
  return { request: data.request, message };
}

/** POST auth/link/token or auth/link/code: signs this browser in with an emailed link's token or its code. */
export async function signInWithLink(body: { request: string } & ({ token: string } | { code: string })): Promise<SignedInUser> {
  await endPendingLogout();
  const { data: user } =
    'token' in body ? await callRoute('POST /auth/link/token', { body }) : await callRoute('POST /auth/link/code', { body });
  forgetPendingLogout();
  session.signIn(user);
  return user;
}

/** GET auth/oidc: the college's Google or Microsoft sign-in, when this deployment has one. */
export const useOidcProviders = () => useApi('GET /auth/oidc', {}, { revalidateOnFocus: false });

/** POST auth/oidc/{provider}/start, then the browser goes to the provider (it comes back to /oidc/callback). */
export async function startOidcSignIn(provider: string): Promise<void> {
  const { data } = await callRoute('POST /auth/oidc/{provider}/start', { params: { provider } });
  window.location.assign(data.url);
}

/** POST auth/oidc/finish with the provider's answer (the callback's query): this browser is signed in. */
export async function finishOidcSignIn(query: { code?: string; state?: string; iss?: string; error?: string }): Promise<SignedInUser> {
  await endPendingLogout();
  const { data: user } = await callRoute('POST /auth/oidc/finish', { body: query });
  forgetPendingLogout();
  session.signIn(user);
  return user;
}
