import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NotFound, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

/**
 * The private attachments bucket (docs/security.md): the browser uploads straight to it with a
 * presigned POST form and reads a file back through a presigned GET link; the Lambda never
 * carries the bytes. ATTACHMENTS_BUCKET names the bucket; S3_ENDPOINT points at the local S3
 * server (infra/local/s3-server.ts) instead of AWS.
 */
const UPLOAD_FORM_SECONDS = 10 * 60;
const ATTACHMENT_LINK_SECONDS = 5 * 60;

let cached: { key: string; client: S3Client } | undefined;

/** One client per endpoint and region, made when first needed (tests set the environment after import). */
function s3(): S3Client {
  const endpoint = process.env.S3_ENDPOINT || undefined;
  const region = process.env.AWS_REGION || 'us-east-1';
  const key = `${endpoint ?? ''} ${region}`;
  if (cached?.key !== key) {
    cached?.client.destroy();
    // The local server answers path-style URLs only (no bucket subdomains on 127.0.0.1).
    cached = { key, client: new S3Client({ endpoint, region, forcePathStyle: Boolean(endpoint), maxAttempts: 4 }) };
  }
  return cached.client;
}

function bucket(): string {
  const name = process.env.ATTACHMENTS_BUCKET;
  if (!name) throw new Error('ATTACHMENTS_BUCKET is not set: the attachments bucket is unknown');
  return name;
}

/**
 * A form the browser posts one file with, to `url` with `fields` first and the file last. Its
 * signed policy allows exactly this key, this Content-Type and 1 to maxBytes bytes, for 10 minutes.
 */
export async function uploadForm(input: {
  key: string;
  contentType: string;
  maxBytes: number;
}): Promise<{ url: string; fields: Record<string, string>; expiresAt: string }> {
  const expiresAt = new Date(Date.now() + UPLOAD_FORM_SECONDS * 1000);
  const { url, fields } = await createPresignedPost(s3(), {
    Bucket: bucket(),
    Key: input.key,
    Fields: { 'Content-Type': input.contentType },
    // The SDK adds the exact key and the exact Content-Type (from Key and Fields) to the policy.
    Conditions: [['content-length-range', 1, input.maxBytes]],
    Expires: UPLOAD_FORM_SECONDS,
  });
  return { url, fields, expiresAt: expiresAt.toISOString() };
}

/** A link that shows the file in the browser (or downloads it, as `fileName`) for 5 minutes. */
export async function attachmentLink(key: string, fileName: string): Promise<string> {
  const command = new GetObjectCommand({
    Bucket: bucket(),
    Key: key,
    ResponseContentDisposition: inlineDisposition(fileName),
  });
  return getSignedUrl(s3(), command, { expiresIn: ATTACHMENT_LINK_SECONDS });
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
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return { bytes: head.ContentLength ?? 0, contentType: head.ContentType ?? '' };
  } catch (error) {
    if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound') return null;
    throw error;
  }
}

/**
 * Copies an upload to the key an application keeps it under. The upload itself stays, so a claim
 * made again (a retried write) finds it; the bucket's lifecycle deletes it a day after it came.
 */
export async function claimAttachment(uploadKey: string, key: string): Promise<void> {
  const target = bucket();
  await s3().send(
    new CopyObjectCommand({ Bucket: target, Key: key, CopySource: `${target}/${encodeURIComponent(uploadKey).replace(/%2F/g, '/')}` }),
  );
}

/** Removes the file (nothing happens when it is already gone). */
export async function deleteAttachment(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}
