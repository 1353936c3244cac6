import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

const MIN_SECRET_CHARS = 43; // 43 base64url characters carry 256 bits

let key: Promise<Uint8Array> | undefined;

/**
 * The JWT signing key: JWT_SECRET locally (generated once into .data/), or the Secrets
 * Manager secret JWT_SECRET_ARN when deployed, read once per cold start.
 */
export function jwtKey(): Promise<Uint8Array> {
  key ??= loadSecret().then((secret) => {
    if (secret.length < MIN_SECRET_CHARS) throw new Error('The JWT secret is shorter than 256 bits');
    return new TextEncoder().encode(secret);
  });
  return key;
}

async function loadSecret(): Promise<string> {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  const arn = process.env.JWT_SECRET_ARN;
  if (!arn) throw new Error('Set JWT_SECRET or JWT_SECRET_ARN');
  const result = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  if (!result.SecretString) throw new Error(`Secret ${arn} has no string value`);
  return result.SecretString;
}
