import { createHash } from 'node:crypto';
import { STATUSES, type AttendanceStatus } from '@shared/schemas/attendance';
import { batchDelete } from '../batch';
import { queryAll, tableName } from '../db';
import * as keys from '../keys';
import type { TransactItem } from '../writes';

/**
 * Attendance summaries (docs/data-model.md): per course, kind and group — the group a session is
 * marked for — how many sessions the group had (`held`), the first and last of their dates, and
 * per student expected at any of them the count of each status (with the name and enrollment of
 * their latest write, for students deleted since). A student's summary for a course and kind is
 * the sum over the groups they were in, so a move changes nothing here.
 *
 * A group's summary is stored in SUMMARY_SHARDS shards, the shard chosen by the session's id, each
 * written by an UpdateItem that adds to flat counters (`ADD`: no read, no version to race on) in
 * the same transaction as the session it counts, whose condition alone decides: nothing is counted
 * twice or lost, and writers of one group seldom meet on one item. Reads sum the parts of a group
 * (and the one item stored before shards, if any). It goes with its course, after the sessions.
 */
export type StatusCounts = Record<AttendanceStatus, number>;

export interface StudentSummary extends StatusCounts {
  name: string;
  enrollment: string;
}

export interface GroupSummary {
  courseid: string;
  slotcount: 1 | 2;
  groupid: string;
  held: number;
  /** The dates of the group's first and last session; null before any. */
  first: string | null;
  last: string | null;
  students: Record<string, StudentSummary>;
}

/** What a summary counts of a session. */
export interface CountedSession {
  _id: string;
  courseid: string;
  slotcount: 1 | 2;
  groupid: string;
  date: string;
  expected: { _id: string; name: string; enrollment: string }[];
  statuses: Record<string, AttendanceStatus>;
}

/** How many items a group's summary is spread over: writers of one group meet on one item 1 time in 4; reports read them all (docs/decisions.md). */
export const SUMMARY_SHARDS = 4;
/** Students per item written at once: an UpdateExpression is at most 4 KB (about 36 characters per student at most). */
const STUDENTS_PER_WRITE = 80;

/** The shard that counts a session: the same for its mark and every correction of it. */
export const shardOf = (sessionId: string): number => createHash('sha256').update(sessionId).digest().readUInt32BE(0) % SUMMARY_SHARDS;

export const noCounts = (): StatusCounts => ({ present: 0, late: 0, absent: 0, excused: 0 });

export const emptySummary = (place: { courseid: string; slotcount: 1 | 2; groupid: string }): GroupSummary => ({
  courseid: place.courseid,
  slotcount: place.slotcount,
  groupid: place.groupid,
  held: 0,
  first: null,
  last: null,
  students: {},
});

/**
 * The summary with `session` counted once more (`sign` 1) or once less (-1). A correction is the
 * session before taken out and the session after put in. Pure: the recount of the check.
 */
export function counted(summary: GroupSummary, session: Omit<CountedSession, '_id'>, sign: 1 | -1): GroupSummary {
  const students = { ...summary.students };
  for (const { _id, name, enrollment } of session.expected) {
    const status = session.statuses[_id] ?? 'absent';
    const own = { ...noCounts(), ...students[_id], name, enrollment };
    own[status] += sign;
    students[_id] = own;
  }
  const dates = sign === 1 ? [summary.first, summary.last, session.date].filter((date): date is string => date !== null).sort() : [];
  return {
    ...summary,
    held: summary.held + sign,
    first: sign === 1 ? dates[0]! : summary.first,
    last: sign === 1 ? dates[dates.length - 1]! : summary.last,
    students,
  };
}

/** What one write adds to a shard: sessions, a date, and per student the change of each status count. */
interface ShardChange {
  held: number;
  date: string | null;
  students: { _id: string; name: string; enrollment: string; by: Partial<StatusCounts> }[];
}

const counterName = (studentId: string, status: AttendanceStatus) => `c_${studentId}_${status}`;
const nameOf = (studentId: string) => `n_${studentId}`;

/**
 * The UpdateItems that add `change` to the shard: one per STUDENTS_PER_WRITE students (the first
 * also adds the session and its date). Each adds 1 to `version`, so the rebuild can put a shard
 * only if no write changed it since it was read.
 */
