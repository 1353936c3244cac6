import type { AppConfig, PublicUser } from '../../shared/schemas/auth';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Calls the API with the session cookie and unwraps `{data, message}`. */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api/v1${path}`, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => ({ data: null, message: response.statusText }))) as {
    data: T;
    message: string;
  };
  if (!response.ok) throw new ApiError(response.status, payload.message);
  return payload.data;
}

export const getConfig = () => api<AppConfig>('GET', '/config');
export const getCurrentUser = () => api<PublicUser>('GET', '/auth/currentstatus');
export const login = (email: string, password: string) => api<PublicUser>('POST', '/auth/login', { email, password });
export const logout = () => api<null>('POST', '/auth/logout');
