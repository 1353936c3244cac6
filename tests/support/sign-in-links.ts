import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { db, tableName } from '@functions/lib/db';
import { signInLink } from '@functions/lib/entities/sign-in-link';
import type { CaughtMail } from '@infra/local/mail-catcher';
import { SITE } from './alerts';
import { cookieHeader, type TestStack } from './stack';

/** The sign-in link of an email (its text and HTML carry the same) to `site`, its request id, token and code. */
export function signInLinkIn(mail: CaughtMail, site = SITE): { url: string; request: string; token: string; code: string } {
  const match = /(https?:\/\/\S+\/sign-in-link#request=([0-9a-f-]{36})&token=([\w-]{43}))/.exec(mail.text);
  if (!match) throw new Error(`no sign-in link in: ${mail.text}`);
  expect(mail.html).toContain(`href="${match[1]!.replace('&', '&amp;')}"`);
  expect(match[1]!.startsWith(`${site}/sign-in-link#`)).toBe(true);
  const code = /type this code on the page that asked: ([A-Z0-9]{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return { url: match[1]!, request: match[2]!, token: match[3]!, code };
}

/** A browser: the cookies it was given so far, sent with each call. */
export function browser(stack: TestStack) {
  const jar = new Map<string, string>();
  const keep = (setCookies: string[]) => {
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const name = pair!.slice(0, pair!.indexOf('='));
      if (/Max-Age=0/.test(line)) jar.delete(name);
      else jar.set(name, line);
    }
  };
  const cookie = () => (jar.size ? cookieHeader([...jar.values()]) : undefined);
  const api: TestStack['api'] = async (key, request) => {
    const result = await stack.api(key, { ...request, cookie: cookie() } as never);
    keep(result.setCookies);
    return result as never;
  };
  return { api, cookie, askLink: (email: string) => api('POST /auth/link', { body: { email } }) };
}

export const storedSignInLink = async (request: string) =>
  (await db.send(new GetCommand({ TableName: tableName(), Key: signInLink(request), ConsistentRead: true }))).Item;

/** Moves a link's end, as if its minutes had passed. */
export async function expireSignInLink(request: string, expiresAt: number): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: signInLink(request),
      UpdateExpression: 'SET expiresAt = :at',
      ExpressionAttributeValues: { ':at': expiresAt },
    }),
  );
}
