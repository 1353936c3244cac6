import { startDynamoDbLocal, useLocalAwsEnvironment, type DynamoDbLocal } from '@infra/local/dynamodb-local';
import { newJwtSecret } from '@infra/local/jwt-secret';
import { sourceHandlers, startLocalStack, type LocalStack } from '@infra/local/local-stack';
import { ensureWebBuild, WEB_DIST } from '@infra/local/web-build';

export interface CallResult {
  status: number;
  message: string;
  data: unknown;
}

export interface BenchContext {
  stack: LocalStack;
  /** The demo admin's session cookie. */
  cookie: string;
  dynamo: DynamoDbLocal;
  call(method: string, path: string, body?: unknown): Promise<CallResult>;
  demo: {
    termId: string;
    semesterId: string;
    courseId: string;
    /** The courses the load's clients mark: the demo semester's and 12 more made for the bench. */
    courseIds: string[];
    slotIds: string[];
    divisionId: string;
    batchId: string;
    divisionStudents: string[];
  };
}

/**
 * DynamoDB Local in memory and the environment pointing at it. Call before importing anything
 * that loads functions/lib/db (its client reads the endpoint when it is created).
 */
export async function startBenchDatabase(): Promise<DynamoDbLocal> {
  const dynamo = await startDynamoDbLocal();
  useLocalAwsEnvironment(dynamo.endpoint);
  process.env.TABLE_NAME = 'bench';
  process.env.JWT_SECRET = newJwtSecret();
  process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
  return dynamo;
}

/** Signs in through the API: the session's Cookie header. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const login = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`sign-in of ${email}: ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** How long the last request's handler ran (from event to result, as Lambda bills it), in ms. */
export const handlerTime = { lastMs: 0 };

/** The local stack on a free port with the demo college, signed in as the demo admin. */
export async function startBench(dynamo: DynamoDbLocal): Promise<BenchContext> {
  await ensureWebBuild();
  const stack = await startLocalStack({
    port: 0,
    dynamoEndpoint: dynamo.endpoint,
    tableName: 'bench',
    webDir: WEB_DIST,
    demo: true,
    loadHandler: async (resource) => {
      const handler = await sourceHandlers(resource);
      return async (event, lambdaContext) => {
        const started = performance.now();
        try {
          return await handler(event, lambdaContext);
        } finally {
          handlerTime.lastMs = performance.now() - started;
        }
      };
    },
  });

  const cookie = await signIn(stack.url, 'admin@sams.local', 'Admin@12345');
  const call = async (method: string, path: string, body?: unknown): Promise<CallResult> => {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const payload = (await response.json()) as { data: unknown; message: string };
    return { status: response.status, message: payload.message, data: payload.data };
  };

  const first = <T>(value: unknown) => (value as T[])[0]!;
  const term = first<{ _id: string }>((await call('GET', '/api/v1/term/active')).data);
  const semester = first<{ _id: string }>((await call('GET', `/api/v1/semester/${term._id}`)).data);
  const course = first<{ _id: string }>((await call('GET', `/api/v1/course/${semester._id}`)).data);
  for (let n = 1; n <= 12; n++) await call('POST', '/api/v1/course', { name: `Load course ${n}`, semid: semester._id });
  const courses = (await call('GET', `/api/v1/course/${semester._id}`)).data as { _id: string }[];
  const slots = (await call('GET', `/api/v1/slot/${term._id}`)).data as { _id: string }[];
  const division = first<{ _id: string }>((await call('GET', `/api/v1/division/${semester._id}`)).data);
  const batch = first<{ _id: string }>((await call('GET', `/api/v1/batch/${division._id}`)).data);
  const students = (await call('GET', `/api/v1/student/division/${division._id}`)).data as { batchStudents: { _id: string } }[];
  return {
    stack,
    cookie,
    dynamo,
    call,
    demo: {
      termId: term._id,
      semesterId: semester._id,
      courseId: course._id,
      courseIds: courses.map((one) => one._id),
      slotIds: slots.map((slot) => slot._id),
      divisionId: division._id,
      batchId: batch._id,
      divisionStudents: students.map((entry) => entry.batchStudents._id),
    },
  };
}
