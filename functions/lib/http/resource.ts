import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { API_HEADERS } from '@shared/security-headers';
import { MESSAGES } from '@shared/messages';
import { OFFLINE_READ_CACHE_CONTROL, OFFLINE_READ_KEYS } from '@shared/offline-reads';
import { fromWire, fromWireQuery, wireReplacer } from '@shared/schemas/wire-names';
import { apiRouteKey, auditOf, ROUTES_BY_KEY, routesOf, shortKey, type Resource, type RouteKeyOf } from '@shared/routes';
import { installAuditGuard } from '../audit/guard';
import { audited, auditRead, type AuditDraft } from '../audit/scope';
import { BeingDeleted, Busy, Conflict, DomainError, Forbidden, Invalid, NotFound } from '../domain-errors';
import type { RequestSchemas, RequestsOf } from '@shared/requests/types';
import { HttpError, isItemTooLarge, isRetryableDatabaseError, parse } from './errors';
import { logger } from './logger';
import { requestGuards } from './request-guards';
import { securityEvent } from './security-events';
import { loginSessionAuth } from './login-session-auth';
import type { ApiContext, ApiEvent, ApiRequest, ApiResponse, ApiResult, RouteHandler } from './types';

/** A resource's handlers: one per row of the route table, keyed by its route key ('GET /term'), each typed from its row. */
export type Handlers<R extends Resource> = { [K in RouteKeyOf<R>]: RouteHandler<K> };

/** The JSON every route answers with: `{data, message}`, with the wire's names (shared/schemas/wire-names.ts). */
export function jsonResult(status: number, data: unknown, message: string, cookies?: string[]): ApiResult {
  return { statusCode: status, headers: { ...API_HEADERS }, cookies, body: JSON.stringify({ data, message }, wireReplacer) };
}

/**
 * The Lambda handler of one resource: routes by event.routeKey to `handlers`, which must
 * cover exactly the resource's rows of the route table (a missing or extra handler is a type
 * error, and is refused here too), after parsing each request by its row in `requests`
 * (shared/requests/<resource>.ts, the same rows). Middleware does the rest.
 */
export function resource<R extends Resource>(name: R, requests: RequestsOf<R>, handlers: NoInfer<Handlers<R>>) {
  // The guards built the request from the event; the row's types hold once login-session-auth has let it through
  // and the row's schemas have parsed it.
  const routes = handlers as unknown as Record<string, (request: ApiRequest) => Promise<ApiResponse>>;
  const rows = requests as Record<string, RequestSchemas>;
  const expected = routesOf(name).map(apiRouteKey).sort().join(', ');
  for (const [what, keys] of [
    ['handlers', Object.keys(routes)],
    ['request schemas', Object.keys(rows)],
  ] as const) {
    const given = [...keys].sort().join(', ');
    if (given !== expected) throw new Error(`Resource ${name}: ${what} ${given} do not match the route table ${expected}`);
  }

  installAuditGuard();
  const dispatch = async (event: ApiEvent, context: Context): Promise<ApiResult> => {
    const key = shortKey(event.routeKey);
    const request = parsedRequest(rows[key]!, (context as ApiContext).api);
    const route = ROUTES_BY_KEY.get(event.routeKey);
    const audit = route && request.user ? auditOf(route) : null;
    const draft = audit && auditDraft(key, request);
    const response = draft && audit === 'change' ? (await audited(draft, () => routes[key]!(request))).result : await routes[key]!(request);
    // A read of a person's data by anyone but a student: its entry before the answer goes out.
    if (draft && audit === 'read' && request.user?.role !== 'student') await auditRead(draft);
    if (ROUTES_BY_KEY.get(event.routeKey)?.dataChange)
      securityEvent('data changed', request, { routeKey: event.routeKey, params: { ...request.params } });
    const result = jsonResult(response.status ?? 200, response.data, response.message, response.cookies);
    // The reads marking offline needs may be kept by the service worker; every other answer stays no-store.
    if (result.statusCode !== 200 || !OFFLINE_READ_KEYS.has(event.routeKey)) return result;
    return { ...result, headers: { ...result.headers, 'cache-control': OFFLINE_READ_CACHE_CONTROL } };
  };

  return middy<ApiEvent, ApiResult, Error, Context>(dispatch).use({ onError: errorResponse }).use(requestGuards()).use(loginSessionAuth());
}

