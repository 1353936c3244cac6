import { STATUSES, type AttendanceStatus } from '@shared/schemas/attendance';
import type { ClassKind } from '@shared/schemas/wire-names';
import { batchDelete } from '../batch';
import { queryAll } from '../db';
import type { Key } from '../keys';
import {
  summariesOfCourse,
  summariesOfGroupInEveryCourse,
  summaryItemOf,
  summaryOfGroup,
  type StoredSummaryPart,
  type SummaryItem,
  type SummaryPlace,
} from '../entities/attendance-summary';
import { STORED_KIND } from '../entities/stored-kind';

/**
 * Attendance summaries (docs/data-model.md): per course, kind and group — the group a class session
 * is marked for — how many class sessions the group had (`held`), the first and last of their dates, and
 * per student expected at any of them the count of each status (with the name and enrollment of
 * their latest write, for students deleted since). A student's summary for a course and kind is
 * the sum over the groups they were in, so a move changes nothing here.
 *
 * A group's summary is stored in SUMMARY_SHARDS shards, the shard chosen by the class session's id, each
 * written by an UpdateItem that adds to flat counters (`ADD`: no read, no version to race on) in
 * the same transaction as the class session it counts, whose condition alone decides: nothing is counted
 * twice or lost, and writers of one group seldom meet on one item. Reads sum the parts of a group
 * (and the one unsharded item an older release stored, if any). It goes with its course, after the class sessions.
 * How they are stored: functions/lib/entities/attendance-summary.ts.
 */
export type StatusCounts = Record<AttendanceStatus, number>;

export interface StudentSummary extends StatusCounts {
  name: string;
  enrollment: string;
}

export interface GroupSummary extends SummaryPlace {
  held: number;
  /** The dates of the group's first and last class session; null before any. */
  first: string | null;
  last: string | null;
  students: Record<string, StudentSummary>;
}

/** What a summary counts of a class session. */
export interface CountedClassSession {
  _id: string;
  courseid: string;
  classKind: ClassKind;
  groupid: string;
  date: string;
  expected: { _id: string; name: string; enrollment: string }[];
  statuses: Record<string, AttendanceStatus>;
}

/** How many items a group's summary is spread over: writers of one group meet on one item 1 time in 4; reports read them all (docs/decisions.md). */
export const SUMMARY_SHARDS = 4;
export const noCounts = (): StatusCounts => ({ present: 0, late: 0, absent: 0, excused: 0 });

export const emptySummary = (place: SummaryPlace): GroupSummary => ({
  courseid: place.courseid,
  classKind: place.classKind,
  groupid: place.groupid,
  held: 0,
  first: null,
  last: null,
  students: {},
});

/**
 * The summary with `session` (a class session) counted once more (`sign` 1) or once less (-1). A
 * correction is the class session before taken out and the one after put in. Pure: the recount of the check.
 */
export function counted(summary: GroupSummary, session: Omit<CountedClassSession, '_id'>, sign: 1 | -1): GroupSummary {
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

/** A shard's flat attributes: a student's count of a status, and their name as last written. */
export const counterName = (studentId: string, status: AttendanceStatus) => `c_${studentId}_${status}`;
export const nameOf = (studentId: string) => `n_${studentId}`;

/** A summary item as read: a shard's part (flat counters), or the one item of a group stored before shards. */
export type { SummaryItem };

const placeKey = (place: { classKind: ClassKind; groupid: string }) => `${place.classKind}#${place.groupid}`;

/** The parts of a course's summaries added up, one GroupSummary per kind and group; the name of each student's latest write. */
export function sumParts(parts: SummaryItem[]): GroupSummary[] {
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

/** Every part of a course's summaries, or of one kind of it (one Query, paged; consistent). */
export async function summaryPartsOf(courseid: string, kind?: ClassKind): Promise<SummaryItem[]> {
  return (await queryAll<StoredSummaryPart>(summariesOfCourse(courseid, kind), { ConsistentRead: true })).map(summaryItemOf);
}

/** Every summary of a course, or of one kind of it, its parts added up (one Query, paged; consistent). */
export async function summariesOf(courseid: string, kind?: ClassKind): Promise<GroupSummary[]> {
  return sumParts(await summaryPartsOf(courseid, kind));
}

/**
 * One student's counts per course and kind, from the summaries of their groups in every course (gsi1:
 * their division's, their batch's, and those of any group they were in earlier this semester): one Query
 * per group, reading back only that student's counters, so a student's own page costs the same however
 * many courses, classmates and class sessions there are. The index is eventually consistent: a mark
 * of the last second may show a moment later.
 */
export async function countsOfStudent(student: {
  _id: string;
  divisionid: string;
  batchid: string;
  earlierGroups?: string[];
}): Promise<Map<string, StatusCounts>> {
  const groups = [student.divisionid, student.batchid, ...(student.earlierGroups ?? [])];
  const counters = STATUSES.map((status, at) => [`#c${at}`, counterName(student._id, status)] as const);
  const read = {
    ProjectionExpression: ['pk', 'sk', 'courseid', STORED_KIND, 'groupid', 'students.#student', ...counters.map(([name]) => name)].join(
      ', ',
    ),
    ExpressionAttributeNames: { '#student': student._id, ...Object.fromEntries(counters) },
  };
  const parts = await Promise.all(groups.map((groupid) => queryAll<StoredSummaryPart>(summariesOfGroupInEveryCourse(groupid), read)));
  const counts = new Map<string, StatusCounts>();
  for (const summary of sumParts(parts.flat().map(summaryItemOf))) {
    const own = summary.students[student._id];
    if (!own) continue;
    const key = `${summary.courseid}#${summary.classKind}`;
    const sum = counts.get(key) ?? noCounts();
    for (const status of STATUSES) sum[status] += own[status];
    counts.set(key, sum);
  }
  return counts;
}

/** The summary of one course, kind and group (one consistent Query of its parts); an empty one when none is stored. */
export async function getSummary(place: SummaryPlace): Promise<GroupSummary> {
  const parts = await queryAll<StoredSummaryPart>(summaryOfGroup(place), { ConsistentRead: true });
  return sumParts(parts.map(summaryItemOf))[0] ?? emptySummary(place);
}

/** Deletes every summary of a course (its delete cascades here, after the class sessions). */
export async function deleteSummariesOfCourse(courseid: string): Promise<void> {
  const items = await queryAll<Key>(summariesOfCourse(courseid), { ProjectionExpression: 'pk, sk', ConsistentRead: true });
  await batchDelete(items.map(({ pk, sk }) => ({ pk, sk })));
}
