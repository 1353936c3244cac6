import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  TIMETABLE_MESSAGES as M,
  type TimetableEntry,
  type TimetableEntryChange,
  type TimetableEntryInput,
  type TimetableQuery,
} from '@shared/schemas/timetable';
import { countAll, db, queryAll, tableName } from '../db';
import { Conflict, Invalid, NotFound } from '../domain-errors';
import type { ClassKind } from '@shared/schemas/wire-names';
import {
  allClassesOfFaculty,
  classesOfFaculty,
  divisionLabs,
  facultyClass,
  type StoredTimetableEntry,
  timetableEntry,
  type TimetableItem,
  timetableItemOf,
  timetableOfTerm,
} from '../entities/timetable-entry';
import { STORED_KIND, storedKind } from '../entities/stored-kind';
import { userProfile } from '../entities/user';
import { clashMessageFor, type Clash } from '../timetable/clash';
import { labsAttribute, placeWrites } from '../timetable/places';
import { validatedEntry } from '../timetable/validation';
import { add, check, EXISTS, remove, transact } from '../writes';
import { entryPlaceOfId } from '../item-ids';
import { naturalKey } from '../natural-key';
import { listChildren } from './structure';

/**
 * The weekly timetable (docs/data-model.md). An entry is written three times, in one transaction:
 * the entry in its term's partition (timetableEntry: taken once per group, weekday and slot),
 * its copy in the faculty member's partition (facultyClass: taken once per faculty member,
 * weekday and slot; their Today is one Query), and for a lab one more in its division's count of
 * labs at that weekday and slot (divisionLabs): a lecture may not share a slot with a lab of
 * one of its division's batches, either way round. A class of odd or even weeks has places of its own,
 * taken only while those of the weeks it shares are free (functions/lib/timetable/places.ts).
 */
export type { TimetableItem };

/** What clients see of a stored entry (or its copy): never the keys, nor the slot name key older releases stored. */
export const entryOf = (item: TimetableItem): TimetableEntry => {
  const { _id, termid, weekday, slotid, courseid, classKind, groupid, facultyid, semid, divisionid, faculty, weeks } = item;
  return { _id, termid, weekday, slotid, courseid, classKind, groupid, facultyid, ...(weeks ? { weeks } : {}), semid, divisionid, faculty };
};

const labsOf = (item: TimetableItem) => divisionLabs(item);

/**
 * Adds an entry after checking that everything it names exists and fits (Invalid otherwise);
 * Conflict when the group, its division (for a lab) or one of its batches (for a lecture), or the
 * faculty member is already taken at that weekday and slot in a week the entry meets
 * (functions/lib/timetable/places.ts).
 */
export async function createTimetableEntry(input: TimetableEntryInput): Promise<TimetableEntry> {
  const item = await validatedEntry(input);
  const failed = await transact({
    // The faculty member's delete removes their entries after the profile: none may be added once it is gone.
    faculty: check(userProfile(item.facultyid), EXISTS),
    ...placeWrites(item, {}),
  });
  if (failed === 'faculty') throw new Invalid(M.facultyNotFound);
  if (failed) throw new Conflict(await clashMessageFor(failed as Clash, item));
  return entryOf(item);
}

/** An entry as read, with the count of its changes (none on one never changed): a change is conditioned on it. */
type ReadItem = TimetableItem & { revision?: number };

/**
 * Changes an entry of a term (its course, kind and group, faculty member, weekday, slot and weeks: kept
 * when `weeks` is left out) with the rules of an added one (Invalid, or Conflict naming the class it
 * clashes with), in one transaction conditioned on the entry as read: Conflict (changedMeanwhile) when
 * it was changed or deleted since. The entry's `_id` names its place: a new group, weekday, slot or
 * weeks answers it with a new `_id`.
 */
export async function updateTimetableEntry(id: string, change: TimetableEntryChange): Promise<TimetableEntry> {
  const old = (await getTimetableEntry(id)) as ReadItem | null;
  if (!old) throw new NotFound(M.notFound);
  const weeks = change.weeks === undefined ? old.weeks : (change.weeks ?? undefined);
  const item = await validatedEntry({ termid: old.termid, ...change, weeks });

  // As read: the same place (its key), course and faculty member, and no change since (its revision).
  const asRead = `attribute_exists(pk) AND courseid = :courseid AND facultyid = :facultyid AND ${
    old.revision === undefined ? 'attribute_not_exists(revision)' : 'revision = :revision'
  }`;
  const readValues = {
    ':courseid': old.courseid,
    ':facultyid': old.facultyid,
    ...(old.revision === undefined ? {} : { ':revision': old.revision }),
  };
  const failed = await transact({
    faculty: check(userProfile(item.facultyid), EXISTS),
    ...placeWrites(item, { revision: (old.revision ?? 0) + 1 }, { item: old, when: asRead, values: readValues }),
  });
  if (failed === 'faculty') throw new Invalid(M.facultyNotFound);
  if (failed === 'old') throw new Conflict(M.changedMeanwhile);
  if (failed === 'entry' || failed === 'copy' || failed === 'lecture' || failed === 'labs') {
    throw new Conflict(await clashMessageFor(failed, item, old._id));
  }
  return entryOf(item);
}

/** The entry with this `_id`, or null (one consistent GetItem; none for an id no entry can have). */
export async function getTimetableEntry(id: string): Promise<TimetableItem | null> {
  const place = entryPlaceOfId(id);
  if (!place) return null;
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: timetableEntry(place), ConsistentRead: true }));
  return result.Item ? timetableItemOf(result.Item as StoredTimetableEntry) : null;
}

