import type { ClassKind } from '@shared/schemas/wire-names';
import { queryAll } from '../db';
import { IS_NEW, put, remove, transact } from '../writes';
import { allClassSessionsOfCourse, classSessionOf, type ClassSession, type StoredClassSession } from '../entities/class-session';
import { attendanceSummaryPart } from '../entities/attendance-summary';
import { counted, emptySummary, sumParts, summaryPartsOf, type GroupSummary, type SummaryItem } from './attendance-summaries';
import { shardItem, shardOf } from './summary-shards';
import { listChildren } from './structure';

/**
 * The check that the attendance summaries never drift (docs/data-model.md): every summary of a
 * course (its shards added up) recomputed from its class sessions and compared with the stored one;
 * and the rebuild that writes the recomputed ones (after a restore, or over class sessions an older release
 * stored without summaries). Used by `npm run summaries` (infra/summaries.ts) and by the tests.
 */
export interface SummaryDrift {
  courseid: string;
  classKind: ClassKind;
  groupid: string;
  stored: GroupSummary | null;
  computed: GroupSummary | null;
}

const placeKey = (place: { classKind: ClassKind; groupid: string }) => `${place.classKind}#${place.groupid}`;

/** The summaries a course's class sessions make, by kind and group (`byShard`: by kind, group and shard). */
export function summariesFromClassSessions(courseid: string, sessions: ClassSession[], byShard = false): Map<string, GroupSummary> {
  const computed = new Map<string, GroupSummary>();
  for (const session of sessions) {
    const key = byShard ? `${placeKey(session)}#${shardOf(session._id)}` : placeKey(session);
    computed.set(key, counted(computed.get(key) ?? emptySummary({ ...session, courseid }), session, 1));
  }
  return computed;
}

/** What a summary says, less the names (a student's latest name may come from any of their class sessions). */
function countsOnly(summary: GroupSummary | undefined): string {
  if (!summary) return 'none';
  const students = Object.entries(summary.students)
    .map(([id, { present, late, absent, excused }]) => [id, present, late, absent, excused] as const)
    .filter(([, ...counts]) => counts.some((count) => count !== 0))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  if (summary.held === 0 && students.length === 0) return 'none';
  return JSON.stringify([summary.held, summary.first, summary.last, students]);
}

async function storedAndComputed(courseid: string) {
  // Read the summaries first: a mark after this read changes a shard's version, and a rebuild's write then fails its condition.
  const parts = await summaryPartsOf(courseid);
  const stored = new Map(sumParts(parts).map((summary) => [placeKey(summary), summary]));
  const sessions = (await queryAll<StoredClassSession>(allClassSessionsOfCourse(courseid), { ConsistentRead: true })).map(classSessionOf);
  const computed = summariesFromClassSessions(courseid, sessions);
  // A shard part written before parts carried their place in gsi1 is rewritten too: a student's Home finds it only there.
  const unindexed = new Set(parts.filter((part) => part.students === undefined && part.gsi1pk === undefined).map(placeKey));
  const drifted = [...new Set([...stored.keys(), ...computed.keys()])].filter(
    (key) => countsOnly(stored.get(key)) !== countsOnly(computed.get(key)) || unindexed.has(key),
  );
  return { parts, stored, computed, sessions, drifted };
}

/** The summaries of a course that differ from its class sessions. */
export async function checkCourse(courseid: string): Promise<SummaryDrift[]> {
  const { stored, computed, drifted } = await storedAndComputed(courseid);
  return drifted.map((key) => {
    const one = (stored.get(key) ?? computed.get(key))!;
    return {
      courseid,
      classKind: one.classKind,
      groupid: one.groupid,
      stored: stored.get(key) ?? null,
      computed: computed.get(key) ?? null,
    };
  });
}

/** The condition that `part` (undefined: none) is still as read, and its values. */
const stillAsRead = (part: SummaryItem | undefined): [string, Record<string, unknown>?] =>
  !part ? [IS_NEW] : part.version === undefined ? ['attribute_not_exists(version)'] : ['version = :read', { ':read': part.version }];

/**
 * Rewrites the summaries of a course that differ from its class sessions, one transaction per group: its
 * shards put as recounted, every other part of it (further parts, the item from before shards)
 * deleted, each only if no mark or correction changed it since it was read (else the course is
 * read again); answers how many.
 */
export async function rebuildCourse(courseid: string): Promise<number> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const { parts, sessions, drifted } = await storedAndComputed(courseid);
    const shards = summariesFromClassSessions(courseid, sessions, true);
    let raced = false;
    for (const key of drifted) {
      const ofGroup = new Map(parts.filter((part) => placeKey(part) === key).map((part) => [part.sk, part]));
      const writes = [...shards]
        .filter(([shardKey]) => shardKey.startsWith(`${key}#`))
        .map(([shardKey, summary]) => {
          const shard = Number(shardKey.slice(key.length + 1));
          const before = ofGroup.get(attendanceSummaryPart({ ...summary, shard, part: 0 }).sk);
          if (before) ofGroup.delete(before.sk);
          return put(shardItem(summary, shard, (before?.version ?? 0) + 1), ...stillAsRead(before));
        });
      const deletes = [...ofGroup.values()].map((part) => remove({ pk: part.pk, sk: part.sk }, ...stillAsRead(part)));
      if ((await transact({ summary: [...writes, ...deletes] })) !== null) raced = true;
    }
    if (!raced) return drifted.length;
  }
  throw new Error(`The summaries of course ${courseid} kept changing while rebuilding them; run it again`);
}

/** Every course of every term (a Query per term and per semester, never the whole table). */
export async function allCourseIds(): Promise<string[]> {
  const ids: string[] = [];
  for (const term of await listChildren('term')) {
    for (const semester of await listChildren('semester', term._id)) {
      ids.push(...(await listChildren('course', semester._id)).map((course) => course._id));
    }
  }
  return ids;
}

/** The drift of every course's summaries. */
export async function checkAll(): Promise<SummaryDrift[]> {
  const drift: SummaryDrift[] = [];
  for (const courseid of await allCourseIds()) drift.push(...(await checkCourse(courseid)));
  return drift;
}
