import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, tableName } from '../db';
import { summariesOfCourse } from '../entities/attendance-summary';
import { auditEntriesBy } from '../entities/audit';
import { allClassSessionsOfCourse, allHistoryOfCourse } from '../entities/class-session';
import type { Key } from '../keys';
import { nameOf } from '../repositories/attendance-summaries';
import { listChildren, type StructureItem } from '../repositories/structure';
import { isConditionFailure } from '../writes';

/** What an erased student is called where their marks stay (docs/product.md §2.21). */
export const ERASED = { name: 'Erased student', enrollment: 'ERASED' } as const;

/** Every course of the college (each term's semesters'): where a student's marks may be, whatever terms they were in. */
export async function everyCourse(): Promise<StructureItem[]> {
  const semesters = (await Promise.all((await listChildren('term')).map((term) => listChildren('semester', term._id)))).flat();
  return (await Promise.all(semesters.map((semester) => listChildren('course', semester._id)))).flat();
}

interface Named {
  _id: string;
  name: string;
  enrollment: string;
}

/**
 * Replaces the student's name and enrollment, kept with their marks, by ERASED's: in each class session that expected
 * them, each history entry that lists them and each summary that counts them; their id and statuses stay, so every
 * count and percentage is as it was. One Query of a course's summaries tells whether it has any of theirs (read only
 * where it has). How many items it changed.
 */
export async function scrubMarks(id: string, courses: string[]): Promise<number> {
  let changed = 0;
  for (const courseid of courses) {
    const summaries = await queryAll<Key & Record<string, unknown>>(summariesOfCourse(courseid), {
      ProjectionExpression: 'pk, sk, #n, students.#id',
      ExpressionAttributeNames: { '#n': nameOf(id), '#id': id },
    });
    const counted = summaries.filter((item) => item[nameOf(id)] || (item.students as Record<string, unknown> | undefined)?.[id]);
    if (!counted.length) continue;
    for (const item of counted) {
      const shard = Boolean(item[nameOf(id)]);
      const path = shard ? '#n' : 'students.#id';
      changed += await scrubAt(item, `${path}.#name = :name, ${path}.enrollment = :enrollment`, `attribute_exists(${path})`, {
        ...(shard ? { '#n': nameOf(id) } : { '#id': id }),
      });
    }
    const [sessions, history] = await Promise.all([
      queryAll<Key & { expected?: Named[] }>(allClassSessionsOfCourse(courseid), { ProjectionExpression: 'pk, sk, expected' }),
      queryAll<Key & { changes?: Named[] }>(allHistoryOfCourse(courseid), { ProjectionExpression: 'pk, sk, changes' }),
    ]);
    for (const [items, list] of [
      [sessions, 'expected'],
      [history, 'changes'],
    ] as const) {
      for (const item of items) {
        const at = (item as unknown as Record<string, Named[] | undefined>)[list]?.findIndex((student) => student._id === id) ?? -1;
        if (at < 0) continue;
        const path = `${list}[${at}]`;
        changed += await scrubAt(
          item,
          `${path}.#name = :name, ${path}.enrollment = :enrollment`,
          `${path}.#sid = :sid`,
          { '#sid': '_id' },
          { ':sid': id },
        );
      }
    }
  }
  return changed;
}

/**
 * The audit trail's entries by the student name them as ERASED (their id stays: who did what is still answered).
 * How many entries it changed.
 */
export async function scrubTrail(id: string): Promise<number> {
  const entries = await queryAll<Key>(auditEntriesBy(id, '0', '~'), { ProjectionExpression: 'pk, sk' });
  let changed = 0;
  for (const entry of entries) changed += await scrubAt(entry, '#by.username = :name', 'attribute_exists(#by)', { '#by': 'by' });
  return changed;
}

/** One item's SET of the erased name and enrollment, while `condition` holds (1), or 0. */
async function scrubAt(
  { pk, sk }: Key,
  sets: string,
  condition: string,
  names: Record<string, string>,
  values: Record<string, string> = {},
): Promise<number> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk, sk },
        UpdateExpression: `SET ${sets}`,
        ConditionExpression: condition,
        // Only the placeholders used: DynamoDB refuses others.
        ExpressionAttributeNames: { ...(sets.includes('#name') ? { '#name': 'name' } : {}), ...names },
        ExpressionAttributeValues: {
          ':name': ERASED.name,
          ...(sets.includes(':enrollment') ? { ':enrollment': ERASED.enrollment } : {}),
          ...values,
        },
      }),
    );
    return 1;
  } catch (error) {
    if (isConditionFailure(error)) return 0;
    throw error;
  }
}
