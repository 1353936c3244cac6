import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { hashToken } from '@functions/lib/auth/set-password-link';
import { db, tableName } from '@functions/lib/db';
import { setPasswordLink } from '@functions/lib/entities/sign-in-guards';
import type { CaughtMail } from '@infra/local/mail-catcher';
import { SITE } from './alerts';
import type { TestStack } from './stack';

/** The set-password link of an email (its text and its HTML carry the same), and its token. */
export function linkIn(mail: CaughtMail): { url: string; token: string } {
  const match = /(https?:\/\/\S+\/set-password#token=([\w-]{43}))/.exec(mail.text);
  if (!match) throw new Error(`no set-password link in: ${mail.text}`);
  expect(mail.html).toContain(`href="${match[1]}"`);
  expect(match[1]!.startsWith(`${SITE}/set-password#token=`)).toBe(true);
  return { url: match[1]!, token: match[2]! };
}

/** The stored item of a link's token (by its hash), or undefined once spent. */
export const storedLink = async (token: string) =>
  (await db.send(new GetCommand({ TableName: tableName(), Key: setPasswordLink(hashToken(token)), ConsistentRead: true }))).Item;

/** Moves a link's end, as if its hours had passed. */
export async function expireLink(token: string, expiresAt: number): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: setPasswordLink(hashToken(token)),
      UpdateExpression: 'SET expiresAt = :at',
      ExpressionAttributeValues: { ':at': expiresAt },
    }),
  );
}

/** POST auth/set-password, as the page sends it (no cookie: the link is the credential). */
export const setPassword = (stack: TestStack, token: string, password: string) =>
  stack.api('POST /auth/set-password', { body: { token, password } });

export const login = (stack: TestStack, email: string, password: string) => stack.api('POST /auth/login', { body: { email, password } });