function shardWrites(session: Omit<CountedSession, 'expected' | 'statuses'>, change: ShardChange): TransactItem[] {
  const shard = shardOf(session._id);
  const at = new Date().toISOString();
  const chunks: ShardChange['students'][] = [];
  for (let from = 0; from < change.students.length || from === 0; from += STUDENTS_PER_WRITE) {
    chunks.push(change.students.slice(from, from + STUDENTS_PER_WRITE));
  }
  return chunks.map((students, part) => {
    const names: Record<string, string> = {
      '#entity': 'entity',
      '#courseid': 'courseid',
      '#slotcount': 'slotcount',
      '#groupid': 'groupid',
      '#version': 'version',
    };
    const values: Record<string, unknown> = {
      ':entity': 'attendanceSummary',
      ':courseid': session.courseid,
      ':slotcount': session.slotcount,
      ':groupid': session.groupid,
      ':one': 1,
    };
    const adds = ['#version :one'];
    const sets = ['#entity = :entity', '#courseid = :courseid', '#slotcount = :slotcount', '#groupid = :groupid'];
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
        Key: keys.attendanceSummaryPart({ ...session, shard, part }),
        UpdateExpression: `ADD ${adds.join(', ')} SET ${sets.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    };
  });
}

/** The writes that count a newly marked session in its shard (unconditional: the session's put decides). */
export function countSession(session: CountedSession): TransactItem[] {
  const students = session.expected.map((student) => ({ ...student, by: { [session.statuses[student._id] ?? 'absent']: 1 } }));
  return shardWrites(session, { held: 1, date: session.date, students });
}

/** The writes that move a corrected session's counts: each changed student's old status taken out, the new one put in. */
export function recountCorrection(before: CountedSession, after: CountedSession): TransactItem[] {
  const delta = new Map<string, { _id: string; name: string; enrollment: string; by: Partial<StatusCounts> }>();
  const move = (session: CountedSession, sign: 1 | -1) => {
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

/** A summary item as stored: a shard's part (flat counters), or the one item of a group stored before shards. */
export type StoredPart = keys.Key & {
  courseid: string;
  slotcount: 1 | 2;
  groupid: string;
  version?: number;
  held?: number;
  /** Before shards. */
  first?: string | null;
  last?: string | null;
  students?: Record<string, StudentSummary>;
  /** A shard's dates. */
  dates?: Set<string>;
} & Record<string, unknown>;

const placeKey = (place: { slotcount: number; groupid: string }) => `${place.slotcount}#${place.groupid}`;

/** The parts of a course's summaries added up, one GroupSummary per kind and group; the name of each student's latest write. */
export function sumParts(parts: StoredPart[]): GroupSummary[] {
  const sums = new Map<string, GroupSummary>();
  const namedAt = new Map<string, string>();
  for (const part of parts) {
    const key = placeKey(part);
    const sum = sums.get(key) ?? emptySummary(part);
    sums.set(key, sum);
    sum.held += part.held ?? 0;
    const dates = [...(part.dates ?? []), part.first, part.last, sum.first, sum.last].filter((date): date is string => !!date).sort();
    [sum.first, sum.last] = dates.length ? [dates[0]!, dates[dates.length - 1]!] : [null, null];
    const add = (studentId: string, counts: Partial<StatusCounts>, named?: { name: string; enrollment: string; at: string }) => {
      const own = (sum.students[studentId] ??= { ...noCounts(), name: '', enrollment: '' });
      for (const status of STATUSES) own[status] += counts[status] ?? 0;
      const nameKey = `${key}#${studentId}`;
      if (named && named.at >= (namedAt.get(nameKey) ?? '')) {
        Object.assign(own, { name: named.name, enrollment: named.enrollment });
        namedAt.set(nameKey, named.at);
      }
    };
    for (const [studentId, { name, enrollment, ...counts }] of Object.entries(part.students ?? {})) {
      add(studentId, counts, { name, enrollment, at: '' });
    }
    for (const [attribute, value] of Object.entries(part)) {
      const counter = /^c_(.+)_([a-z]+)$/.exec(attribute);
      if (counter) add(counter[1]!, { [counter[2]!]: value as number });
      if (attribute.startsWith('n_')) add(attribute.slice(2), {}, value as { name: string; enrollment: string; at: string });
    }
  }
  return [...sums.values()];
}

/** A shard's summary as one item (the rebuild's put), at `version`. */
export function shardItem(summary: GroupSummary, shard: number, version: number): Record<string, unknown> {
  const { courseid, slotcount, groupid, held, first, last } = summary;
  const at = new Date().toISOString();
  const item: Record<string, unknown> = {
    ...keys.attendanceSummaryPart({ ...summary, shard, part: 0 }),
    ...{ entity: 'attendanceSummary', courseid, slotcount, groupid, held, version },
    dates: new Set([first, last].filter((date): date is string => date !== null)),
  };
  for (const [studentId, { name, enrollment, ...counts }] of Object.entries(summary.students)) {
    for (const status of STATUSES) if (counts[status]) item[counterName(studentId, status)] = counts[status];
    item[nameOf(studentId)] = { name, enrollment, at };
  }
  return item;
}

/** Every part of a course's summaries, or of one kind of it (one Query, paged; consistent). */
export async function summaryPartsOf(courseid: string, kind?: 1 | 2): Promise<StoredPart[]> {
  return queryAll<StoredPart>(keys.summariesOfCourse(courseid, kind), { ConsistentRead: true });
}

/** Every summary of a course, or of one kind of it, its parts added up (one Query, paged; consistent). */
export async function summariesOf(courseid: string, kind?: 1 | 2): Promise<GroupSummary[]> {
  return sumParts(await summaryPartsOf(courseid, kind));
}

/** The summary of one course, kind and group (one consistent Query of its parts); an empty one when none is stored. */
export async function getSummary(place: { courseid: string; slotcount: 1 | 2; groupid: string }): Promise<GroupSummary> {
  const parts = await queryAll<StoredPart>(keys.summaryOfGroup(place), { ConsistentRead: true });
  return sumParts(parts)[0] ?? emptySummary(place);
}

/** Deletes every summary of a course (its delete cascades here, after the sessions). */
export async function deleteSummariesOfCourse(courseid: string): Promise<void> {
  const items = await queryAll<keys.Key>(keys.summariesOfCourse(courseid), { ProjectionExpression: 'pk, sk', ConsistentRead: true });
  await batchDelete(items.map(({ pk, sk }) => ({ pk, sk })));
}
