import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { attachmentInfo, attachmentLink, claimAttachment, deleteAttachment, uploadForm } from '@functions/lib/attachments/storage';
import { postForm, useS3Server } from '@tests/support/attachments';

const s3 = useS3Server();

const MAX_BYTES = 5 * 1024 * 1024;
const pdf = (bytes = 600): Blob => {
  const head = new TextEncoder().encode('%PDF-1.7\n');
  const body = new Uint8Array(bytes);
  body.set(head);
  for (let i = head.length; i < bytes; i++) body[i] = i % 251;
  return new Blob([body], { type: 'application/pdf' });
};
const newKey = () => `uploads/${randomUUID()}.pdf`;
const errorCode = async (response: Response) => /<Code>([^<]+)<\/Code>/.exec(await response.text())?.[1];

describe('the attachments storage against the local S3 server', () => {
  it('takes a PDF posted with the presigned form and reads back its size and type', async () => {
    const key = newKey();
    const form = await uploadForm({ key, contentType: 'application/pdf', maxBytes: MAX_BYTES });
    const response = await postForm(form, pdf(600));
    expect(response.status).toBe(204);
    expect(await attachmentInfo(key)).toEqual({ bytes: 600, contentType: 'application/pdf' });
  });

  it('signs a form valid for 10 minutes, for the exact key and type and 1 byte to maxBytes', async () => {
    const before = Date.now();
    const form = await uploadForm({ key: 'uploads/a.pdf', contentType: 'image/png', maxBytes: 1234 });
    expect(form.url).toBe(`${s3.server().endpoint}/${s3.server().bucket}`);
    expect(form.fields).toMatchObject({ key: 'uploads/a.pdf', 'Content-Type': 'image/png' });
    const policy = JSON.parse(Buffer.from(form.fields.Policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([{ key: 'uploads/a.pdf' }, { 'Content-Type': 'image/png' }, ['content-length-range', 1, 1234]]),
    );
    const expiresAt = Date.parse(form.expiresAt);
    expect(expiresAt - before).toBeGreaterThanOrEqual(600_000 - 1000);
    expect(expiresAt - before).toBeLessThanOrEqual(600_000 + 5000);
    expect(Math.abs(Date.parse(policy.expiration) - expiresAt)).toBeLessThan(2000);
  });

  it('refuses a file over maxBytes, and an empty one, storing nothing (the server checks the policy as S3 does)', async () => {
    const key = newKey();
    const form = await uploadForm({ key, contentType: 'application/pdf', maxBytes: 1000 });
    const tooLarge = await postForm(form, pdf(1001));
    expect(tooLarge.status).toBe(400);
    expect(await errorCode(tooLarge)).toBe('EntityTooLarge');
    const empty = await postForm(form, new Blob([], { type: 'application/pdf' }));
    expect(empty.status).toBe(400);
    expect(await errorCode(empty)).toBe('EntityTooSmall');
    expect(await attachmentInfo(key)).toBeNull();
    expect((await postForm(form, pdf(1000))).status).toBe(204);
    expect(await attachmentInfo(key)).toMatchObject({ bytes: 1000 });
  });

  it('refuses another Content-Type, another key and a changed policy, storing nothing', async () => {
    const key = newKey();
    const form = await uploadForm({ key, contentType: 'application/pdf', maxBytes: MAX_BYTES });
    const png = new Blob([new Uint8Array(100)], { type: 'image/png' });
    const otherType = await postForm(form, png, { fields: { 'Content-Type': 'image/png' } });
    expect(otherType.status).toBe(403);
    expect(await errorCode(otherType)).toBe('AccessDenied');
    const otherKey = newKey();
    expect((await postForm(form, pdf(), { fields: { key: otherKey } })).status).toBe(403);
    const widened = Buffer.from(form.fields.Policy!, 'base64')
      .toString('utf8')
      .replace(`${MAX_BYTES}]`, `${MAX_BYTES * 10}]`);
    const forged = await postForm(form, pdf(), { fields: { Policy: Buffer.from(widened).toString('base64') } });
    expect(forged.status).toBe(403);
    expect(await errorCode(forged)).toBe('SignatureDoesNotMatch');
    expect(await attachmentInfo(key)).toBeNull();
    expect(await attachmentInfo(otherKey)).toBeNull();
  });

  it("stores the form's type whatever type the browser gives the file part", async () => {
    const key = newKey();
    const form = await uploadForm({ key, contentType: 'image/jpeg', maxBytes: MAX_BYTES });
    expect((await postForm(form, new Blob([new Uint8Array(10)], { type: 'text/html' }))).status).toBe(204);
    expect(await attachmentInfo(key)).toEqual({ bytes: 10, contentType: 'image/jpeg' });
  });

  it('lets the site post from another origin (CORS) and no other site', async () => {
    const form = await uploadForm({ key: newKey(), contentType: 'application/pdf', maxBytes: MAX_BYTES });
    const preflight = (origin: string) =>
      fetch(form.url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:5173']) {
      const allowed = await preflight(origin);
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get('access-control-allow-methods')).toContain('POST');
    }
    const other = await preflight('https://evil.example');
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const posted = await postForm(form, pdf(), { origin: 'http://localhost:3000' });
    expect(posted.status).toBe(204);
    expect(posted.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  });

  it('links to the file for 5 minutes, shown inline under its name (quotes and other scripts kept safe)', async () => {
    const key = newKey();
    const file = pdf(2048);
    await postForm(await uploadForm({ key, contentType: 'application/pdf', maxBytes: MAX_BYTES }), file);
    const name = 'प्रमाणपत्र "medical"\r\n.pdf';
    const link = await attachmentLink(key, name);
    expect(new URL(link).searchParams.get('X-Amz-Expires')).toBe('300');
    const response = await fetch(link);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const disposition = response.headers.get('content-disposition')!;
    expect(disposition).toBe(`inline; filename="__________ _medical___.pdf"; filename*=UTF-8''${encodeRfc5987(name)}`);
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(await file.arrayBuffer()))).toBe(true);

    expect((await fetch(await attachmentLink(key, 'certificate.pdf'))).headers.get('content-disposition')).toBe(
      'inline; filename="certificate.pdf"',
    );
    const tampered = new URL(link);
    tampered.searchParams.set('response-content-disposition', 'attachment; filename="x.html"');
    expect((await fetch(tampered)).status).toBe(403);
  });

  it("claims an upload by copying it under the application's key, again without harm", async () => {
    const upload = newKey();
    const file = pdf(777);
    await postForm(await uploadForm({ key: upload, contentType: 'application/pdf', maxBytes: MAX_BYTES }), file);
    const kept = `leave/${randomUUID()}/certificate`;
    await claimAttachment(upload, kept);
    await claimAttachment(upload, kept);
    expect(await attachmentInfo(kept)).toEqual({ bytes: 777, contentType: 'application/pdf' });
    expect(await attachmentInfo(upload)).not.toBeNull();
    const copied = await fetch(await attachmentLink(kept, 'certificate.pdf'));
    expect(Buffer.from(await copied.arrayBuffer()).equals(Buffer.from(await file.arrayBuffer()))).toBe(true);
    await expect(claimAttachment(newKey(), `leave/${randomUUID()}/none`)).rejects.toThrow();
  });

  it('deletes the file, and deleting it again changes nothing', async () => {
    const key = newKey();
    await postForm(await uploadForm({ key, contentType: 'application/pdf', maxBytes: MAX_BYTES }), pdf());
    expect(await attachmentInfo(key)).not.toBeNull();
    await deleteAttachment(key);
    expect(await attachmentInfo(key)).toBeNull();
    expect((await fetch(await attachmentLink(key, 'gone.pdf'))).status).toBe(404);
    await expect(deleteAttachment(key)).resolves.toBeUndefined();
  });

  it('says plainly when ATTACHMENTS_BUCKET is not set', async () => {
    const bucket = process.env.ATTACHMENTS_BUCKET;
    delete process.env.ATTACHMENTS_BUCKET;
    try {
      await expect(attachmentInfo('uploads/x.pdf')).rejects.toThrow('ATTACHMENTS_BUCKET is not set');
      await expect(uploadForm({ key: 'uploads/x.pdf', contentType: 'application/pdf', maxBytes: 10 })).rejects.toThrow(
        'ATTACHMENTS_BUCKET is not set',
      );
    } finally {
      process.env.ATTACHMENTS_BUCKET = bucket;
    }
  });
});

const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
