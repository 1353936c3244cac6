import { bucket, objectRequest, requestUrl, send } from './s3-requests';

/**
 * The private attachments bucket (docs/security.md): the browser uploads straight to it with a
 * presigned POST form and reads a file back through a presigned GET link; the Lambda never
 * carries the bytes. ATTACHMENTS_BUCKET names the bucket; S3_ENDPOINT points at the local S3
 * server (infra/local/s3-server.ts) instead of AWS. The requests are signed here (s3-requests.ts).
 */
const UPLOAD_FORM_SECONDS = 10 * 60;
const ATTACHMENT_LINK_SECONDS = 5 * 60;

/** A time as SigV4 writes it: 20250102T030405Z. */
const amzDate = (date: Date) => date.toISOString().replace(/[-:]|\.\d{3}/g, '');

/**
 * A form the browser posts one file with, to `url` with `fields` first and the file last. Its
 * signed policy allows exactly this key, this Content-Type and 1 to maxBytes bytes, for 10 minutes.
 */
export async function uploadForm(input: {
  key: string;
  contentType: string;
  maxBytes: number;
}): Promise<{ url: string; fields: Record<string, string>; expiresAt: string }> {
  const target = bucket();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + UPLOAD_FORM_SECONDS * 1000);
  const date = amzDate(now);
  // Every field but the file, the policy and its signature needs a condition naming it (S3 refuses others).
  const signed: Record<string, string> = {
    'Content-Type': input.contentType,
    bucket: target.name,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${target.accessKeyId}/${date.slice(0, 8)}/${target.region}/s3/aws4_request`,
    'X-Amz-Date': date,
    ...(target.sessionToken ? { 'X-Amz-Security-Token': target.sessionToken } : {}),
    key: input.key,
  };
  const policy = {
    expiration: expiresAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    conditions: [['content-length-range', 1, input.maxBytes], ...Object.entries(signed).map(([name, value]) => ({ [name]: value }))],
  };
  const encoded = Buffer.from(JSON.stringify(policy)).toString('base64');
  // A POST policy's signature: the base64 policy signed with the day's SigV4 key (what signString does).
  const signature = await target.signer.sign(encoded, { signingDate: now });
  return {
    url: target.url.href,
    fields: { ...signed, Policy: encoded, 'X-Amz-Signature': signature },
    expiresAt: expiresAt.toISOString(),
  };
}

/** A link that shows the file in the browser (or downloads it, as `fileName`) for 5 minutes. */
export async function attachmentLink(key: string, fileName: string): Promise<string> {
  const target = bucket();
  // The query and payload hash the SDK's own presigned GetObject link carries.
  const request = objectRequest(
    target,
    'GET',
    key,
    { 'response-content-disposition': inlineDisposition(fileName), 'x-id': 'GetObject' },
    { 'x-amz-checksum-mode': 'ENABLED', 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
  );
  const signed = await target.signer.presign(request, { expiresIn: ATTACHMENT_LINK_SECONDS });
  return requestUrl(target, signed);
}

/**
 * `inline` with the name as a plain ASCII fallback and, when it has other characters, its UTF-8
 * spelling (RFC 6266): quotes, backslashes and control characters never reach the header.
 */
function inlineDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_').trim() || 'attachment';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return ascii === fileName ? `inline; filename="${ascii}"` : `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** What the bucket holds under `key`: its size and stored type, or null when nothing is there. */
export async function attachmentInfo(key: string): Promise<{ bytes: number; contentType: string } | null> {
  const target = bucket();
  const head = await send(target, objectRequest(target, 'HEAD', key), [404]);
  if (head.status === 404) return null;
  return { bytes: Number(head.headers.get('content-length') ?? 0), contentType: head.headers.get('content-type') ?? '' };
}

/**
 * Copies an upload to the key an application keeps it under. The upload itself stays, so a claim
 * made again (a retried write) finds it; the bucket's lifecycle deletes it a day after it came.
 */
export async function claimAttachment(uploadKey: string, key: string): Promise<void> {
  const target = bucket();
  const source = `${target.name}/${encodeURIComponent(uploadKey).replace(/%2F/g, '/')}`;
  await send(target, objectRequest(target, 'PUT', key, { 'x-id': 'CopyObject' }, { 'x-amz-copy-source': source }));
}

/** Removes the file (nothing happens when it is already gone). */
export async function deleteAttachment(key: string): Promise<void> {
  const target = bucket();
  await send(target, objectRequest(target, 'DELETE', key, { 'x-id': 'DeleteObject' }));
}
