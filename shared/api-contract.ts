import type * as z from 'zod/mini';
import type { API_SCHEMAS } from './api-schemas';
import { wireReplacer } from './schemas/wire-names';

type Schemas = typeof API_SCHEMAS;

/**
 * What each route of the table carries and answers, as types, from its schemas (shared/api-schemas.ts): the body
 * as the server has it once parsed (what a client sends is at least that), the query as the client sends it (text)
 * and the answer's `data`. The web client and the tests call routes through it; a handler gets the body and query
 * as its schemas parse them (ParsedBody, ParsedQuery).
 */
export type ApiContract = {
  [K in keyof Schemas]: { data: z.output<Schemas[K]['answer']> } & (Schemas[K] extends { body: infer B extends z.ZodMiniType }
    ? { body: z.output<B> }
    : unknown) &
    (Schemas[K] extends { query: infer Q extends z.ZodMiniType } ? { query: z.input<Q> } : unknown);
};

/** A route's body as its handler has it: parsed by the route's schema (anything, for a route without one). */
export type ParsedBody<K extends ContractKey> = Schemas[K] extends { body: infer B extends z.ZodMiniType } ? z.output<B> : unknown;

/** A route's query as its handler has it: parsed by the route's schema (the raw text, for a route without one). */
export type ParsedQuery<K extends ContractKey> = Schemas[K] extends { query: infer Q extends z.ZodMiniType }
  ? z.output<Q>
  : Record<string, string>;

export type ContractKey = keyof ApiContract;
export type GetKey = Extract<ContractKey, `GET ${string}`>;
export type WriteKey = Exclude<ContractKey, GetKey>;

export type ApiData<K extends ContractKey> = ApiContract[K]['data'];
export type ApiBody<K extends ContractKey> = ApiContract[K] extends { body: infer B } ? B : never;

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
/** The path parameters of a route key: 'GET /course/{semid}' → { semid: string }. */
export type RouteParams<K extends string> = { [N in ParamNames<K>]: string };

/** What a call of a route carries: its path parameters, body and query, each only where the route has one. */
export type RouteRequest<K extends ContractKey> = (keyof RouteParams<K> extends never ? unknown : { params: RouteParams<K> }) &
  (ApiContract[K] extends { body: infer B } ? { body: B } : unknown) &
  (ApiContract[K] extends { query: infer Q } ? { query: Q } : unknown);

/** The request argument: optional for a route that needs nothing (GET /term), required otherwise. */
export type RequestArg<K extends ContractKey> = object extends RouteRequest<K> ? [request?: RouteRequest<K>] : [request: RouteRequest<K>];

/** The parts of any route's request, untyped. */
export interface RouteParts {
  params?: Record<string, string>;
  body?: unknown;
  query?: object;
}

/**
 * The path of a call under the prefix, which is also its SWR cache key: the route's template with
 * its parameters filled in, and the query with the wire's names (in the order given, empty values left out):
 * ('GET /course/{semid}', { params: { semid: 'x' } }) → '/course/x'.
 */
export function routePath<K extends ContractKey>(key: K, request?: RouteRequest<K>): string {
  const { params = {}, query = {} } = (request ?? {}) as RouteParts;
  const path = key.slice(key.indexOf(' ') + 1).replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!params[name]) throw new Error(`Missing path parameter ${name} for ${key}`);
    return encodeURIComponent(params[name]);
  });
  const search = new URLSearchParams();
  // A query is flat: the replacer's one level gives it the wire's names (without JSON's round trip).
  for (const [name, value] of Object.entries(wireReplacer('', query) as object)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
