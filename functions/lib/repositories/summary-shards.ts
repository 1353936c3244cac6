import { createHash } from 'node:crypto';
import { STATUSES } from '@shared/schemas/attendance';
import { tableName } from '../db';
import { attendanceSummaryPart, summaryOfGroupEntry, summaryPlaceAttributes } from '../entities/attendance-summary';
import type { TransactItem } from '../writes';
import {
  counterName,
  nameOf,
  SUMMARY_SHARDS,
  type CountedClassSession,
  type GroupSummary,
  type StatusCounts,
} from './attendance-summaries';

/*
 * The write side of the attendance summaries (attendance-summaries.ts): the UpdateItems that add a
 * mark or a correction to its shard in the class session's own transaction, and the rebuild's put of a shard.
 */

/** Students per item written at once: an UpdateExpression is at most 4 KB (about 36 characters per student at most). */
const STUDENTS_PER_WRITE = 80;

/** The shard that counts a class session: the same for its mark and every correction of it. */
export const shardOf = (classSessionId: string): number =>
  createHash('sha256').update(classSessionId).digest().readUInt32BE(0) % SUMMARY_SHARDS;

/** What one write adds to a shard: class sessions held, a date, and per student the change of each status count. */
interface ShardChange {
  held: number;
  date: string | null;
  students: { _id: string; name: string; enrollment: string; by: Partial<StatusCounts> }[];
}

/**
 * The UpdateItems that add `change` to the shard: one per STUDENTS_PER_WRITE students (the first
 * also adds the class session and its date). Each adds 1 to `version`, so the rebuild can put a shard
 * only if no write changed it since it was read.
 */
function shardWrites(session: Omit<CountedClassSession, 'expected' | 'statuses'>, change: ShardChange): TransactItem[] {
  const shard = shardOf(session._id);
  const at = new Date().toISOString();
  const chunks: ShardChange['students'][] = [];
  for (let from = 0; from < change.students.length || from === 0; from += STUDENTS_PER_WRITE) {
    chunks.push(change.students.slice(from, from + STUDENTS_PER_WRITE));
  }
  return chunks.map((students, part) => {
    // The item's place (entity, course, kind, group) and its place in gsi1, set by every write.
    const placed = Object.entries({ ...summaryPlaceAttributes(session), ...summaryOfGroupEntry({ ...session, shard, part }) });
    const names: Record<string, string> = { '#version': 'version', ...Object.fromEntries(placed.map(([name]) => [`#${name}`, name])) };
    const values: Record<string, unknown> = { ':one': 1, ...Object.fromEntries(placed.map(([name, value]) => [`:${name}`, value])) };
    const adds = ['#version :one'];
    const sets = placed.map(([name]) => `#${name} = :${name}`);
    if (part === 0 && change.held !== 0) {
      names['#held'] = 'held';
      values[':held'] = change.held;
      adds.push('#held :held');
    }
    if (part === 0 && change.date) {
      names['#dates'] = 'dates';
      values[':dates'] = new Set([change.date]);
      adds.push('#dates :dates');
    }
    const byValue = new Map<number, string>();
    students.forEach(({ _id, name, enrollment, by }, at36) => {
      const id = at36.toString(36);
      for (const status of STATUSES) {
        const delta = by[status];
        if (!delta) continue;
        if (!byValue.has(delta)) byValue.set(delta, `:d${byValue.size}`);
        names[`#${status[0]}${id}`] = counterName(_id, status);
        adds.push(`#${status[0]}${id} ${byValue.get(delta)}`);
      }
      names[`#n${id}`] = nameOf(_id);
      values[`:n${id}`] = { name, enrollment, at };
      sets.push(`#n${id} = :n${id}`);
    });
    for (const [delta, placeholder] of byValue) values[placeholder] = delta;
    return {
      Update: {
        TableName: tableName(),
        Key: attendanceSummaryPart({ ...session, shard, part }),
        UpdateExpression: `ADD ${adds.join(', ')} SET ${sets.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    };
  });
}

/** The writes that count a newly marked class session in its shard (unconditional: the class session's put decides). */
export function countClassSession(session: CountedClassSession): TransactItem[] {
  const students = session.expected.map((student) => ({ ...student, by: { [session.statuses[student._id] ?? 'absent']: 1 } }));
  return shardWrites(session, { held: 1, date: session.date, students });
}

/** The writes that move a corrected class session's counts: each changed student's old status taken out, the new one put in. */
export function recountCorrection(before: CountedClassSession, after: CountedClassSession): TransactItem[] {
  const delta = new Map<string, { _id: string; name: string; enrollment: string; by: Partial<StatusCounts> }>();
  const move = (session: CountedClassSession, sign: 1 | -1) => {
    for (const student of session.expected) {
      const status = session.statuses[student._id] ?? 'absent';
      const own = delta.get(student._id) ?? { ...student, by: {} };
      own.by[status] = (own.by[status] ?? 0) + sign;
      if (sign === 1) Object.assign(own, { name: student.name, enrollment: student.enrollment });
      delta.set(student._id, own);
    }
  };
  move(before, -1);
  move(after, 1);
  const students = [...delta.values()].filter(({ by }) => Object.values(by).some((count) => count !== 0));
  if (students.length === 0) return [];
  return shardWrites(after, { held: 0, date: null, students });
}
/** A shard's summary as one item (the rebuild's put), at `version`. */
export function shardItem(summary: GroupSummary, shard: number, version: number): Record<string, unknown> {
  const { held, first, last } = summary;
  const at = new Date().toISOString();
  const item: Record<string, unknown> = {
    ...attendanceSummaryPart({ ...summary, shard, part: 0 }),
    ...summaryOfGroupEntry({ ...summary, shard, part: 0 }),
    ...summaryPlaceAttributes(summary),
    held,
    version,
    dates: new Set([first, last].filter((date): date is string => date !== null)),
  };
  for (const [studentId, { name, enrollment, ...counts }] of Object.entries(summary.students)) {
    for (const status of STATUSES) if (counts[status]) item[counterName(studentId, status)] = counts[status];
    item[nameOf(studentId)] = { name, enrollment, at };
  }
  return item;
}
