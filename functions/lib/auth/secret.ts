import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

const MIN_SECRET_CHARS = 43; // 43 base64url characters carry 256 bits

/** After n failed loads in a row (n ≥ 2), no new load starts for firstMs × 2^(n-2), at most maxMs. */
export const KEY_RETRY = { firstMs: 250, maxMs: 30_000 } as const;

let key: Promise<Uint8Array> | undefined;
let failures = 0;
let lastError: unknown;
let retryAt = 0;

/**
 * The JWT signing key: JWT_SECRET locally (generated once into .data/), or the Secrets
 * Manager secret JWT_SECRET_ARN when deployed, read once per cold start. A failed read is
 * never kept: the next request reads again at once, and after a second failure in a row a
 * back-off starts that doubles with each further one (requests inside it fail at once with the
 * last error, so an outage of Secrets Manager is not met by every request of every warm function).
 */
export function jwtKey(): Promise<Uint8Array> {
  if (key) return key;
  if (failures > 0 && Date.now() < retryAt) return Promise.reject(lastError);
  const loading = loadKey();
  key = loading;
  loading.then(
    () => (failures = 0),
    (error: unknown) => {
      if (key === loading) key = undefined;
      failures += 1;
      lastError = error;
      retryAt = failures < 2 ? 0 : Date.now() + Math.min(KEY_RETRY.maxMs, KEY_RETRY.firstMs * 2 ** (failures - 2));
    },
  );
  return loading;
}

async function loadKey(): Promise<Uint8Array> {
  const secret = await loadSecret();
  if (secret.length < MIN_SECRET_CHARS) throw new Error('The JWT secret is shorter than 256 bits');
  return new TextEncoder().encode(secret);
}

async function loadSecret(): Promise<string> {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  const arn = process.env.JWT_SECRET_ARN;
  if (!arn) throw new Error('Set JWT_SECRET or JWT_SECRET_ARN');
  const result = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  if (!result.SecretString) throw new Error(`Secret ${arn} has no string value`);
  return result.SecretString;
}
