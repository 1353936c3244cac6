import type { ClassKind } from '@shared/schemas/wire-names';
import { allOnIndex, beginsWith, between, type Key, type KeyCondition } from '../keys';
import { STORED_KIND, storedKind, withClassKind, type WithStoredKind } from './stored-kind';

/**
 * Attendance summaries as stored (docs/data-model.md; functions/lib/repositories/attendance-summaries.ts reads
 * them): per course, kind and group, in the course's partition beside its class sessions (outside ATT#, so class
 * session Queries never see them). Their keys, their stored shape (the kind by its code: stored-kind.ts) and the
 * converters are here.
 */
export interface SummaryPlace {
  courseid: string;
  classKind: ClassKind;
  groupid: string;
}

type SummaryPart = SummaryPlace & { shard: number; part: number };

const sortKey = (s: SummaryPlace) => `SUM#${storedKind(s.classKind)}#${s.groupid}`;

/** A group's summary in an older release's unsharded shape: one item, read as one more part of the group, never written again. */
export const attendanceSummary = (s: SummaryPlace): Key => ({ pk: `COURSE#${s.courseid}`, sk: sortKey(s) });
/** One part of a group's summary: its shard, and the part of the shard's students one write holds (`part`). */
export const attendanceSummaryPart = (s: SummaryPart): Key => ({
  pk: `COURSE#${s.courseid}`,
  sk: `${sortKey(s)}#${s.shard}#${s.part}`,
});
/** A summary part's place among its group's summaries of every course (gsi1): a student's Home reads each of their groups in one Query. */
export const summaryOfGroupEntry = (s: SummaryPart) => ({
  gsi1pk: `GROUPSUM#${s.groupid}`,
  gsi1sk: `${s.courseid}#${storedKind(s.classKind)}#${s.shard}#${s.part}`,
});
/** A group's summary parts of every course and kind (gsi1). */
export const summariesOfGroupInEveryCourse = (groupid: string): KeyCondition => allOnIndex(`GROUPSUM#${groupid}`);
/** Every part of one group's summary (the unsharded item too); a group id never holds '#' or sorts its parts elsewhere. */
export const summaryOfGroup = (s: SummaryPlace): KeyCondition => between(`COURSE#${s.courseid}`, sortKey(s), `${sortKey(s)}#~`);
/** The summaries of a course: every kind and group, or of one kind. */
export const summariesOfCourse = (courseid: string, kind?: ClassKind): KeyCondition =>
  beginsWith(`COURSE#${courseid}`, kind === undefined ? 'SUM#' : `SUM#${storedKind(kind)}#`);

/** What a summary item holds beside its place: a shard's part (flat counters), or the one item of a group stored before shards. */
interface PartFields {
  version?: number;
  held?: number;
  /** Before shards. */
  first?: string | null;
  last?: string | null;
  students?: Record<string, { name: string; enrollment: string; present: number; late: number; absent: number; excused: number }>;
  /** A shard's dates. */
  dates?: Set<string>;
  gsi1pk?: string;
}

/** A summary item as stored: its place with the kind by its code. */
export type StoredSummaryPart = Key & WithStoredKind<SummaryPlace> & PartFields & Record<string, unknown>;
/** A summary item as read: its place with the kind by name. */
export type SummaryItem = Key & SummaryPlace & PartFields & Record<string, unknown>;

/** A stored summary item with its kind by name. */
export function summaryItemOf(item: StoredSummaryPart): SummaryItem {
  return withClassKind(item) as SummaryItem;
}

/** The attributes that name a summary item's place, as stored: the entity, the course, the kind's code and the group. */
export const summaryPlaceAttributes = (place: SummaryPlace) => ({
  entity: 'attendanceSummary',
  courseid: place.courseid,
  [STORED_KIND]: storedKind(place.classKind),
  groupid: place.groupid,
});
