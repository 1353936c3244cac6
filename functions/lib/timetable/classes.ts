import { SLOT_KINDS } from '@shared/constants';
import { weekdayOf, type TimetableClass, type TodayClass } from '@shared/schemas/timetable';
import { batchGet } from '../batch';
import * as keys from '../keys';
import { naturalKey } from '../natural-key';
import { listActiveTerms, type StructureItem } from '../repositories/structure';
import { classesOfFacultyOn, entriesOn, entryOf, type TimetableItem } from '../repositories/timetable';
import { attendanceSessionId } from '../item-ids';

/**
 * Timetable entries as the classes of one date (docs/product.md §3): each with the names of its
 * course, kind, group and slot, and the `_id` of its session that date once marked. The names and
 * the sessions come in one BatchGetItem (one per 100 keys); an entry whose course, slot or group
 * no longer exists is left out. In slot order (by slot name, counting digits as numbers), then by group.
 */
export async function classesOn(entries: TimetableItem[], date: string): Promise<TodayClass[]> {
  if (entries.length === 0) return [];
  const sessionOf = (entry: TimetableItem) => ({ ...entry, date });
  const wanted = entries.flatMap((entry) => [
    keys.structureNode('course', entry.courseid),
    keys.structureNode('slot', entry.slotid),
    keys.structureNode('division', entry.divisionid),
    ...(entry.slotcount === 2 ? [keys.structureNode('batch', entry.groupid)] : []),
    keys.attendanceSession(sessionOf(entry)),
  ]);
  const found = new Map(
    (await batchGet<keys.Key & Partial<StructureItem>>(wanted)).map((item) => [`${item.pk}\n${item.sk}`, item] as const),
  );
  const get = (key: keys.Key) => found.get(`${key.pk}\n${key.sk}`);
  const node = (...args: Parameters<typeof keys.structureNode>) => {
    const item = get(keys.structureNode(...args));
    return item && !item.deleting ? item : undefined;
  };

  const classes: (TodayClass & { order: string })[] = [];
  for (const entry of entries) {
    const [course, slot, division] = [node('course', entry.courseid), node('slot', entry.slotid), node('division', entry.divisionid)];
    const batch = entry.slotcount === 2 ? node('batch', entry.groupid) : undefined;
    if (!course || !slot || !division || (entry.slotcount === 2 && !batch)) continue;
    const group = batch ? `${division.name} / ${batch.name}` : division.name!;
    classes.push({
      entry: entryOf(entry),
      course: course.name!,
      kind: SLOT_KINDS[entry.slotcount],
      group,
      slot: slot.name!,
      marked: get(keys.attendanceSession(sessionOf(entry))) ? attendanceSessionId(sessionOf(entry)) : null,
      order: `${naturalKey(slot.name!)}\n${naturalKey(group)}`,
    });
  }
  return classes.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0)).map(({ order: _, ...rest }) => rest);
}

/** The caller's classes on a date: their entries of its weekday in the active terms. */
export async function todayOf(facultyid: string, date: string): Promise<TodayClass[]> {
  const terms = await listActiveTerms();
  if (terms.length === 0) return [];
  const entries = await classesOfFacultyOn(facultyid, weekdayOf(date), new Set(terms.map((term) => term._id)));
  return classesOn(entries, date);
}

/** Every class of the date's weekday in the active terms with no session that date. */
export async function missingOn(date: string): Promise<TimetableClass[]> {
  const termids = (await listActiveTerms()).map((term) => term._id);
  const entries = await entriesOn(weekdayOf(date), termids);
  return (await classesOn(entries, date)).filter((one) => one.marked === null).map(({ marked: _, ...rest }) => rest);
}
