import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { API_PREFIX, ROUTES, routeKey, type Route } from '@shared/routes';

interface MatchedRoute {
  route: Route;
  pathParameters: Record<string, string> | undefined;
}

const compiled = ROUTES.map((route) => ({
  route: route as Route,
  segments: `${API_PREFIX}${route.path}`.split('/').slice(1),
}));

/**
 * The route API Gateway would pick for this method and path: static segments beat
 * {params} (so PATCH student/updateterm wins over PATCH student/{id}).
 */
export function matchRoute(method: string, path: string): MatchedRoute | null {
  const parts = path.split('/').slice(1);
  let best: { match: MatchedRoute; score: number } | null = null;
  for (const { route, segments } of compiled) {
    if (route.method !== method || segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    const fits = segments.every((segment, i) => {
      const part = parts[i]!;
      if (segment.startsWith('{')) {
        if (part === '') return false;
        params[segment.slice(1, -1)] = part;
        return true;
      }
      score++;
      return segment === part;
    });
    if (fits && (!best || score > best.score)) {
      best = { match: { route, pathParameters: Object.keys(params).length ? params : undefined }, score };
    }
  }
  return best?.match ?? null;
}

/** True when some route has this path under another method (API Gateway still answers 404 then). */
export const isApiPath = (path: string): boolean => path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);

/**
 * The API Gateway HTTP API payload 2.0 event for a request, as the Lambda behind the route
 * would receive it: headers lower-cased and repeated values joined with commas, cookies split
 * out of the Cookie header, the body as text (base64 when it is not valid UTF-8).
 */
export function toApiGatewayEvent(request: IncomingMessage, body: Buffer, matched: MatchedRoute, sourceIp: string): APIGatewayProxyEventV2 {
  const url = new URL(request.url ?? '/', 'http://local');
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    const name = request.rawHeaders[i]!.toLowerCase();
    const value = request.rawHeaders[i + 1]!;
    if (name === 'cookie') {
      cookies.push(
        ...value
          .split(';')
          .map((cookie) => cookie.trim())
          .filter(Boolean),
      );
      continue;
    }
    headers[name] = headers[name] === undefined ? value : `${headers[name]},${value}`;
  }
  // Only CloudFront's own x-forwarded-host is trusted (docs/security.md); locally there is none.
  delete headers['x-forwarded-host'];
  headers['x-forwarded-proto'] ??= 'http';
  headers['x-forwarded-for'] ??= sourceIp;

  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = query[name] === undefined ? value : `${query[name]},${value}`;

  const text = body.toString('utf8');
  const isText = Buffer.from(text, 'utf8').equals(body);
  const now = new Date();
  const key = routeKey(matched.route);
  return {
    version: '2.0',
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: cookies.length ? cookies : undefined,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: matched.pathParameters,
    body: body.length ? (isText ? text : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !isText,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0]!,
      http: {
        method: request.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: key,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
  };
}

/** A Lambda context good enough for handlers that read the request id and the remaining time. */
export function lambdaContext(functionName: string, requestId: string): Context {
  const deadline = Date.now() + 29_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Headers, Set-Cookie lines and body of a Lambda's payload 2.0 result. */
export function fromLambdaResult(result: APIGatewayProxyStructuredResultV2 | string) {
  if (typeof result === 'string') {
    return { status: 200, headers: { 'content-type': 'application/json' }, cookies: [], body: Buffer.from(result) };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  const raw = result.body ?? '';
  return {
    status: result.statusCode ?? 200,
    headers,
    cookies: result.cookies ?? [],
    body: result.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8'),
  };
}