/** Removes an entry, its copy and (a lab) its place in the division's count together; false when it was gone already. */
async function removeEntry(item: TimetableItem): Promise<boolean> {
  const failed = await transact({
    entry: remove(timetableEntry(item), EXISTS),
    copy: remove(facultyClass(item)),
    labs: item.classKind === 'lab' ? add(labsOf(item), labsAttribute(item.weeks), -1) : null,
  });
  return failed === null;
}

/** Deletes the entry with this `_id` (NotFound when there is none) and answers it. */
export async function deleteTimetableEntry(id: string): Promise<TimetableEntry> {
  const item = await getTimetableEntry(id);
  if (!item || !(await removeEntry(item))) throw new NotFound(M.notFound);
  return entryOf(item);
}

/** Deletes every class of a faculty member (after their profile, so that none is added meanwhile); answers how many. */
export async function deleteClassesOfFaculty(facultyid: string): Promise<number> {
  const copies = await queryAll<StoredTimetableEntry>(allClassesOfFaculty(facultyid), { ConsistentRead: true });
  let removed = 0;
  for (const copy of copies) if (await removeEntry(timetableItemOf(copy))) removed += 1;
  return removed;
}

/**
 * Deletes every entry of a term that names this course, slot, division or batch (its delete
 * cascades here, before the node goes): none is left pointing at nothing, or holding a division's
 * slot for a batch that is gone. One Query of the term's entries, filtered; answers how many.
 */
export async function deleteEntriesNaming(termid: string, id: string): Promise<number> {
  const entries = await queryAll<StoredTimetableEntry>(timetableOfTerm(termid), {
    ConsistentRead: true,
    FilterExpression: 'courseid = :id OR slotid = :id OR groupid = :id OR divisionid = :id',
    ExpressionAttributeValues: { ':id': id },
  });
  let removed = 0;
  for (const entry of entries) if (await removeEntry(timetableItemOf(entry))) removed += 1;
  return removed;
}

/** Weekday, then the slot's name as it is now (a slot gone meanwhile last), then lecture before lab, then group. */
const orderOf = (item: TimetableItem, slotNames: Map<string, string>) =>
  `${item.weekday}\n${slotNames.get(item.slotid) ?? '\uffff'}\n${storedKind(item.classKind)}\n${item.groupid}`;

/**
 * A term's entries by weekday then slot name: all, one faculty member's, or one group's (a
 * division's include its batches' labs). One Query, filtered, beside one Query of the term's slots:
 * the order follows a slot renamed after its entries were added.
 */
export async function listTimetable(query: TimetableQuery): Promise<TimetableEntry[]> {
  const filters: string[] = [];
  const values: Record<string, unknown> = {};
  if (query.facultyid) {
    filters.push('facultyid = :facultyid');
    values[':facultyid'] = query.facultyid;
  }
  if (query.groupid) {
    filters.push('(groupid = :groupid OR divisionid = :groupid)');
    values[':groupid'] = query.groupid;
  }
  const [items, slots] = await Promise.all([
    queryAll<StoredTimetableEntry>(timetableOfTerm(query.termid), {
      ConsistentRead: true,
      ...(filters.length ? { FilterExpression: filters.join(' AND '), ExpressionAttributeValues: values } : {}),
    }),
    listChildren('slot', query.termid),
  ]);
  const slotNames = new Map(slots.map((slot) => [slot._id, naturalKey(slot.name)] as const));
  const ordered = items.map(timetableItemOf).map((item) => ({ item, order: orderOf(item, slotNames) }));
  return ordered.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0)).map(({ item }) => entryOf(item));
}

/** A faculty member's classes on one weekday of these terms (one Query of their classes of that weekday). */
export async function classesOfFacultyOn(facultyid: string, weekday: number, termids: ReadonlySet<string>): Promise<TimetableItem[]> {
  const copies = await queryAll<StoredTimetableEntry>(classesOfFaculty(facultyid, weekday), { ConsistentRead: true });
  return copies.filter((copy) => termids.has(copy.termid)).map(timetableItemOf);
}

/** Every entry of one weekday of these terms (one Query per term). */
export async function entriesOn(weekday: number, termids: readonly string[]): Promise<TimetableItem[]> {
  const perTerm = await Promise.all(
    termids.map((termid) => queryAll<StoredTimetableEntry>(timetableOfTerm(termid, weekday), { ConsistentRead: true })),
  );
  return perTerm.flat().map(timetableItemOf);
}

/** A student's classes in a term: their division's lectures and their batch's labs (one Query of the term's entries, filtered). */
export async function entriesOfGroups(termid: string, student: { divisionid: string; batchid: string }): Promise<TimetableItem[]> {
  const entries = await queryAll<StoredTimetableEntry>(timetableOfTerm(termid), {
    FilterExpression: `(${STORED_KIND} = :lecture AND groupid = :division) OR (${STORED_KIND} = :lab AND groupid = :batch)`,
    ExpressionAttributeValues: {
      ':lecture': storedKind('lecture'),
      ':lab': storedKind('lab'),
      ':division': student.divisionid,
      ':batch': student.batchid,
    },
  });
  return entries.map(timetableItemOf);
}

/** Whether the timetable of the term gives this course, kind and group to the faculty member (one Query of their classes, filtered). */
export async function isAssigned(
  facultyid: string,
  where: { termid: string; courseid: string; classKind: ClassKind; groupid: string },
): Promise<boolean> {
  const count = await countAll(allClassesOfFaculty(facultyid), {
    FilterExpression: `termid = :termid AND courseid = :courseid AND ${STORED_KIND} = :kind AND groupid = :groupid`,
    ExpressionAttributeValues: {
      ':termid': where.termid,
      ':courseid': where.courseid,
      ':kind': storedKind(where.classKind),
      ':groupid': where.groupid,
    },
    ConsistentRead: true,
  });
  return count > 0;
}
