import { createHmac } from 'node:crypto';

/**
 * S3's check of a browser upload's POST policy (Signature Version 4), which the local S3 server
 * (s3rver) does not make: the signature, the expiry, every condition, and every field being named by
 * a condition. Answers the refusal S3 would give, or null when S3 would store the file.
 */
export interface PostRefusal {
  status: number;
  code: string;
  message: string;
}

export interface PostedForm {
  bucket: string;
  /** The form's text fields as posted (names in any case). */
  fields: ReadonlyMap<string, string>;
  fileBytes: number;
}

type Condition = Record<string, string> | [string, string | number, string | number];

/** Fields S3 never asks a condition for. */
const UNCONDITIONED = new Set(['file', 'policy', 'x-amz-signature']);

export function postPolicyRefusal(
  form: PostedForm,
  secretOf: (accessKeyId: string) => string | undefined,
  now = new Date(),
): PostRefusal | null {
  const fields = new Map([...form.fields].map(([name, value]) => [name.toLowerCase(), value]));
  const encoded = fields.get('policy');
  if (encoded === undefined) return null; // an unsigned (anonymous) post: S3 answers it by the bucket's policy, which s3rver does not have
  const credential = (fields.get('x-amz-credential') ?? '').split('/');
  const [accessKeyId = '', date = '', region = '', service = ''] = credential;
  const secret = secretOf(accessKeyId);
  if (secret === undefined) return denied('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  const signingKey = [date, region, service, 'aws4_request'].reduce<Buffer | string>(
    (key, part) => createHmac('sha256', key).update(part).digest(),
    `AWS4${secret}`,
  );
  if (createHmac('sha256', signingKey).update(encoded).digest('hex') !== fields.get('x-amz-signature')) {
    return denied('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }
  let policy: { expiration?: string; conditions?: Condition[] };
  try {
    policy = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as typeof policy;
  } catch {
    return { status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: Invalid JSON.' };
  }
  if (!policy.expiration || !(Date.parse(policy.expiration) > now.getTime()))
    return denied('AccessDenied', 'Invalid according to Policy: Policy expired.');

  const withBucket = new Map(fields).set('bucket', form.bucket);
  const named = new Set<string>();
  for (const condition of policy.conditions ?? []) {
    const refusal = Array.isArray(condition)
      ? arrayCondition(condition, withBucket, form.fileBytes, named)
      : objectCondition(condition, withBucket, named);
    if (refusal) return refusal;
  }
  const unnamed = [...fields.keys()].find((name) => !UNCONDITIONED.has(name) && !name.startsWith('x-ignore-') && !named.has(name));
  if (unnamed) return denied('AccessDenied', `Invalid according to Policy: Extra input fields: ${unnamed}`);
  return null;
}

function objectCondition(condition: Record<string, string>, fields: Map<string, string>, named: Set<string>): PostRefusal | null {
  for (const [name, value] of Object.entries(condition)) {
    named.add(name.toLowerCase());
    if (fields.get(name.toLowerCase()) !== value) return failed(condition);
  }
  return null;
}

function arrayCondition(
  condition: Condition & unknown[],
  fields: Map<string, string>,
  fileBytes: number,
  named: Set<string>,
): PostRefusal | null {
  const [operator, first, second] = condition;
  if (operator === 'content-length-range') {
    if (fileBytes < Number(first))
      return { status: 400, code: 'EntityTooSmall', message: 'Your proposed upload is smaller than the minimum allowed size' };
    if (fileBytes > Number(second))
      return { status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size' };
    return null;
  }
  const name = String(first).replace(/^\$/, '').toLowerCase();
  named.add(name);
  const value = fields.get(name);
  if (operator === 'eq' && value === second) return null;
  if (operator === 'starts-with' && value !== undefined && value.startsWith(String(second))) return null;
  return failed(condition);
}

const denied = (code: string, message: string): PostRefusal => ({ status: 403, code, message });
const failed = (condition: unknown): PostRefusal =>
  denied('AccessDenied', `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);
