import type { ChangePasswordInput } from '@shared/schemas/auth';
import { callRoute } from '@web/lib/api-client';
import { session } from '@web/lib/session';
import { useApi } from '@web/lib/use-api';

/** GET auth/sessions: the browsers and phones signed in to this account. */
export const useMyLoginSessions = () => useApi('GET /auth/sessions', {});

/** POST auth/password: this browser stays signed in (a new session), every other one is signed out. */
export async function changePassword(input: ChangePasswordInput): Promise<string> {
  const { data: user, message } = await callRoute('POST /auth/password', { body: input });
  session.signIn(user);
  return message;
}

/** DELETE auth/sessions/{id}; ending this browser's own session signs it out here too. */
export async function endSession(id: string, current: boolean): Promise<string> {
  const { message } = await callRoute('DELETE /auth/sessions/{id}', { params: { id } });
  if (current) session.signOut();
  return message;
}

/** DELETE auth/sessions: every session of the account, this one included. */
export async function endAllSessions(): Promise<void> {
  await callRoute('DELETE /auth/sessions');
  session.signOut();
}
