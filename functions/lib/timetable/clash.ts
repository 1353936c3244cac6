import type { Weeks } from '@shared/timetable-weeks';
import { clashMessage, TIMETABLE_MESSAGES as M, type ClashingClass } from '@shared/schemas/timetable';
import { batchGet } from '../batch';
import { queryAll } from '../db';
import { structureNode } from '../entities/structure-node';
import {
  facultyClass,
  type StoredTimetableEntry,
  timetableEntry,
  type TimetableItem,
  timetableItemOf,
  timetableOfTerm,
} from '../entities/timetable-entry';
import { STORED_KIND, storedKind } from '../entities/stored-kind';
import { CLASS_KIND_LABELS } from '@shared/constants';
import * as keys from '../keys';
import { sharedWeeks } from './places';
import type { StructureItem } from '../repositories/structure';

/** Which condition of an entry's transaction failed: its group's place, its faculty member's, its division's lecture, its division's labs. */
export type Clash = 'entry' | 'copy' | 'lecture' | 'labs';

const CLASH_OF = { entry: 'group', copy: 'faculty', lecture: 'divisionLecture', labs: 'batchLab' } as const;
const GENERIC = { entry: M.groupClash, copy: M.facultyClash, lecture: M.divisionLectureClash, labs: M.batchLabClash } as const;

/**
 * The stored entry that holds a place `item` wanted, in a week it meets (`exclude`: the entry being
 * changed): its group's, its faculty member's, its division's lecture, or (`labs`) a lab of its division.
 */
async function clashingEntry(clash: Clash, item: TimetableItem, exclude?: string): Promise<TimetableItem | undefined> {
  const weeks = new Set(sharedWeeks(item.weeks));
  if (clash === 'labs') {
    const stored = await queryAll<StoredTimetableEntry>(timetableOfTerm(item.termid, item.weekday), {
      ConsistentRead: true,
      FilterExpression: `slotid = :slotid AND divisionid = :divisionid AND ${STORED_KIND} = :lab`,
      ExpressionAttributeValues: { ':slotid': item.slotid, ':divisionid': item.divisionid, ':lab': storedKind('lab') },
    });
    return stored.map(timetableItemOf).find((lab) => lab._id !== exclude && weeks.has(lab.weeks ?? undefined));
  }
  const keyOf = (weeks: Weeks | undefined) =>
    clash === 'entry'
      ? timetableEntry({ ...item, weeks })
      : clash === 'copy'
        ? facultyClass({ ...item, weeks })
        : timetableEntry({ ...item, groupid: item.divisionid, weeks });
  const found = await batchGet<StoredTimetableEntry>([...weeks].map(keyOf));
  return found.map(timetableItemOf).find((entry) => entry._id !== exclude);
}

/** The names a message gives the entry: course, kind, group, faculty member, weekday and slot times (undefined when one is gone). */
async function named(entry: TimetableItem): Promise<ClashingClass | undefined> {
  const lab = entry.classKind === 'lab';
  const wanted = [
    structureNode('course', entry.courseid),
    structureNode('slot', entry.slotid),
    structureNode('division', entry.divisionid),
    ...(lab ? [structureNode('batch', entry.groupid)] : []),
  ];
  const found = await batchGet<keys.Key & Partial<StructureItem>>(wanted);
  const [course, slot, division, batch] = wanted.map((key) => found.find((item) => item.pk === key.pk && item.sk === key.sk));
  if (!course?.name || !slot?.name || !division?.name || (lab && !batch?.name)) return undefined;
  return {
    course: course.name,
    kind: CLASS_KIND_LABELS[entry.classKind],
    group: lab ? `${division.name} / ${batch!.name}` : division.name,
    faculty: entry.faculty.username,
    weekday: entry.weekday,
    when: slot.start && slot.end ? `${slot.start} - ${slot.end}` : slot.name,
    ...(entry.weeks ? { weeks: entry.weeks } : {}),
  };
}

/**
 * What a 409 says when `item` could not take its place: the class that holds it, by name, or (that
 * class gone meanwhile, or one of its names) the general message. `exclude`: the entry being changed.
 */
export async function clashMessageFor(clash: Clash, item: TimetableItem, exclude?: string): Promise<string> {
  const other = await clashingEntry(clash, item, exclude);
  const names = other && (await named(other));
  return names ? clashMessage(CLASH_OF[clash], names) : GENERIC[clash];
}
