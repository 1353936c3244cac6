import { routePath, type ApiData, type ContractKey, type RequestArg, type RouteParts } from '@shared/api-contract';
import type { API_PREFIX as ROUTE_PREFIX } from '@shared/routes';
import { parseFromWire, wireReplacer } from '@shared/schemas/wire-names';
import { session } from './session';
import { toast } from './toast';

/**
 * A failed call: the HTTP status (0 when the server could not be reached), the server's message, and
 * the `data` it sent along, if any (a correction's 409 carries the session as it stands).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

// The route table's prefix, written out so the table itself stays out of the bundle (its type
// must match the table's: a change there fails typechecking here).
const API_PREFIX: typeof ROUTE_PREFIX = '/api/v1';

export const NETWORK_ERROR = 'Could not reach the server. Check your connection and try again.';

/** A call's answer: its data and the server's message (what a success toast says). */
export interface Answer<T> {
  data: T;
  message: string;
}

/**
 * The one way the app calls the API: a route of the table by its key, typed by the contract
 * (callRoute('PATCH /term/{id}', { params: { id }, body: { status: true } }) → { data: Term, message }).
 * Same-origin, cookie included, JSON in and out with the wire's names (shared/schemas/wire-names.ts). A 401 means the session is gone, so it also
 * clears the sign-in state (the guards then send the visitor to /login) and, if the visitor was
 * signed in, says why.
 */
export async function callRoute<K extends ContractKey>(key: K, ...[request]: RequestArg<K>): Promise<Answer<ApiData<K>>> {
  const method = key.slice(0, key.indexOf(' '));
  const body = (request as RouteParts | undefined)?.body;
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${routePath(key, request)}`, {
      method,
      credentials: 'include',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body, wireReplacer),
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  const payload = (await response
    .text()
    .then(parseFromWire)
    .catch(() => null)) as { data?: ApiData<K>; message?: string } | null;
  if (!response.ok) {
    const error = new ApiError(
      response.status,
      payload?.message || response.statusText || `Request failed (${response.status})`,
      payload?.data ?? null,
    );
    if (response.status === 401) {
      const wasSignedIn = session.get().status === 'signed-in';
      session.signOut();
      // The session ended (expired, logged out elsewhere, user deleted): say so on the way to /login.
      if (wasSignedIn) toast.error(error.message);
    }
    throw error;
  }
  return { data: (payload?.data ?? null) as ApiData<K>, message: payload?.message ?? '' };
}

/** An SWR key filter: every cached path that starts with one of the prefixes. */
export const pathsStartingWith =
  (...prefixes: readonly string[]) =>
  (key: unknown): boolean =>
    typeof key === 'string' && prefixes.some((prefix) => key.startsWith(prefix));

/** The message to show for any thrown value. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
