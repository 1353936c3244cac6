import { db } from '../db';
import { isAuditKey } from '../entities/audit';
import { isLoginSessionKey } from '../entities/login-session';
import { entryBefore, recordOf } from './scope';

/*
 * No change without its audit entry (docs/security.md): inside a write route that has not yet written its entry,
 * a write outside a transaction (functions/lib/writes.ts `transact` carries the entry in the transaction) is
 * preceded by the entry, and not sent if the entry cannot be written. Not a change of anyone's data, so no entry:
 * the audit trail's own items, and a login session's bookkeeping (its last use; sign-out is not an audited route).
 */

/** The DynamoDB client's names of the document client's single writes, as the middleware sees them. */
const SINGLE_WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand']);

type Attribute = string | { S?: string } | undefined;
const text = (value: Attribute): string => (typeof value === 'string' ? value : (value?.S ?? ''));

function keysOf(commandName: string, input: Record<string, unknown>): { pk: string; sk: string }[] {
  if (commandName === 'BatchWriteItemCommand') {
    const requests = Object.values(
      (input.RequestItems ?? {}) as Record<string, Record<string, Record<string, Record<string, Attribute>>>[]>,
    );
    return requests.flat().map((request) => {
      const key = request.PutRequest?.Item ?? request.DeleteRequest?.Key ?? {};
      return { pk: text(key.pk), sk: text(key.sk) };
    });
  }
  const key = (input.Item ?? input.Key ?? {}) as Record<string, Attribute>;
  return [{ pk: text(key.pk), sk: text(key.sk) }];
}

/** A login session's last use is bookkeeping; ending a session (signing a device out) is a change someone asked for. */
const bookkeeping = (name: string, key: { pk: string; sk: string }) =>
  isAuditKey(key.pk) || (name === 'UpdateItemCommand' && isLoginSessionKey(key));

/** Installed once by every resource (functions/lib/http/resource.ts). */
export function installAuditGuard(): void {
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const name = context.commandName ?? '';
      const keys = SINGLE_WRITES.has(name)
        ? keysOf(name, args.input as Record<string, unknown>).filter((key) => !bookkeeping(name, key))
        : [];
      if (keys.length) await entryBefore(keys.map(recordOf));
      return next(args);
    },
    { step: 'initialize', name: 'samsAuditGuard', override: true },
  );
}
