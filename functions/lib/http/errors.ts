import * as z from 'zod/mini';

/** An error a client caused or may see: its status and the message shown to the user. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The value parsed by `schema`, or a 400 carrying the schema's first message. */
export function parse<T extends z.ZodMiniType>(schema: T, value: unknown): z.output<T> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  throw new HttpError(400, result.error.issues[0]?.message ?? 'Invalid request');
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

/** Which item of a cancelled transaction failed its condition (-1: none, or not a transaction). */
export function failedConditionAt(error: unknown): number {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return -1;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
}

/** A conditional write (or one inside a transaction) found the condition false. */
export const isConditionFailure = (error: unknown): boolean =>
  (error instanceof Error && error.name === 'ConditionalCheckFailedException') || failedConditionAt(error) >= 0;
