import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { OidcProvider } from './config';
import { unavailable } from './discovery';

const loaded = new Map<string, Promise<string>>();

/**
 * The client secret SAMS shows the provider: `clientSecret` locally, the Secrets Manager secret
 * `clientSecretArn` when deployed, read once per cold start (a failed read is not kept).
 */
export function clientSecret(provider: OidcProvider): Promise<string> {
  if (provider.clientSecret) return Promise.resolve(provider.clientSecret);
  const arn = provider.clientSecretArn!;
  let secret = loaded.get(arn);
  if (!secret) {
    const loading = readSecret(arn);
    secret = loading;
    loaded.set(arn, loading);
    loading.catch(() => {
      if (loaded.get(arn) === loading) loaded.delete(arn);
    });
  }
  return secret.catch((error: unknown) => {
    throw unavailable(provider, error);
  });
}

async function readSecret(arn: string): Promise<string> {
  const result = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  const value = result.SecretString?.trim();
  if (!value) throw new Error(`Secret ${arn} has no string value`);
  return value;
}
