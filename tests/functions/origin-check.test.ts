import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { CLOUDFRONT_ORIGIN_TOKEN_HEADER } from '@shared/constants';
import { requestGuards } from '@functions/lib/http/request-guards';
import type { ApiEvent } from '@functions/lib/http/types';

// The origin check of state-changing requests (docs/security.md): exact scheme, host and port,
// and x-forwarded-host believed only from CloudFront.
const TOKEN = 'd5f1c0de-0000-4000-8000-000000000001';

function check(headers: Record<string, string>): number {
  const event = { routeKey: 'POST /api/v1/term', headers, requestContext: { requestId: 'r' } } as unknown as ApiEvent;
  try {
    void requestGuards().before!({ event, context: {} as Context, response: undefined, error: null, internal: {} } as never);
    return 200;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

afterEach(() => delete process.env.CLOUDFRONT_ORIGIN_TOKEN);

describe('origin check', () => {
  it('accepts only the exact origin of the host the request was sent to', () => {
    const host = 'localhost:3000';
    expect(check({ host, origin: 'http://localhost:3000' })).toBe(200);
    expect(check({ host, 'x-forwarded-proto': 'https', origin: 'https://localhost:3000' })).toBe(200);
    expect(check({ host: 'app.example', 'x-forwarded-proto': 'https', origin: 'https://app.example' })).toBe(200);
    expect(check({ host: 'app.example:443', 'x-forwarded-proto': 'https', origin: 'https://app.example' })).toBe(200);
    for (const origin of [
      'https://localhost:3000', // another scheme
      'http://localhost:3001', // another port
      'http://localhost', // the default port is another port
      'http://localhost:3000.evil.example',
      'http://evil.example',
      'null',
      'http://localhost:3000/',
      '',
    ]) {
      expect(check({ host, origin }), origin).toBe(403);
    }
    expect(check({ origin: 'http://localhost:3000' })).toBe(403);
  });

  it('believes x-forwarded-host only beside CloudFront’s origin token', () => {
    const viaForgedHost = {
      host: 'abc.execute-api.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
      origin: 'https://evil.example',
    };
    expect(check(viaForgedHost)).toBe(403);
    process.env.CLOUDFRONT_ORIGIN_TOKEN = TOKEN;
    expect(check(viaForgedHost)).toBe(403);
    expect(check({ ...viaForgedHost, [CLOUDFRONT_ORIGIN_TOKEN_HEADER]: 'wrong' })).toBe(403);
    expect(check({ ...viaForgedHost, [CLOUDFRONT_ORIGIN_TOKEN_HEADER]: 'ü'.repeat(18) })).toBe(403);
    const viaCloudFront = { ...viaForgedHost, 'x-forwarded-host': 'd111.cloudfront.net', [CLOUDFRONT_ORIGIN_TOKEN_HEADER]: TOKEN };
    expect(check({ ...viaCloudFront, origin: 'https://d111.cloudfront.net' })).toBe(200);
    expect(check({ ...viaCloudFront, origin: 'https://evil.example' })).toBe(403);
  });

  it('lets requests without an Origin through (not a browser form)', () => {
    expect(check({ host: 'localhost:3000' })).toBe(200);
  });
});
