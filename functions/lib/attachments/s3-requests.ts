import { SignatureV4 } from '@smithy/signature-v4';
import { NodeSha256 } from '../aws/node-sha256';

/**
 * The attachments bucket's few S3 requests, each signed by the SDK's own signer (@smithy/signature-v4)
 * and sent with fetch. The S3 client and its two presigning packages would add some 230 KB to the
 * leave Lambda's bundle (its budget: tests/infra/bundled-stack.test.ts) for five requests this small.
 */

/** Where the bucket is, and who signs for it: read on each call (tests set the environment after import). */
export interface Bucket {
  name: string;
  region: string;
  accessKeyId: string;
  sessionToken: string | undefined;
  signer: SignatureV4;
  /** The bucket's URL, no slash at the end: path-style on S3_ENDPOINT, virtual-hosted on AWS. */
  url: URL;
}

export function bucket(env: NodeJS.ProcessEnv = process.env): Bucket {
  const name = env.ATTACHMENTS_BUCKET;
  if (!name) throw new Error('ATTACHMENTS_BUCKET is not set: the attachments bucket is unknown');
  const region = env.AWS_REGION || 'us-east-1';
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!accessKeyId || !secretAccessKey) throw new Error('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set: nothing to sign with');
  const sessionToken = env.AWS_SESSION_TOKEN || undefined;
  // S3 signs the path as sent (its keys are encoded once, not twice as other services' paths are).
  const signer = new SignatureV4({
    service: 's3',
    region,
    credentials: { accessKeyId, secretAccessKey, sessionToken },
    sha256: NodeSha256,
    uriEscapePath: false,
  });
  // The local server answers path-style URLs only (no bucket subdomains on 127.0.0.1).
  const url = env.S3_ENDPOINT
    ? new URL(`${env.S3_ENDPOINT.replace(/\/+$/, '')}/${name}`)
    : new URL(`https://${name}.s3.${region}.amazonaws.com`);
  return { name, region, accessKeyId, sessionToken, signer, url };
}

/** encodeURIComponent as S3 and the SDK encode (RFC 3986): ! ' ( ) * too. */
export const escapeUri = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A request for `key` in the bucket, as the signer takes one. */
export function objectRequest(target: Bucket, method: string, key: string, query: Record<string, string> = {}, headers = {}) {
  const base = target.url.pathname.replace(/\/$/, '');
  return {
    method,
    protocol: target.url.protocol,
    hostname: target.url.hostname,
    port: target.url.port ? Number(target.url.port) : undefined,
    path: `${base}/${key.split('/').map(escapeUri).join('/')}`,
    query,
    headers: { host: target.url.host, ...headers } as Record<string, string>,
  };
}

/** The URL of a (signed) request: its query in key order, each part encoded as S3 expects. */
export function requestUrl(target: Bucket, request: { path: string; query?: Record<string, string | string[] | null> }): string {
  const query = Object.entries(request.query ?? {})
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${escapeUri(name)}=${escapeUri(value)}`)
    .join('&');
  return `${target.url.origin}${request.path}${query ? `?${query}` : ''}`;
}

const ATTEMPTS = 4;
/** What S3 answers when trying again later may work (the SDK's standard retries: throttling and server errors). */
const retryable = (status: number) => status === 429 || status >= 500;

/** An S3 error as an Error named by its code (NoSuchKey, AccessDenied…), S3's message in its own. */
class S3Error extends Error {
  constructor(
    readonly status: number,
    code: string | undefined,
    detail: string,
  ) {
    super(`S3 answered ${status}${code ? ` ${code}` : ''}${detail ? `: ${detail}` : ''}`);
    this.name = code || 'S3Error';
  }
}

/** The code and message of an S3 error document, when the answer is one. */
function errorOf(text: string): { code: string; message: string } | null {
  if (!/<Error>/.test(text)) return null;
  const tag = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(text)?.[1] ?? '';
  return { code: tag('Code'), message: tag('Message') };
}

/** What S3 answered a request: its status and headers, and its body as text (a HEAD's is empty). */
export interface S3Answer {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * Signs and sends one request, again up to 4 times in all when the network or S3 fails for the moment.
 * Answers a success or a status in `answered` (a HEAD's 404); any other answer is thrown as S3Error.
 */
export async function send(target: Bucket, request: ReturnType<typeof objectRequest>, answered: number[] = []): Promise<S3Answer> {
  for (let attempt = 1; ; attempt++) {
    const answer = await sendOnce(target, request, answered).catch((error: unknown) => error as Error);
    if (!(answer instanceof Error)) return answer;
    const transient = answer instanceof S3Error ? retryable(answer.status) : answer instanceof TypeError; // fetch's network failure
    if (!transient || attempt >= ATTEMPTS) throw answer;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * 2 ** attempt));
  }
}

async function sendOnce(target: Bucket, request: ReturnType<typeof objectRequest>, answered: number[]): Promise<S3Answer> {
  // fetch sends Host itself (the signed value: the URL's host).
  const { host: _host, ...headers } = (await target.signer.sign(request)).headers;
  const response = await fetch(requestUrl(target, request), { method: request.method, headers });
  const text = await response.text();
  // A copy's failure may come in a 200: S3 reports one found while copying in the body.
  const error = errorOf(text);
  if ((response.ok && !error) || answered.includes(response.status)) return { status: response.status, headers: response.headers, text };
  const status = response.ok ? 500 : response.status;
  throw new S3Error(status, error?.code, error?.message || text.slice(0, 300));
}
