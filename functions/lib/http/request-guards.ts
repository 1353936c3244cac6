import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import { CLOUDFRONT_ORIGIN_TOKEN_HEADER, MAX_BODY_BYTES } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { isStateChanging, ROUTES_BY_KEY } from '@shared/routes';
import { HttpError } from './errors';
import type { Context } from 'aws-lambda';
import type { ApiContext, ApiEvent, ApiRequest } from './types';

/**
 * Before any handler runs: the route is known, a state-changing request comes from the
 * app's own origin, and a body is JSON of at most 256 KB with no prototype keys. Builds the
 * handler's ApiRequest.
 */
export const requestGuards = (): MiddlewareObj<ApiEvent, unknown, Error, Context> => ({
  before: ({ event, context }) => {
    const route = ROUTES_BY_KEY.get(event.routeKey);
    if (!route) throw new HttpError(404, MESSAGES.notFound);
    const headers = lowerCaseKeys(event.headers ?? {});
    const appOrigin = isStateChanging(route.method) ? checkedOrigin(headers) : undefined;
    (context as ApiContext).api = {
      body: parseBody(event, headers),
      params: decodeAll(event.pathParameters ?? {}),
      query: decodeAll(event.queryStringParameters ?? {}, false),
      user: null,
      cookies: parseCookies(event.cookies ?? []),
      secure: headers['x-forwarded-proto'] === 'https',
      requestId: event.requestContext.requestId,
      clientIp: clientIpOf(event, headers),
      ...(appOrigin ? { appOrigin } : {}),
    } satisfies ApiRequest;
  },
});

function lowerCaseKeys(headers: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name.toLowerCase()] = value;
  return out;
}

/**
 * An Origin that is not exactly this app's origin (scheme, host and port) is a cross-site request:
 * refused. No Origin: not a browser form. Behind CloudFront the app's host is the viewer's, which
 * CloudFront passes as x-forwarded-host; that header is believed only beside CloudFront's origin
 * token, so a request sent straight to API Gateway cannot choose the host it is checked against.
 * Answers the origin that passed (none sent: undefined).
 */
function checkedOrigin(headers: Record<string, string>): string | undefined {
  const origin = headers.origin;
  if (origin === undefined) return undefined;
  const host = fromCloudFront(headers) ? headers['x-forwarded-host'] : headers.host;
  const scheme = headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  if (!host || origin !== serialisedOrigin(scheme, host)) throw new HttpError(403, MESSAGES.crossOrigin);
  return origin;
}

/** The origin a browser sends for pages of this scheme and host (lower case, default port left out). */
function serialisedOrigin(scheme: string, host: string): string | null {
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return null;
  }
}

function fromCloudFront(headers: Record<string, string>): boolean {
  const expected = process.env.CLOUDFRONT_ORIGIN_TOKEN;
  const sent = headers[CLOUDFRONT_ORIGIN_TOKEN_HEADER];
  if (!expected || !sent) return false;
  const [a, b] = [Buffer.from(sent), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Behind CloudFront API Gateway sees CloudFront's address: the viewer's is the last one CloudFront added to x-forwarded-for. */
function clientIpOf(event: ApiEvent, headers: Record<string, string>): string | undefined {
  const forwarded = fromCloudFront(headers) ? headers['x-forwarded-for']?.split(',').at(-1)?.trim() : undefined;
  return forwarded || event.requestContext.http?.sourceIp;
}

function parseBody(event: ApiEvent, headers: Record<string, string>): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  if (raw.length > MAX_BODY_BYTES) throw new HttpError(413, MESSAGES.bodyTooLarge);
  const contentType = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (contentType !== 'application/json') throw new HttpError(415, MESSAGES.notJson);
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, MESSAGES.badJson);
  }
  if (holdsForbiddenKey(body)) throw new HttpError(400, MESSAGES.forbiddenKey);
  return body;
}

/** Keys that reach an object's prototype when code copies or merges a body: refused at any depth. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Walks the parsed body without recursion (a body may nest thousands deep). */
function holdsForbiddenKey(body: unknown): boolean {
  const pending = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (value === null || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) {
      if (FORBIDDEN_KEYS.has(key)) return true;
      pending.push(child);
    }
  }
  return false;
}

function decodeAll(values: Record<string, string | undefined>, decode = true): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    try {
      out[name] = decode ? decodeURIComponent(value) : value;
    } catch {
      throw new HttpError(400, `Malformed ${name}`);
    }
  }
  return out;
}

function parseCookies(cookies: string[]): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const cookie of cookies) {
    const at = cookie.indexOf('=');
    if (at > 0) out[cookie.slice(0, at).trim()] = cookie.slice(at + 1).trim();
  }
  return out;
}
