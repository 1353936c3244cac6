import { instantOf, parseTime, todayIn } from '@shared/dates';
import { holidayOn } from '@shared/holidays';
import { meetsOn } from '@shared/timetable-weeks';
import type { CollegeSettings } from '@shared/schemas/settings';
import type { Holiday } from '@shared/schemas/structure';
import { weekdayOf, type NotMarked, type TimetableClass, type TodayClass } from '@shared/schemas/timetable';
import { structureNode } from '../entities/structure-node';
import * as keys from '../keys';
import { naturalKey } from '../natural-key';
import { getWithSettings } from '../repositories/settings';
import { listActiveTerms, type StructureItem } from '../repositories/structure';
import { classesOfFacultyOn, entriesOn, entryOf, type TimetableItem } from '../repositories/timetable';
import { classSessionId, classSessionKey } from '../entities/class-session';
import { CLASS_KIND_LABELS } from '@shared/constants';

/**
 * Timetable entries as the classes of one date (docs/product.md §3): each with the names of its
 * course, kind, group and slot, the slot's class times, and the `_id` of its class session that date
 * once marked. The names, the class sessions and the college's settings come in one BatchGetItem (one per 100
 * keys); an entry whose course, slot or group no longer exists is left out. In the order of the day:
 * by start time (slots without times last), then slot name (counting digits as numbers), then group.
 */
async function classesOn(entries: TimetableItem[], date: string): Promise<{ classes: TodayClass[]; settings: CollegeSettings | null }> {
  if (entries.length === 0) return { classes: [], settings: null };
  const classSessionPlace = (entry: TimetableItem) => ({ ...entry, date });
  const wanted = entries.flatMap((entry) => [
    structureNode('course', entry.courseid),
    structureNode('slot', entry.slotid),
    structureNode('division', entry.divisionid),
    ...(entry.classKind === 'lab' ? [structureNode('batch', entry.groupid)] : []),
    classSessionKey(classSessionPlace(entry)),
  ]);
  const { items, settings } = await getWithSettings<keys.Key & Partial<StructureItem>>(wanted);
  const found = new Map(items.map((item) => [`${item.pk}\n${item.sk}`, item] as const));
  const get = (key: keys.Key) => found.get(`${key.pk}\n${key.sk}`);
  const node = (...args: Parameters<typeof structureNode>) => {
    const item = get(structureNode(...args));
    return item && !item.deleting ? item : undefined;
  };

  const classes: (TodayClass & { order: string })[] = [];
  for (const entry of entries) {
    const [course, slot, division] = [node('course', entry.courseid), node('slot', entry.slotid), node('division', entry.divisionid)];
    const batch = entry.classKind === 'lab' ? node('batch', entry.groupid) : undefined;
    if (!course || !slot || !division || (entry.classKind === 'lab' && !batch)) continue;
    const group = batch ? `${division.name} / ${batch.name}` : division.name!;
    const times = slot.start && slot.end ? { start: slot.start, end: slot.end } : {};
    classes.push({
      entry: entryOf(entry),
      course: course.name!,
      kind: CLASS_KIND_LABELS[entry.classKind],
      group,
      slot: slot.name!,
      ...times,
      marked: get(classSessionKey(classSessionPlace(entry))) ? classSessionId(classSessionPlace(entry)) : null,
      // '~' sorts after every 'HH:MM': a slot without times comes last.
      order: `${times.start ?? '~'}\n${naturalKey(slot.name!)}\n${naturalKey(group)}`,
    });
  }
  const ordered = classes.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0)).map(({ order: _, ...rest }) => rest);
  return { classes: ordered, settings };
}

/** Whether the term teaches on `date`: the date between its first and last day (when set), and not one of its holidays. */
const teachesOn = (term: StructureItem, date: string): boolean =>
  (!term.startDate || date >= term.startDate) && (!term.endDate || date <= term.endDate) && !holidayOn(term, date);

/** The holiday one of these terms has on `date` (within the term's dates), or null. */
const holidayOfTerms = (terms: StructureItem[], date: string): Holiday | null =>
  terms
    .filter((term) => (!term.startDate || date >= term.startDate) && (!term.endDate || date <= term.endDate))
    .map((term) => holidayOn(term, date))
    .find((holiday) => holiday !== null) ?? null;

/** The entries that meet on `date` (a class of odd or even weeks in one of its weeks), of these terms. */
function meetingOn(entries: TimetableItem[], terms: StructureItem[], date: string): TimetableItem[] {
  const termOf = new Map(terms.map((term) => [term._id, term] as const));
  return entries.filter((entry) => meetsOn(entry, termOf.get(entry.termid) ?? {}, date));
}

/**
 * The caller's classes on a date: their entries of its weekday (in their weeks) in the active terms
 * that teach that day; on a holiday none, and `holiday` says which (when no other active term has
 * classes for them).
 */
export async function todayOf(facultyid: string, date: string): Promise<{ classes: TodayClass[]; holiday: Holiday | null }> {
  const active = await listActiveTerms();
  const teaching = active.filter((term) => teachesOn(term, date));
  const entries = teaching.length ? await classesOfFacultyOn(facultyid, weekdayOf(date), new Set(teaching.map((term) => term._id))) : [];
  const { classes } = await classesOn(meetingOn(entries, teaching, date), date);
  return { classes, holiday: classes.length ? null : holidayOfTerms(active, date) };
}

/** When a class of `date` is overdue (ended, plus the college's grace notMarkedAfterMinutes): its slot's end plus the grace, college time; a slot without times at the end of the day. */
function overdueFrom(date: string, item: TimetableClass, settings: CollegeSettings): number {
  const end = item.end ? parseTime(item.end) : null;
  if (end === null) return instantOf(date, 24 * 60, settings.timeZone);
  return instantOf(date, end + settings.notMarkedAfterMinutes, settings.timeZone);
}

/**
 * Every class of the date's weekday (in its weeks) in the active terms that teach that day (between the
 * term's dates, not a holiday) with no class session that date, as of `at`: overdue, or later (not ended
 * yet). One Query of the active terms, one Query per teaching term, one BatchGetItem (with the settings).
 */
export async function notMarkedOn(date: string, at: Date | number = new Date()): Promise<NotMarked> {
  const teaching = (await listActiveTerms()).filter((term) => teachesOn(term, date));
  const entries = teaching.length
    ? await entriesOn(
        weekdayOf(date),
        teaching.map((term) => term._id),
      )
    : [];
  const { classes, settings } = await classesOn(meetingOn(entries, teaching, date), date);
  const answer: NotMarked = { overdue: [], later: [] };
  if (!settings) return answer;
  const now = typeof at === 'number' ? at : at.getTime();
  // A date still to come (college time) has nothing overdue, whatever its slots say.
  const future = date > todayIn(settings.timeZone, now);
  for (const { marked, ...item } of classes) {
    if (marked !== null) continue;
    (!future && now >= overdueFrom(date, item, settings) ? answer.overdue : answer.later).push(item);
  }
  return answer;
}

/** The classes of a date not marked and overdue as of `at` (the not-marked alert job's list). */
export async function missingOn(date: string, at: Date | number = new Date()): Promise<TimetableClass[]> {
  return (await notMarkedOn(date, at)).overdue;
}
