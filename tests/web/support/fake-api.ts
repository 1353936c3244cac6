import { vi } from 'vitest';
import type { ApiBody, ApiData, ContractKey } from '@shared/api-contract';
import { answerProblem } from '@infra/local/answer-check';
import { matchRoute } from '@infra/local/event-adapter';
import { wireReplacer, wireReviver } from '@shared/schemas/wire-names';

/** A fake answer: what the route answers (its data typed by the contract), or a failure's status and message. */
export interface Reply<T = unknown> {
  status?: number;
  data?: T;
  message?: string;
}
/** A route's answer: fixed, computed from the request body, or a promise the test settles. */
export type Handler<K extends ContractKey> = Reply<ApiData<K>> | ((body: ApiBody<K>) => Reply<ApiData<K>> | Promise<Reply<ApiData<K>>>);

type Segments<S extends string> = S extends `${infer Head}/${infer Tail}` ? [Head, ...Segments<Tail>] : [S];
type Fits<Path extends string[], Template extends string[]> = Path extends [infer P, ...infer PathRest extends string[]]
  ? Template extends [infer T, ...infer TemplateRest extends string[]]
    ? (T extends `{${string}}` ? true : P extends T ? true : false) extends true
      ? Fits<PathRest, TemplateRest>
      : false
    : false
  : Template extends []
    ? true
    : false;
type WithoutQuery<P extends string> = P extends `${infer Path}?${string}` ? Path : P;

/** The route that serves a concrete 'METHOD /path?query': the exact key if there is one, else the template it fits. */
export type RouteAt<P extends string> =
  WithoutQuery<P> extends ContractKey
    ? WithoutQuery<P>
    : { [K in ContractKey]: Fits<Segments<WithoutQuery<P>>, Segments<K>> extends true ? K : never }[ContractKey];

type HandlerAt<P extends string> = string extends P
  ? Handler<ContractKey>
  : [RouteAt<P>] extends [never]
    ? `no route serves ${P}`
    : Handler<RouteAt<P>>;

/** A fake API: 'METHOD /path' (under /api/v1, with the query if any) → its answer, checked against the contract. */
export type Routes<T> = { [P in keyof T]: P extends string ? HandlerAt<P> : never };

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
export function mockApi<T>(handlers: Routes<T>) {
  const calls: ApiCall[] = [];
  const routes = handlers as Record<string, Handler<ContractKey> | undefined>;
  for (const [key, handler] of Object.entries(routes)) {
    if (handler && typeof handler !== 'function') checkReply(key, handler);
  }
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/v1/, '') + url.search;
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body, wireReviver) : undefined;
    calls.push({ method, path, body, credentials: init.credentials, headers: (init.headers ?? {}) as Record<string, string> });
    const handler = routes[`${method} ${path}`];
    const reply = typeof handler === 'function' ? await handler(body as never) : (handler ?? { status: 404, message: 'Not found' });
    if (typeof handler === 'function') {
      try {
        checkReply(`${method} ${path}`, reply);
      } catch (error) {
        repliesOffContract.push((error as Error).message);
      }
    }
    return new Response(JSON.stringify({ data: reply.data ?? null, message: reply.message ?? '' }, wireReplacer), {
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

/** A fake API's routes checked against the contract, to spread into mockApi (or into other routes). */
export const routes = <T>(handlers: Routes<T>): Routes<T> => handlers;

/** Replies computed during a test that the contract does not allow: the test's afterEach (setup.ts) fails on any. */
const repliesOffContract: string[] = [];
export const takeRepliesOffContract = (): string[] => repliesOffContract.splice(0);

/**
 * A fixture's answer is checked against the route's schema (shared/api-schemas.ts) as the local server checks
 * the real one: a fixture drifting from the contract fails, as the server would.
 */
function checkReply(key: string, reply: Reply): void {
  const method = key.slice(0, key.indexOf(' '));
  const path = key.slice(key.indexOf(' ') + 1).split('?')[0]!;
  const matched = matchRoute(method, `/api/v1${path}`);
  if (!matched) return;
  const problem = answerProblem(matched.route, reply.status ?? 200, Buffer.from(JSON.stringify({ data: reply.data ?? null })));
  if (problem) throw new Error(`A fake API reply off the contract: ${problem}`);
}
