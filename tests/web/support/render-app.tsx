import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import type { PublicUser } from '@shared/schemas/auth';
import { routes } from '@web/app/router';

export const FACULTY: PublicUser = { _id: 'u-faculty', username: 'Demo Faculty', email: 'faculty@sams.local', role: 'faculty' };
export const ADMIN: PublicUser = { _id: 'u-admin', username: 'Demo Admin', email: 'admin@sams.local', role: 'admin' };

export interface ApiReply {
  status?: number;
  data?: unknown;
  message?: string;
}
/** A route's answer: fixed, computed from the request body, or a promise the test settles. */
export type ApiHandler = ApiReply | ((body: unknown) => ApiReply | Promise<ApiReply>);

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  credentials: RequestCredentials | undefined;
  headers: Record<string, string>;
}

/**
 * Replaces fetch with a fake API: `handlers` maps 'METHOD /path' (under /api/v1) to answers; anything
 * else is a 404. Returns the calls made, in order.
 */
export function mockApi(handlers: Record<string, ApiHandler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/v1/, '') + url.search;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body, credentials: init.credentials, headers: (init.headers ?? {}) as Record<string, string> });
    const handler = handlers[`${method} ${path}`];
    const reply = typeof handler === 'function' ? await handler(body) : (handler ?? { status: 404, message: 'Not found' });
    return new Response(JSON.stringify({ data: reply.data ?? null, message: reply.message ?? '' }), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}

/** The handlers of a signed-in session (or signed out with null). */
export const signedInAs = (user: PublicUser | null): Record<string, ApiHandler> => ({
  'GET /auth/currentstatus': user ? { data: user } : { status: 401, message: 'Please log in to continue' },
  'GET /config': { data: { demo: null } },
  'POST /auth/logout': { data: null, message: 'Logged out' },
});

/** The whole app (the real route table) in a memory router at `path`, with a fresh SWR cache. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
  return { ...view, router, user, location: () => router.state.location };
}

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
