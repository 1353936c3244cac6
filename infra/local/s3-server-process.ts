/**
 * The local S3 server's process (started by s3-server.ts): s3rver on loopback, serving one bucket
 * whose CORS rule lets local pages post uploads and read files, and which checks each browser
 * upload's POST policy as S3 does (s3-post-policy.ts; s3rver itself ignores the policy).
 *   node --import tsx s3-server-process.ts <port> <directory> <bucket>
 * with S3_SERVER_ACCESS_KEY_ID and S3_SERVER_SECRET_ACCESS_KEY: the one key pair it accepts.
 */
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { postPolicyRefusal } from './s3-post-policy';

const require = createRequire(import.meta.url);

interface KoaContext {
  req: NodeJS.ReadableStream & { headers: Record<string, string | string[] | undefined> };
  params: { bucket: string };
  is(type: string): string | false | null;
}
type S3ErrorClass = new (code: string, message: string, detail?: Record<string, unknown>) => Error;

const S3rver = require('@20minutes/s3rver') as new (options: Record<string, unknown>) => { run(): Promise<unknown> };
const S3Error = require('@20minutes/s3rver/lib/models/error') as S3ErrorClass;
const { DUMMY_ACCOUNT } = require('@20minutes/s3rver/lib/models/account') as {
  DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void; accessKeys: Map<string, string> };
};
const objects = require('@20minutes/s3rver/lib/controllers/object') as { postObject(ctx: KoaContext): Promise<void> };

// A browser form upload is refused by s3rver only when malformed; S3 also holds it to its policy.
const LARGEST_FORM = 64 * 1024 * 1024;
const storeObject = objects.postObject;
objects.postObject = async (ctx) => {
  if (!ctx.is('multipart/form-data')) return storeObject(ctx);
  const body = await readAll(ctx.req);
  const form = await new Request('http://local/', {
    method: 'POST',
    headers: plainHeaders(ctx.req.headers),
    body: Uint8Array.from(body),
  }).formData();
  const fields = new Map<string, string>();
  let fileBytes = 0;
  for (const [name, value] of form) {
    if (typeof value === 'string') fields.set(name, value);
    else if (name === 'file') fileBytes = value.size;
  }
  const refusal = postPolicyRefusal({ bucket: ctx.params.bucket, fields, fileBytes }, (id) => DUMMY_ACCOUNT.accessKeys.get(id));
  if (refusal) throw Object.assign(new S3Error(refusal.code, refusal.message), { status: refusal.status });
  ctx.req = Object.assign(Readable.from([body]), { headers: ctx.req.headers });
  return storeObject(ctx);
};

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > LARGEST_FORM)
      throw new S3Error('MaxPostPreDataLengthExceeded', 'Your POST request fields preceeding the upload file was too large.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const plainHeaders = (headers: Record<string, string | string[] | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])));

/** Local pages on any port of localhost or 127.0.0.1 may post uploads and fetch files. */
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>http://localhost:*</AllowedOrigin>
    <AllowedOrigin>http://127.0.0.1:*</AllowedOrigin>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>600</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

// s3rver signs a presigned link's query string with encodeURIComponent, which leaves ' ( ) * ! as they
// are where S3 (and the SDK) encode them (RFC 3986): a link whose file name has them would not match.
const encodeComponent = globalThis.encodeURIComponent;
globalThis.encodeURIComponent = (value) =>
  encodeComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const [port, directory, bucket] = process.argv.slice(2);
DUMMY_ACCOUNT.createKeyPair(process.env.S3_SERVER_ACCESS_KEY_ID!, process.env.S3_SERVER_SECRET_ACCESS_KEY!);
await new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  directory,
  silent: true,
  vhostBuckets: false,
  configureBuckets: [{ name: bucket, configs: [CORS] }],
}).run();
