import type { API_PREFIX as ROUTE_PREFIX } from '@shared/routes';
import type { ApiBody, ApiData, ContractKey, RouteParams } from './api-contract';
import { session } from './session';
import { toast } from './toast';

/** A failed call: the HTTP status (0 when the server could not be reached) and the server's message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

// The route table's prefix, written out so the table itself stays out of the bundle (its type
// must match the table's: a change there fails typechecking here).
const API_PREFIX: typeof ROUTE_PREFIX = '/api/v1';

export const NETWORK_ERROR = 'Could not reach the server. Check your connection and try again.';

/** The path of a route with its parameters filled in: ('GET /course/{semid}', {semid: 'x'}) → '/course/x'. */
export function resolvePath<K extends ContractKey>(key: K, params: RouteParams<K>): string {
  const template = key.slice(key.indexOf(' ') + 1);
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = (params as Record<string, string | undefined>)[name];
    if (!value) throw new Error(`Missing path parameter ${name} for ${key}`);
    return encodeURIComponent(value);
  });
}

/** A call's answer: its data and the server's message (what a success toast says). */
export interface Answer<T> {
  data: T;
  message: string;
}

/**
 * The one fetcher: same-origin, cookie included, JSON in and out, `{data, message}` answered.
 * A 401 means the session is gone, so it also clears the sign-in state (the guards then send the
 * visitor to /login) and, if the visitor was signed in, says why.
 */
export async function callApi<T>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${path}`, {
      method,
      credentials: 'include',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  const payload = (await response.json().catch(() => null)) as { data?: T; message?: string } | null;
  if (!response.ok) {
    const error = new ApiError(response.status, payload?.message || response.statusText || `Request failed (${response.status})`);
    if (response.status === 401) {
      const wasSignedIn = session.get().status === 'signed-in';
      session.signOut();
      // The session ended (expired, logged out elsewhere, user deleted): say so on the way to /login.
      if (wasSignedIn) toast.error(error.message);
    }
    throw error;
  }
  return { data: (payload?.data ?? null) as T, message: payload?.message ?? '' };
}

/** The data of a call (callApi without the message). */
export async function fetchApi<T>(method: string, path: string, body?: unknown): Promise<T> {
  return (await callApi<T>(method, path, body)).data;
}

type Options<K extends ContractKey> = (keyof RouteParams<K> extends never ? { params?: RouteParams<K> } : { params: RouteParams<K> }) &
  (ApiBody<K> extends never ? { body?: undefined } : { body: ApiBody<K> });

type OptionsArg<K extends ContractKey> = keyof RouteParams<K> extends never
  ? ApiBody<K> extends never
    ? [options?: Options<K>]
    : [options: Options<K>]
  : [options: Options<K>];

/** A typed call of a route of the table: apiRequest('PATCH /term/{id}', { params: { id }, body: { status: true } }). */
export function apiRequest<K extends ContractKey>(key: K, ...[options]: OptionsArg<K>): Promise<ApiData<K>> {
  const method = key.slice(0, key.indexOf(' '));
  const path = resolvePath(key, (options?.params ?? {}) as RouteParams<K>);
  return fetchApi<ApiData<K>>(method, path, options?.body);
}

/** An SWR key filter: every cached path that starts with one of the prefixes. */
export const pathsStartingWith =
  (...prefixes: string[]) =>
  (key: unknown): boolean =>
    typeof key === 'string' && prefixes.some((prefix) => key.startsWith(prefix));

/** The message to show for any thrown value. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
