import { afterAll, beforeAll } from 'vitest';
import { startS3Server, useS3ServerEnvironment, type S3Server } from '@infra/local/s3-server';

/**
 * This file's local S3 server (as `npm start` runs it), with ATTACHMENTS_BUCKET, S3_ENDPOINT and the
 * SDK's credentials pointed at it. Call it before useTestStack or useE2e, so the stack's pages may
 * post uploads to it (their CSP's connect-src names the endpoint the environment holds then).
 */
export function useS3Server(): { server(): S3Server } {
  let server: S3Server | undefined;
  beforeAll(async () => {
    server = await startS3Server();
    useS3ServerEnvironment(server);
  });
  afterAll(() => server?.stop());
  return {
    server() {
      if (!server) throw new Error("The S3 server is there once the file's beforeAll has run (useS3Server)");
      return server;
    },
  };
}

/** Posts a presigned form as a browser does: its fields first, then the file (named `file`, last). */
export async function postForm(
  form: { url: string; fields: Record<string, string> },
  file: Blob,
  options: { fileName?: string; fields?: Record<string, string>; origin?: string } = {},
): Promise<Response> {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...form.fields, ...options.fields })) body.append(name, value);
  body.append('file', file, options.fileName ?? 'upload');
  return fetch(form.url, { method: 'POST', body, headers: options.origin ? { origin: options.origin } : {} });
}
