import * as z from 'zod/mini';
import { Invalid } from '../domain-errors';

/**
 * An error of the HTTP exchange itself (no login session, not allowed, a body that is not JSON, too
 * large, too many logins…): its status and the message shown to the user. What the domain
 * refuses is a domain error (functions/lib/domain-errors.ts) instead.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra response headers (a 429's Retry-After). */
    readonly headers: Record<string, string> = {},
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

/**
 * DynamoDB refused an item over its 400 KB limit (alone, or inside a transaction). Checks before
 * writing should have said so first; this keeps any that slips through a 400, never a 500.
 */
export function isItemTooLarge(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const tooLarge = (message?: string) => /item size/i.test(message ?? '');
  if (error.name === 'ValidationException') return tooLarge(error.message);
  const reasons = (error as { CancellationReasons?: { Code?: string; Message?: string }[] }).CancellationReasons ?? [];
  return (
    error.name === 'TransactionCanceledException' && reasons.some((reason) => reason.Code === 'ValidationError' && tooLarge(reason.Message))
  );
}
