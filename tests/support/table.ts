import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@functions/lib/db';
import { namesId } from '@functions/lib/keys';

/** Every item of this test file's table (tests only: request paths never Scan). */
export async function allItems(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** The audit trail's items: its entries and their pointers from the people they concern. */
const isAudit = (item: Record<string, unknown>) => item.entity === 'auditEntry' || item.entity === 'auditSubject';

/** Items whose keys or attributes name any of these ids; not the audit trail, which outlives what it names by design. */
export async function itemsMentioning(ids: string[]): Promise<Record<string, unknown>[]> {
  return (await allItems()).filter(
    (item) => !isAudit(item) && Object.values(item).some((value) => typeof value === 'string' && ids.some((id) => namesId(value, id))),
  );
}

/** How many items there are of each entity ('student', 'enrollment', 'studentEntry', …), the audit trail's apart. */
export async function countByEntity(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const item of (await allItems()).filter((one) => !isAudit(one))) {
    const entity = String(item.entity);
    counts[entity] = (counts[entity] ?? 0) + 1;
  }
  return counts;
}
