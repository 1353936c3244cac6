import useSWR from 'swr';
import type { TimetableEntry } from '@shared/schemas/timetable';
import { WEEKS_LABELS } from '@shared/timetable-weeks';
import { callRoute, type ApiError } from '@web/lib/api-client';
import { CLASS_KIND_LABELS } from '@shared/constants';

/*
 * The Timetable screen's names (docs/product.md §3): GET timetable answers entries by id, so the screen
 * reads the courses and divisions of each semester they are of, and the batches of each division, once
 * per set of entries. A batch is named with its division ('Division 1 / Batch 1A'), as Today names it.
 */

export interface EntryNames {
  course: Readonly<Record<string, string>>;
  group: Readonly<Record<string, string>>;
}

const unique = (ids: string[]) => [...new Set(ids)].sort();

async function readNames(semids: string[], divisionids: string[]): Promise<EntryNames> {
  const [courses, divisions, batches] = await Promise.all([
    Promise.all(semids.map((semid) => callRoute('GET /course/{semid}', { params: { semid } }))),
    Promise.all(semids.map((semid) => callRoute('GET /division/{semid}', { params: { semid } }))),
    Promise.all(divisionids.map((divisionid) => callRoute('GET /batch/{divisionid}', { params: { divisionid } }))),
  ]);
  const course = Object.fromEntries(courses.flatMap(({ data }) => (data ?? []).map((item) => [item._id, item.name])));
  const divisionName = Object.fromEntries(divisions.flatMap(({ data }) => (data ?? []).map((item) => [item._id, item.name])));
  const group: Record<string, string> = { ...divisionName };
  for (const { data } of batches) {
    for (const batch of data ?? []) group[batch._id] = [divisionName[batch.divisionid], batch.name].filter(Boolean).join(' / ');
  }
  return { course, group };
}

/** The names of the courses and groups of `entries` (none while they load). */
export function useEntryNames(entries: readonly TimetableEntry[] | undefined) {
  const semids = unique((entries ?? []).map((entry) => entry.semid));
  const divisionids = unique((entries ?? []).map((entry) => entry.divisionid));
  const key = entries && entries.length > 0 ? ['timetable/names', semids.join(','), divisionids.join(',')] : null;
  return useSWR<EntryNames, ApiError>(key, () => readNames(semids, divisionids));
}

/**
 * What a filled cell says of an entry: the course and kind (and 'odd weeks' or 'even weeks' for a class
 * that meets every other week), then the group and the faculty member. An entry
 * whose course or group was deleted still holds its place (a clash), so it shows, to be deleted.
 */
export function describeEntry(entry: TimetableEntry, names: EntryNames | undefined) {
  const course = names ? (names.course[entry.courseid] ?? 'Deleted course') : '…';
  const group = names ? (names.group[entry.groupid] ?? 'Deleted group') : '…';
  const weeks = entry.weeks ? WEEKS_LABELS[entry.weeks] : undefined;
  return { course, kind: CLASS_KIND_LABELS[entry.classKind], group, faculty: entry.faculty.username, weeks };
}

/** The entries of one cell of the week: a weekday and a slot. */
export const entriesAt = (entries: readonly TimetableEntry[], weekday: number, slotid: string) =>
  entries.filter((entry) => entry.weekday === weekday && entry.slotid === slotid);
