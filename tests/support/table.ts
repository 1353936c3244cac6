import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@functions/lib/db';

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

/** Items whose keys or attributes mention any of these ids. */
export async function itemsMentioning(ids: string[]): Promise<Record<string, unknown>[]> {
  const wanted = new Set(ids);
  return (await allItems()).filter((item) =>
    Object.values(item).some((value) => typeof value === 'string' && [...wanted].some((id) => value === id || value.includes(`#${id}`))),
  );
}

/** How many items there are per key prefix ('STU', 'ENROLL', 'BATCH', …). */
export async function countByPrefix(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const item of await allItems()) {
    const prefix = String(item.pk).split('#')[0]!;
    counts[prefix] = (counts[prefix] ?? 0) + 1;
  }
  return counts;
}