/** The audit entry of a request (functions/lib/audit/scope.ts): who, from where, the route and the people it names. */
function auditDraft(action: string, request: ApiRequest): AuditDraft {
  const user = request.user!;
  const statuses = (request.body as { statuses?: unknown } | undefined)?.statuses;
  const named = statuses && typeof statuses === 'object' ? Object.keys(statuses) : [];
  return {
    by: { _id: user._id, username: user.username, role: user.role },
    action,
    params: { ...request.params },
    subjects: [...new Set([...Object.values(request.params), ...named])],
    requestId: request.requestId,
    ...(request.clientIp ? { ip: request.clientIp } : {}),
    ...(request.userAgent ? { userAgent: request.userAgent } : {}),
  };
}

/**
 * The request with its body and query taken from the wire's names, and its path parameters, body and query parsed
 * by its row's schemas: the first problem found is the answer.
 */
function parsedRequest(row: RequestSchemas, request: ApiRequest): ApiRequest {
  try {
    const params = { ...request.params };
    for (const [name, schema] of Object.entries(row.params ?? {})) params[name] = parse(schema, params[name]);
    const body = row.body ? parse(row.body, fromWire(request.body, { strict: true })) : request.body;
    const query = row.query ? (parse(row.query, fromWireQuery(request.query)) as Record<string, unknown>) : request.query;
    return { ...request, params, body, query };
  } catch (error) {
    if (row.refused && error instanceof Invalid) throw new HttpError(row.refused.status, row.refused.message);
    throw error;
  }
}

/** The one place domain errors become statuses; the message is the error's own. */
const DOMAIN_STATUS: [typeof DomainError, number][] = [
  [NotFound, 404],
  [Forbidden, 403],
  [Conflict, 409],
  [Invalid, 400],
  [BeingDeleted, 400],
];

/**
 * Turns any error into `{data, message}` (data null, unless a domain error carries some): the
 * client's own mistakes as 4xx, faults as 500 with a request id.
 */
function errorResponse(request: middy.Request<ApiEvent, ApiResult, Error, Context>): void {
  const { error, event } = request;
  const domainStatus = DOMAIN_STATUS.find(([kind]) => error instanceof kind)?.[1];
  const status = domainStatus ?? (error instanceof HttpError ? error.status : undefined);
  if (status === 403) logDenied(request);
  if (domainStatus) {
    request.response = jsonResult(domainStatus, (error as DomainError).data, error!.message);
    return;
  }
  if (error instanceof HttpError) {
    const answer = jsonResult(error.status, null, error.message);
    request.response = { ...answer, headers: { ...answer.headers, ...error.headers } };
    return;
  }
  if (isItemTooLarge(error)) {
    request.response = jsonResult(400, null, MESSAGES.itemTooLarge);
    return;
  }
  const requestId = event.requestContext?.requestId ?? 'unknown';
  if (error instanceof Busy || isRetryableDatabaseError(error)) {
    logger.warn('database busy', { requestId, routeKey: event.routeKey, error: error as Error });
    request.response = { ...jsonResult(503, null, MESSAGES.busy), headers: { ...API_HEADERS, 'retry-after': '1' } };
    return;
  }
  logger.error('request failed', { requestId, routeKey: event.routeKey, error: error as Error });
  request.response = jsonResult(500, null, `${MESSAGES.serverError} (request id ${requestId})`);
}

function logDenied({ event, context, error }: middy.Request<ApiEvent, ApiResult, Error, Context>): void {
  const api = (context as Partial<ApiContext>).api;
  securityEvent(
    'access denied',
    { requestId: event.requestContext?.requestId ?? 'unknown', user: api?.user ?? null },
    { routeKey: event.routeKey, reason: error?.message },
  );
}
