import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signSessionToken } from '@functions/lib/auth/session-token';
import { resource } from '@functions/lib/http/resource';
import { handler as userHandler } from '@functions/user';

// Unit tests of failures a real database cannot easily produce on demand.
const dynamo = mockClient(DynamoDBDocumentClient);
const admin = { _id: 'admin-1', username: 'Admin', email: 'admin@college.test', role: 'admin' };

async function listUsersEvent(): Promise<APIGatewayProxyEventV2> {
  const token = await signSessionToken({ userId: admin._id, sessionId: 's1' }, Math.floor(Date.now() / 1000) + 600);
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

const invoke = async (event: APIGatewayProxyEventV2) => (await userHandler(event, {} as Context)) as APIGatewayProxyStructuredResultV2;

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

beforeEach(() => {
  dynamo.reset();
  dynamo.on(GetCommand).resolves({ Item: { user: admin, expiresAt: Math.floor(Date.now() / 1000) + 600 } });
});
afterEach(() => vi.restoreAllMocks());

describe('errors: database faults', () => {
  it('answers 503 with a retry message when DynamoDB throttles', async () => {
    const throttled = Object.assign(new Error('Rate exceeded'), { name: 'ProvisionedThroughputExceededException' });
    dynamo.on(QueryCommand).rejects(throttled);
    captureLogs();
    const result = await invoke(await listUsersEvent());
    expect(result.statusCode).toBe(503);
    expect(result.headers?.['retry-after']).toBe('1');
    expect(JSON.parse(result.body!)).toEqual({ data: null, message: 'The service is busy right now. Please try again in a moment.' });
  });

  it('answers 500 with a generic message and a request id that is also in the structured log line', async () => {
    dynamo.on(QueryCommand).rejects(new Error('socket hang up: secret internals'));
    const lines = captureLogs();
    const event = await listUsersEvent();
    const result = await invoke(event);
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
  it('refuses to build a resource whose handlers differ from its rows in the route table', () => {
    const ok = async () => ({ data: null, message: '' });
    expect(() => resource('user', { 'GET /api/v1/user': ok })).toThrow(/do not match the route table/);
    expect(() => resource('user', { 'GET /api/v1/user': ok, 'DELETE /api/v1/user/{id}': ok, 'GET /api/v1/user/{id}': ok })).toThrow(
      /do not match/,
    );
  });
});
