import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newJwtSecret } from '@infra/local/jwt-secret';
import { useTestStack } from '@tests/support/stack';

// The deployed functions read the signing key from Secrets Manager (functions/lib/auth/secret.ts).
const t = useTestStack();
const secret = newJwtSecret();
const unavailable = () => Object.assign(new Error('Service unavailable (injected)'), { name: 'InternalServiceError', $fault: 'server' });

let mock: ReturnType<typeof mockClient>;
let localSecret: string | undefined;
beforeEach(() => {
  localSecret = process.env.JWT_SECRET;
  delete process.env.JWT_SECRET;
  process.env.JWT_SECRET_ARN = 'arn:aws:secretsmanager:ap-south-1:123456789012:secret:JwtKey-test';
  mock = mockClient(SecretsManagerClient);
});
afterEach(() => {
  mock.restore();
  process.env.JWT_SECRET = localSecret;
  delete process.env.JWT_SECRET_ARN;
});

const keyReads = () => mock.commandCalls(GetSecretValueCommand).length;

describe('JWT key from Secrets Manager', () => {
  it('is read again on the request after a failed read, which then succeeds, and kept once read', async () => {
    mock.on(GetSecretValueCommand).rejectsOnce(unavailable()).resolves({ SecretString: secret });
    await expect(t.stack.signIn('faculty')).rejects.toThrow(/sign-in failed: 5\d\d/);
    expect(keyReads()).toBe(1);

    const faculty = await t.stack.signIn('faculty');
    expect((await t.stack.call('GET', '/api/v1/term', { cookie: faculty.cookie })).status).toBe(200);
    expect(keyReads()).toBe(2);
    expect(mock.commandCalls(GetSecretValueCommand)[0]!.args[0].input).toEqual({ SecretId: process.env.JWT_SECRET_ARN });
  });

  it('backs off after failures in a row: calls inside the wait fail at once, the first after it reads again', async () => {
    vi.resetModules();
    const { jwtKey, KEY_RETRY } = await import('@functions/lib/auth/secret');
    mock.on(GetSecretValueCommand).rejectsOnce(unavailable()).rejectsOnce(unavailable()).resolves({ SecretString: secret });

    await expect(jwtKey()).rejects.toThrow('injected');
    await expect(jwtKey()).rejects.toThrow('injected');
    expect(keyReads()).toBe(2);
    await expect(jwtKey()).rejects.toThrow('injected');
    expect(keyReads()).toBe(2);

    await new Promise((resolve) => setTimeout(resolve, KEY_RETRY.firstMs + 50));
    const [first, second] = await Promise.all([jwtKey(), jwtKey()]);
    expect(new TextDecoder().decode(first)).toBe(secret);
    expect(second).toBe(first);
    expect(keyReads()).toBe(3);
  });
});
