import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { PutCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { UserRef } from '@shared/schemas/attendance';
import { db, tableName } from '../db';
import { AUDIT_DAYS, auditEntry, auditIndexOf, auditSubject, isAuditKey } from '../entities/audit';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/*
 * The audit trail's entry of one request (docs/product.md §2.19). A write route runs inside an audit scope: the
 * first transaction it writes carries the entry (functions/lib/writes.ts), so the change and its entry are stored
 * together or not at all; a write outside a transaction is preceded by the entry (./guard.ts), and not sent when
 * the entry cannot be written. A read of a person's data writes its entry before the answer goes out.
 */

export interface AuditDraft {
  by: UserRef & { role: string };
  /** The route: 'PATCH /attendance/{id}'. */
  action: string;
  /** The path's parameters: the record the route addresses. */
  params: Record<string, string>;
  /** The people whose data it is, when the request names them (a correction's students, a record's student). */
  subjects: string[];
  requestId: string;
  ip?: string;
  userAgent?: string;
}

interface Scope {
  draft: AuditDraft;
  /** The entry is in the table (or in the transaction being written). */
  written: boolean;
}

const scopes = new AsyncLocalStorage<Scope>();

/** Runs `work` as the request of `draft`: its first transaction carries the entry. Whether one was written. */
export async function audited<T>(draft: AuditDraft, work: () => Promise<T>): Promise<{ result: T; written: boolean }> {
  const scope: Scope = { draft, written: false };
  const result = await scopes.run(scope, work);
  return { result, written: scope.written };
}

/**
 * Writes the entry of the request running now, if it still owes one, before a write outside a transaction
 * (./guard.ts) whose records are `records`. Throws, and the write is not sent, when the entry cannot be written.
 */
export async function entryBefore(records: string[]): Promise<void> {
  const scope = scopes.getStore();
  if (!scope || scope.written) return;
  scope.written = true;
  try {
    await putEntry(entryItems(scope.draft, records));
  } catch (error) {
    scope.written = false;
    throw error;
  }
}

/** A written item's key as the entry lists it: 'STUDENT#… PROFILE'. */
export const recordOf = (key: { pk?: unknown; sk?: unknown }): string => `${String(key.pk)} ${String(key.sk)}`;

const keyText = (item: TransactItem): string | null => {
  const key = item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key;
  return key && !isAuditKey(String(key.pk)) ? recordOf(key) : null;
};

/** DynamoDB's most items in one transaction. */
const MAX_TRANSACTION_ITEMS = 100;

/**
 * The transaction's items with the entry added last, when the request owes one: its records are the items the
 * transaction writes. `settle(false)` when nothing was written: the entry is owed again. A transaction already
 * full (a change of term moves 33 students in 100 items) is preceded by the entry instead.
 */
export async function withEntry(items: TransactItem[]): Promise<{ items: TransactItem[]; settle: (written: false) => void }> {
  const scope = scopes.getStore();
  if (!scope || scope.written) return { items, settle: () => {} };
  const records = [...new Set(items.flatMap((item) => keyText(item) ?? []))];
  const entries = entryItems(scope.draft, records);
  if (items.length + entries.length > MAX_TRANSACTION_ITEMS) {
    await entryBefore(records);
    return { items, settle: () => {} };
  }
  scope.written = true;
  return {
    items: [...items, ...entries.map((Item): TransactItem => ({ Put: { TableName: tableName(), Item, ConditionExpression: NEW } }))],
    settle: () => {
      scope.written = false;
    },
  };
}

/** Writes the entry of a read of a person's data (no transaction: a read changes nothing). */
export const auditRead = (draft: AuditDraft): Promise<void> => putEntry(entryItems(draft, []));

const NEW = 'attribute_not_exists(pk)';

/** The entry with its pointers, in one transaction (or several, a hundred items each, the entry in the first). */
async function putEntry(items: Record<string, unknown>[]): Promise<void> {
  if (items.length === 1) {
    await db.send(new PutCommand({ TableName: tableName(), Item: items[0], ConditionExpression: NEW }));
    return;
  }
  for (let start = 0; start < items.length; start += MAX_TRANSACTION_ITEMS) {
    const chunk = items.slice(start, start + MAX_TRANSACTION_ITEMS);
    await db.send(
      new TransactWriteCommand({
        TransactItems: chunk.map((Item) => ({ Put: { TableName: tableName(), Item, ConditionExpression: NEW } })),
      }),
    );
  }
}

/** An entry names at most this many records (a cascade's batches write thousands): the rest are counted. */
const MAX_RECORDS = 50;

/** The entry, and a pointer to it from each person it concerns (entities/audit.ts auditSubject). */
function entryItems(draft: AuditDraft, records: string[]): Record<string, unknown>[] {
  const at = new Date().toISOString();
  const _id = randomUUID();
  const expiresAt = Math.floor(Date.parse(at) / 1000) + AUDIT_DAYS * 86_400;
  const entry = {
    ...auditEntry(at, _id),
    ...auditIndexOf(draft.by._id, at),
    entity: 'auditEntry',
    _id,
    at,
    ...draft,
    records: records.slice(0, MAX_RECORDS),
    ...(records.length > MAX_RECORDS ? { moreRecords: records.length - MAX_RECORDS } : {}),
    expiresAt,
  };
  const pointers = [...new Set(draft.subjects)].map((subject) => ({
    ...auditSubject(subject, at, _id),
    entity: 'auditSubject',
    entry: auditEntry(at, _id),
    expiresAt,
  }));
  return [entry, ...pointers];
}
