import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signLoginSessionToken } from '@functions/lib/auth/login-session-token';
import { resource } from '@functions/lib/http/resource';
import { handler as userHandler } from '@functions/user';
import { MESSAGES } from '@shared/messages';
import { AUTH_REQUESTS } from '@shared/requests/auth';
import { SIGNIN_REQUESTS } from '@shared/requests/signin';
import { USER_REQUESTS } from '@shared/requests/user';
import { apiRouteKey, routesOf, type Resource } from '@shared/routes';

// Unit tests of failures a real database cannot easily produce on demand.
const admin = { _id: 'admin-1', username: 'Admin', email: 'admin@college.test', role: 'admin' };

async function listUsersEvent(): Promise<APIGatewayProxyEventV2> {
  const token = await signLoginSessionToken({ userId: admin._id, loginSessionId: 's1' }, Math.floor(Date.now() / 1000) + 600);
  return {
    version: '2.0',
    routeKey: 'GET /api/v1/user',
    rawPath: '/api/v1/user',
    rawQueryString: '',
    cookies: [`sams_session=${token}`],
    headers: { host: 'localhost' },
    isBase64Encoded: false,
    requestContext: { requestId: `req-${randomUUID()}`, http: { method: 'GET' } },
  } as unknown as APIGatewayProxyEventV2;
}

/** Calls GET user with the user list's Query failing with `error` (the session read succeeds), then restores the client. */
async function listUsersFailingWith(error: Error, event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const dynamo = mockClient(DynamoDBDocumentClient);
  try {
    dynamo.on(GetCommand).resolves({ Item: { user: admin, expiresAt: Math.floor(Date.now() / 1000) + 600 } });
    dynamo.on(QueryCommand).rejects(error);
    return (await userHandler(event, {} as Context)) as APIGatewayProxyStructuredResultV2;
  } finally {
    dynamo.restore();
  }
}

function captureLogs() {
  const lines: string[] = [];
  const capture = (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  return lines;
}

afterEach(() => vi.restoreAllMocks());

describe('errors: database faults', () => {
  it('answers 503 with a retry message when DynamoDB throttles', async () => {
    const throttled = Object.assign(new Error('Rate exceeded'), { name: 'ProvisionedThroughputExceededException' });
    captureLogs();
    const result = await listUsersFailingWith(throttled, await listUsersEvent());
    expect(result.statusCode).toBe(503);
    expect(result.headers?.['retry-after']).toBe('1');
    expect(JSON.parse(result.body!)).toEqual({ data: null, message: 'The service is busy right now. Please try again in a moment.' });
  });

  it('answers 500 with a generic message and a request id that is also in the structured log line', async () => {
    const lines = captureLogs();
    const event = await listUsersEvent();
    const result = await listUsersFailingWith(new Error('socket hang up: secret internals'), event);
    expect(result.statusCode).toBe(500);
    const body = JSON.parse(result.body!);
    expect(body.message).toContain(event.requestContext.requestId);
    expect(body.message).not.toContain('secret internals');
    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.requestId === event.requestContext.requestId);
    expect(logged).toMatchObject({ level: 'ERROR', message: 'request failed', routeKey: 'GET /api/v1/user' });
    expect(JSON.stringify(logged)).toContain('secret internals');
  });
});

describe('resource: the route table is the contract', () => {
  const ok = async () => ({ data: null, message: '' });

  it('refuses a handler map that misses a route of the resource: a type error, and an error at start', () => {
    // @ts-expect-error -- 'DELETE /api/v1/user/{id}' is missing
    expect(() => resource('user', USER_REQUESTS, { 'GET /api/v1/user': ok })).toThrow(/do not match the route table/);
  });

  it('refuses a handler for a route the resource does not have: a type error, and an error at start', () => {
    const handlers = { 'GET /api/v1/user': ok, 'DELETE /api/v1/user/{id}': ok };
    // @ts-expect-error -- 'GET /api/v1/user/{id}' is not a row of the route table
    expect(() => resource('user', USER_REQUESTS, { ...handlers, 'GET /api/v1/user/{id}': ok })).toThrow(/do not match/);
  });
});

describe('resource: a request is parsed by its row before its handler runs', () => {
  /** Every route of the resource answering 'handled', and a spy in place of one route's handler. */
  const spying = (resourceName: Resource, key: string) => {
    const spy = vi.fn(async (_request: { body: unknown }) => ({ data: null, message: 'handled' }));
    const handlers = Object.fromEntries(routesOf(resourceName).map((route) => [apiRouteKey(route), spy]));
    return { spy, handlers: { ...handlers, [key]: spy } as never };
  };
  const post = (path: string, body: unknown) =>
    ({
      version: '2.0',
      routeKey: `POST /api/v1${path}`,
      rawPath: `/api/v1${path}`,
      rawQueryString: '',
      headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'content-type': 'application/json' },
      body: JSON.stringify(body),
      isBase64Encoded: false,
      requestContext: { requestId: `req-${randomUUID()}`, http: { method: 'POST' } },
    }) as unknown as APIGatewayProxyEventV2;
  const call = async (lambda: (event: APIGatewayProxyEventV2, context: Context) => unknown, event: APIGatewayProxyEventV2) => {
    const result = (await lambda(event, {} as Context)) as APIGatewayProxyStructuredResultV2;
    return { status: result.statusCode, message: (JSON.parse(result.body!) as { message: string }).message };
  };

  it('answers a body its schema refuses with the schema’s message, and the handler gets the parsed body', async () => {
    const { spy, handlers } = spying('signin', 'POST /auth/link');
    const lambda = resource('signin', SIGNIN_REQUESTS, handlers);
    expect(await call(lambda, post('/auth/link', { email: 'not an address' }))).toEqual({ status: 400, message: MESSAGES.invalidEmail });
    expect(spy).not.toHaveBeenCalled();
    expect(await call(lambda, post('/auth/link', { email: '  Asha@College.test ' }))).toEqual({ status: 200, message: 'handled' });
    expect(spy.mock.calls[0]![0].body).toEqual({ email: 'Asha@College.test' }); // trimmed by the schema
  });

  it('answers a refused login as a wrong password (its row says so), before the handler', async () => {
    const { spy, handlers } = spying('auth', 'POST /auth/login');
    const lambda = resource('auth', AUTH_REQUESTS, handlers);
    expect(await call(lambda, post('/auth/login', { email: 'asha@college.test' }))).toEqual({ status: 401, message: MESSAGES.wrongLogin });
    expect(spy).not.toHaveBeenCalled();
  });

  it('refuses request schemas that miss a route of the resource, at start', () => {
    const { 'GET /user': _, ...fewer } = USER_REQUESTS;
    // @ts-expect-error -- 'GET /user' has no row of request schemas
    expect(() => resource('user', fewer, spying('user', 'GET /user').handlers)).toThrow(/request schemas .* do not match the route table/);
  });
});
