import type { SetPasswordInput } from '@shared/schemas/auth';
import { callRoute } from '@web/lib/api-client';

/** POST auth/set-password: the emailed link's token sets the password; this does not sign in. Answers the server's message. */
export async function setPasswordWithLink(input: SetPasswordInput): Promise<string> {
  const { message } = await callRoute('POST /auth/set-password', { body: input });
  return message;
}

/** The token of a set-password link: in the fragment (`#token=…`, how SAMS emails it), or in the query. */
export function tokenOf(location: { hash: string; search: string }): string {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  return fromHash ?? new URLSearchParams(location.search).get('token') ?? '';
}
