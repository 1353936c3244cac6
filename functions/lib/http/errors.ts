import * as z from 'zod/mini';
import { Invalid } from '../domain-errors';

/**
 * An error of the HTTP exchange itself (no session, not allowed, a body that is not JSON, too
 * large, too many logins…): its status and the message shown to the user. What the domain
 * refuses is a domain error (functions/lib/domain-errors.ts) instead.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The value parsed by `schema`, or Invalid carrying the schema's first message. */
export function parse<T extends z.ZodMiniType>(schema: T, value: unknown): z.output<T> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  throw new Invalid(result.error.issues[0]?.message ?? 'Invalid request');
}

const THROTTLING = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'ServiceUnavailable',
  'InternalServerError',
  'LimitExceededException',
]);

/** DynamoDB said "not now" (after the SDK's own retries): the client should retry. */
export const isRetryableDatabaseError = (error: unknown): boolean =>
  error instanceof Error && (THROTTLING.has(error.name) || (error as { $retryable?: unknown }).$retryable !== undefined);
