import type { Weeks } from '@shared/timetable-weeks';
import { divisionLabs, facultyClass, storedTimetableEntry, timetableEntry, type TimetableItem } from '../entities/timetable-entry';
import * as keys from '../keys';
import { tableName } from '../db';
import { check, IS_NEW, put, remove, type TransactItem } from '../writes';

/*
 * The places an entry takes (docs/data-model.md): its group's at its weekday and slot (the entry), its
 * faculty member's (the copy) and, for a lab, one more in its division's count of labs there. A class of
 * odd or even weeks has a place of its own beside an every-week class's (timetableEntry), and takes
 * it only while the places of the weeks it shares are free: every week shares weeks with odd and even,
 * odd and even share none. Those places are checked in the same transaction, so of two entries that
 * share weeks, sent at once, one is stored.
 */

/** The weeks whose classes share a week with a class of `weeks`: undefined is every week. */
export const sharedWeeks = (weeks?: Weeks | null): (Weeks | undefined)[] => (weeks ? [undefined, weeks] : [undefined, 'odd', 'even']);

/** The attribute of the division's count that counts its labs of `weeks`. */
export const labsAttribute = (weeks?: Weeks | null) => (weeks === 'odd' ? 'oddLabs' : weeks === 'even' ? 'evenLabs' : 'labs');

const sameKey = (a: keys.Key, b: keys.Key) => a.pk === b.pk && a.sk === b.sk;

/** The keys of the places sharing a week with the entry's own (`keyOf` of each), its own and `except` aside. */
function sharingPlaces(item: TimetableItem, keyOf: (weeks: Weeks | undefined) => keys.Key, except?: keys.Key): keys.Key[] {
  const own = keyOf(item.weeks ?? undefined);
  return sharedWeeks(item.weeks)
    .map(keyOf)
    .filter((key) => !sameKey(key, own) && !(except && sameKey(key, except)));
}

/**
 * One write of the division's count of labs: adds `by` (attribute → amount; those of 0 left out) if each
 * attribute of `when` holds its number (a missing item or attribute holds 0); null when there is neither.
 */
function countLabs(key: keys.Key, by: Record<string, number>, when: Record<string, number>): TransactItem | null {
  const adds = Object.entries(by).filter(([, amount]) => amount !== 0);
  const conditions = Object.entries(when);
  if (adds.length === 0 && conditions.length === 0) return null;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const condition = conditions
    .map(([attribute, count], at) => {
      [names[`#c${at}`], values[`:c${at}`]] = [attribute, count];
      return count === 0 ? `(attribute_not_exists(#c${at}) OR #c${at} = :c${at})` : `#c${at} = :c${at}`;
    })
    .join(' AND ');
  const target = { TableName: tableName(), Key: key, ExpressionAttributeNames: names, ExpressionAttributeValues: values };
  if (adds.length === 0) return { ConditionCheck: { ...target, ConditionExpression: condition } };
  adds.forEach(([attribute, amount], at) => ([names[`#a${at}`], values[`:a${at}`]] = [attribute, amount]));
  [names['#entity'], values[':entity']] = ['entity', 'timetableLabs'];
  const counts = adds.map((_, at) => `#a${at} :a${at}`).join(', ');
  return {
    Update: {
      ...target,
      UpdateExpression: `ADD ${counts} SET #entity = :entity`,
      ...(condition ? { ConditionExpression: condition } : {}),
    },
  };
}

/** The entry as it was read, when it is being changed: its places are left as the new ones are taken. */
export interface Leaving {
  item: TimetableItem;
  /** The condition on the entry as read (its revision), and its values. */
  when: string;
  values: Record<string, unknown>;
}

export type PlaceWrite = 'old' | 'entry' | 'oldCopy' | 'copy' | 'lecture' | 'oldLabs' | 'labs';

/**
 * The writes that give `next` its places (stored with `extra`), leaving those of `old` when it is changed.
 * One transaction may not name an item twice: a place kept is written over, a place left is removed and
 * not checked, and one count of labs left and taken is one write. A failed condition of `entry`, `copy`,
 * `lecture` or `labs` is a clash; of `old`, a change since the entry was read.
 */
export function placeWrites(
  next: TimetableItem,
  extra: Record<string, unknown>,
  old?: Leaving,
): Record<PlaceWrite, TransactItem | TransactItem[] | null> {
  const lab = next.classKind === 'lab';
  const wasLab = old?.item.classKind === 'lab';
  const [newEntry, oldEntry] = [timetableEntry(next), old && timetableEntry(old.item)];
  const [newCopy, oldCopy] = [facultyClass(next), old && facultyClass(old.item)];
  const [newLabs, oldLabs] = [divisionLabs(next), old && divisionLabs(old.item)];
  const entryItem = { ...newEntry, entity: 'timetableEntry', ...storedTimetableEntry(next), ...extra };
  const copyItem = { ...newCopy, entity: 'facultyClass', ...storedTimetableEntry(next), ...extra };
  const entryKept = !!oldEntry && sameKey(oldEntry, newEntry);
  const copyKept = !!oldCopy && sameKey(oldCopy, newCopy);
  const isFree = (key: keys.Key) => check(key, IS_NEW);
  const entryOfWeeks = (weeks: Weeks | undefined) => timetableEntry({ ...next, weeks });
  const copyOfWeeks = (weeks: Weeks | undefined) => facultyClass({ ...next, weeks });

  // The division's lectures sharing a week with this lab: none, unless it is this entry (left above).
  const lectures = lab
    ? sharedWeeks(next.weeks)
        .map((weeks) => timetableEntry({ ...next, groupid: next.divisionid, weeks }))
        .filter((key) => !(oldEntry && sameKey(key, oldEntry)))
    : [];

  // The division's count of labs: this lab counted in its weeks; a lecture needs none sharing its weeks.
  const leftLab: Record<string, number> = wasLab ? { [labsAttribute(old!.item.weeks)]: -1 } : {};
  const takenLab: Record<string, number> = lab ? { [labsAttribute(next.weeks)]: 1 } : {};
  const labsLeftHere = wasLab && sameKey(oldLabs!, newLabs);
  const none = lab ? {} : Object.fromEntries(sharedWeeks(next.weeks).map((weeks) => [labsAttribute(weeks), 0]));
  // A lab becoming a lecture in its own slot: its own count is still there when the condition is read.
  const when = labsLeftHere ? Object.fromEntries(Object.keys(none).map((name) => [name, name in leftLab ? 1 : 0])) : none;
  const sum = (a: Record<string, number>, b: Record<string, number>) =>
    Object.fromEntries([...new Set([...Object.keys(a), ...Object.keys(b)])].map((name) => [name, (a[name] ?? 0) + (b[name] ?? 0)]));

  return {
    old: old ? (entryKept ? put(entryItem, old.when, old.values) : remove(oldEntry!, old.when, old.values)) : null,
    entry: [...(entryKept ? [] : [put(entryItem, IS_NEW)]), ...sharingPlaces(next, entryOfWeeks, oldEntry).map(isFree)],
    oldCopy: oldCopy && !copyKept ? remove(oldCopy) : null,
    copy: [put(copyItem, copyKept ? undefined : IS_NEW), ...sharingPlaces(next, copyOfWeeks, oldCopy).map(isFree)],
    lecture: lectures.map(isFree),
    oldLabs: wasLab && !labsLeftHere ? countLabs(oldLabs!, leftLab, {}) : null,
    labs: countLabs(newLabs, labsLeftHere ? sum(leftLab, takenLab) : takenLab, when),
  };
}
