import { toWire, wireReviver } from '@shared/schemas/wire-names';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { routePath, type ApiData, type ContractKey, type RouteParts, type RouteRequest } from '@shared/api-contract';
import type { StaffRole as Role } from '@shared/constants';
import { API_PREFIX } from '@shared/routes';
import type { PublicUser } from '@shared/schemas/auth';
import { startLocalStack, type LocalStack } from '@infra/local/local-stack';
import { dynamoEndpoint } from '@tests/support/dynamo';

export interface TestStack extends LocalStack {
  /** fetch against the stack, JSON in and out; `cookie` signs the request in. */
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  /**
   * A route of the contract by its key ('GET /term/active'), with its params, query and body typed by
   * it, answered with the route's data type: server tests read answers without casts.
   */
  api<K extends ContractKey>(key: K, request: RouteRequest<K> & Signed): Promise<ApiResult<K>>;
  /** Creates a user straight in the table and signs them in. */
  signIn(role: Role, overrides?: Partial<{ email: string; password: string; username: string }>): Promise<SignedIn>;
}

export interface CallOptions {
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  rawBody?: string;
}

/** Who calls: the session cookie, and any other header. */
export interface Signed {
  cookie?: string;
  headers?: Record<string, string>;
}

/** An answer of a route of the contract: its data typed by it (null on most refusals; a 409 may carry what stands). */
export interface ApiResult<K extends ContractKey> extends Omit<CallResult, 'body'> {
  body: { data: ApiData<K>; message: string };
}

export interface CallResult {
  status: number;
  body: { data: unknown; message: string };
  headers: Headers;
  setCookies: string[];
}

export interface SignedIn {
  user: PublicUser;
  cookie: string;
  email: string;
  password: string;
}

let counter = 0;
/** scrypt N = 2^10 for fixture users: a hash 128 times cheaper than the real 2^17 (docs/decisions.md). */
export const FIXTURE_COST_LOG2 = 10;

/** The local stack on a free port, over the run's DynamoDB Local and this file's own table. */
export async function startTestStack(): Promise<TestStack> {
  const webDir = mkdtempSync(join(tmpdir(), 'sams-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>SAMS</title>');
  const stack = await startLocalStack({
    port: 0,
    dynamoEndpoint: dynamoEndpoint(),
    tableName: process.env.TABLE_NAME!,
    webDir,
    demo: false,
  });

  const call = async (method: string, path: string, options: CallOptions = {}): Promise<CallResult> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    if (options.cookie) headers.cookie = options.cookie;
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers,
      body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : null,
      headers: response.headers,
      setCookies: response.headers.getSetCookie(),
    };
  };

  const api = async <K extends ContractKey>(key: K, request: RouteRequest<K> & Signed): Promise<ApiResult<K>> => {
    const { cookie, headers, body } = request as RouteParts & Signed;
    const result = await call(key.slice(0, key.indexOf(' ')), `${API_PREFIX}${routePath(key, request)}`, {
      cookie,
      headers,
      body: toWire(body),
    });
    // The one place an answer takes its route's type, with SAMS's own names as the web client has it.
    return { ...result, body: JSON.parse(JSON.stringify(result.body), wireReviver) as unknown } as ApiResult<K>;
  };

  const signIn = async (role: Role, overrides: Partial<{ email: string; password: string; username: string }> = {}) => {
    const { createUser } = await import('@functions/lib/repositories/users');
    const { hashPassword } = await import('@functions/lib/auth/password');
    counter += 1;
    const email = overrides.email ?? `${role}${counter}-${Date.now()}@college.test`;
    const password = overrides.password ?? `Pass-${counter}-word`;
    await createUser({
      username: overrides.username ?? `${role} ${counter}`,
      email,
      role,
      // A low scrypt cost: these users' sign-in is a fixture, not what the test checks (the hashing
      // tests sign in users made through the API, at the real cost).
      passwordHash: await hashPassword(password, FIXTURE_COST_LOG2),
    });
    const login = await api('POST /auth/login', { body: { email, password } });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${login.body.message}`);
    // The session cookie only: tests treat `cookie` as the session (the trusted-device cookie is auth-throttle.test.ts's).
    const session = login.setCookies.filter((line) => line.startsWith('sams_session='));
    return { user: login.body.data, cookie: cookieHeader(session), email, password };
  };

  return { ...stack, call, api, signIn };
}

/** The Cookie header a browser would send back for these Set-Cookie lines. */
export const cookieHeader = (setCookies: string[]): string => setCookies.map((line) => line.split(';')[0]!).join('; ');

/** The stack of one test file and the users signed in on it (filled in before the file's tests run). */
export type StackFixture<R extends Role> = { stack: TestStack } & Record<R, SignedIn>;

/**
 * Starts this file's stack before its tests, signs in one user per role asked for, and stops the
 * stack after them: `const t = useTestStack('admin', 'faculty')`, then `t.stack.call(…, { cookie: t.admin.cookie })`.
 */
export function useTestStack<R extends Role>(...roles: R[]): StackFixture<R> {
  const fixture = {} as StackFixture<R>;
  beforeAll(async () => {
    fixture.stack = await startTestStack();
    const users = await Promise.all(roles.map((role) => fixture.stack.signIn(role)));
    roles.forEach((role, at) => Object.assign(fixture, { [role]: users[at] }));
  });
  afterAll(() => fixture.stack?.stop());
  return fixture;
}
