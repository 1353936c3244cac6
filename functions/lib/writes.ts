import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { withEntry } from './audit/scope';
import { db, tableName } from './db';
import { Busy } from './domain-errors';
import type { Key } from './keys';

/**
 * Conditional writes. A transaction is a set of named items; when one fails its condition,
 * `transact` answers that item's name, so the caller says what it means (the batch is gone,
 * the enrollment is taken…) without looking inside the items.
 */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Conditions on the item a write addresses. */
export const EXISTS = 'attribute_exists(pk)';
export const IS_NEW = 'attribute_not_exists(pk)';
/** The item exists and is not being deleted (a parent something is created under). */
export const LIVE = 'attribute_exists(pk) AND attribute_not_exists(deleting)';

const condition = (expression?: string) => (expression ? { ConditionExpression: expression } : {});

/** Puts the item, when given only if `when` holds (its `:name` placeholders valued by `values`). */
export const put = (item: Record<string, unknown>, when?: string, values?: Record<string, unknown>): TransactItem => ({
  Put: { TableName: tableName(), Item: item, ...condition(when), ...(values ? { ExpressionAttributeValues: values } : {}) },
});
export const remove = (key: Key, when?: string, values?: Record<string, unknown>): TransactItem => ({
  Delete: { TableName: tableName(), Key: key, ...condition(when), ...(values ? { ExpressionAttributeValues: values } : {}) },
});
/** Checks `when` on the item at `key` (its `:name` placeholders valued by `values`) without writing it. */
export const check = (key: Key, when: string, values?: Record<string, unknown>): TransactItem => ({
  ConditionCheck: { TableName: tableName(), Key: key, ConditionExpression: when, ...(values ? { ExpressionAttributeValues: values } : {}) },
});
/** Sets attributes of an existing item (`values` by name). */
export const update = (key: Key, values: Record<string, unknown>): TransactItem => {
  const names = Object.keys(values);
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET ${names.map((_, at) => `#n${at} = :v${at}`).join(', ')}`,
      ConditionExpression: EXISTS,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, at) => [`#n${at}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, at) => [`:v${at}`, values[name]])),
    },
  };
};
/**
 * Adds `by` to a numeric attribute (negative subtracts; a missing item or attribute counts as 0),
 * and sets the attributes of `set` (by name): a counter, created by its first addition.
 */
export const add = (key: Key, attribute: string, by: number, set: Record<string, unknown> = {}): TransactItem => {
  const names = Object.keys(set);
  const assignments = names.map((_, at) => `#s${at} = :s${at}`);
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `ADD #add :add${assignments.length ? ` SET ${assignments.join(', ')}` : ''}`,
      ExpressionAttributeNames: { '#add': attribute, ...Object.fromEntries(names.map((name, at) => [`#s${at}`, name])) },
      ExpressionAttributeValues: { ':add': by, ...Object.fromEntries(names.map((name, at) => [`:s${at}`, set[name]])) },
    },
  };
};

/**
 * Writes the items (a name may stand for several, or for none) in one transaction, in the
 * order given. Answers null when it was written, or the name whose condition failed. One that
 * met another transaction in flight is tried again (CONFLICT_ATTEMPTS). The first transaction of
 * a write route carries its audit entry (functions/lib/audit/scope.ts): written together, or neither.
 */
export async function transact<Name extends string>(items: Record<Name, TransactItem | TransactItem[] | null>): Promise<Name | null> {
  const named = (Object.entries(items) as [Name, TransactItem | TransactItem[] | null][]).flatMap(([name, item]) =>
    [item ?? []].flat().map((one) => [name, one] as const),
  );
  const { items: written, settle } = await withEntry(named.map(([, item]) => item));
  for (let attempt = 1; ; attempt++) {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: written }));
      return null;
    } catch (error) {
      const at = failedConditionAt(error);
      const conflict = hasReason(error, 'TransactionConflict');
      // Nothing was written: the entry is still owed by the request's next transaction.
      if (at >= 0 || !conflict || attempt >= CONFLICT_ATTEMPTS) settle(false);
      if (at >= named.length) throw new Error('The audit entry of this change could not be written: nothing was changed');
      if (at >= 0) return named[at]![0];
      if (hasReason(error, 'ThrottlingError')) throw new Busy('DynamoDB is throttling this write');
      if (!conflict) throw error;
      if (attempt >= CONFLICT_ATTEMPTS) throw new Busy('This write kept meeting others on the same items');
      await sleep(Math.random() * 10 * 2 ** attempt);
    }
  }
}

/**
 * A transaction that meets another one in flight on the same item is cancelled (TransactionConflict)
 * without writing anything, and the SDK does not retry it: tried again, it either goes through or
 * finds the other's write (a failed condition), as if the two had come one after the other. Still
 * meeting others after CONFLICT_ATTEMPTS (about 5 s of waits), or throttled by DynamoDB inside the
 * transaction, it is Busy: 503 with Retry-After, nothing written.
 */
const CONFLICT_ATTEMPTS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cancellationReasons = (error: unknown): { Code?: string }[] =>
  error instanceof Error && error.name === 'TransactionCanceledException'
    ? ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [])
    : [];

/** Which item of a cancelled transaction failed its condition (-1: none, or not a transaction). */
const failedConditionAt = (error: unknown): number =>
  cancellationReasons(error).findIndex((reason) => reason.Code === 'ConditionalCheckFailed');

const hasReason = (error: unknown, code: string): boolean => cancellationReasons(error).some((reason) => reason.Code === code);

/** A single conditional write found its condition false. */
export const isConditionFailure = (error: unknown): boolean => error instanceof Error && error.name === 'ConditionalCheckFailedException';
