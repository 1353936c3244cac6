import { afterEach, describe, expect, it, vi } from 'vitest';
import { mimeMessage, sesTransport } from '@functions/lib/auth/set-password-mailer';

/*
 * The user Lambda's own mail transport (functions/lib/auth/set-password-mailer.ts): SES v2 gets the email as
 * its SendEmail takes it, signed with the function's credentials.
 */

const EMAIL = {
  to: 'asha@college.test',
  fromName: 'Pune Institute (SAMS)',
  subject: 'Pune Institute: set a new SAMS password',
  text: 'Hello ✓',
  html: '<p>Hello ✓</p>',
};

afterEach(() => vi.unstubAllGlobals());

describe('the set-password mailer', () => {
  it("posts SES v2 SendEmail with the college's name as the sender's, and says SES's refusal", async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const env = { AWS_REGION: 'ap-south-1', AWS_ACCESS_KEY_ID: 'AKID', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SESSION_TOKEN: 'token' };
    await sesTransport('alerts@college.edu', env).send(EMAIL);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://email.ap-south-1.amazonaws.com/v2/email/outbound-emails');
    const headers = init.headers as Record<string, string>;
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKID\/\d{8}\/ap-south-1\/ses\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date;x-amz-security-token, Signature=[0-9a-f]{64}$/,
    );
    expect(headers['x-amz-security-token']).toBe('token');
    expect(JSON.parse(init.body as string)).toEqual({
      FromEmailAddress: `=?UTF-8?B?${Buffer.from('Pune Institute (SAMS)').toString('base64')}?= <alerts@college.edu>`,
      Destination: { ToAddresses: ['asha@college.test'] },
      Content: {
        Simple: {
          Subject: { Data: EMAIL.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: 'Hello ✓', Charset: 'UTF-8' }, Html: { Data: '<p>Hello ✓</p>', Charset: 'UTF-8' } },
        },
      },
    });

    fetchMock.mockResolvedValueOnce(new Response('{"message":"Email address is not verified."}', { status: 400 }));
    await expect(sesTransport('alerts@college.edu', env).send(EMAIL)).rejects.toThrow(
      'SES answered 400: {"message":"Email address is not verified."}',
    );
  });

  it('writes a MIME message of a text and an HTML part, in UTF-8', () => {
    const message = mimeMessage(EMAIL, 'alerts@sams.local', 'b1');
    expect(message).toContain('Content-Type: multipart/alternative; boundary="b1"');
    expect(message).toContain(
      `\r\n\r\n--b1\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from('Hello ✓').toString('base64')}`,
    );
    expect(message.endsWith('\r\n--b1--')).toBe(true);
  });
});
