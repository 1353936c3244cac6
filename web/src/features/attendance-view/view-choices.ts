import type { Term } from '@shared/schemas/structure';
import { CLASS_KINDS } from '@shared/schemas/wire-names';
import type { OptionGroup, SelectOption } from '@web/components/ui/field';
import type { ApiError } from '@web/lib/api-client';
import { CLASS_KIND_LABELS } from '@shared/constants';
import { useCourses, useDivisions, useSemesters, useSlots } from '@web/lib/queries';
import { useSemesterBatches } from './api/attendance-view';
import type { ViewValues } from './view-form';

const toOptions = (items: { _id: string; name: string }[] | undefined): SelectOption[] | undefined =>
  items?.map((item) => ({ value: item._id, label: item.name }));
/** The choice kept when it is still offered, else the first offered one (or none). */
const keepOrFirst = (chosen: string, options: SelectOption[] | undefined): string =>
  options?.some((option) => option.value === chosen) ? chosen : (options?.[0]?.value ?? '');
/** The choice kept when it is still offered, else none. */
const keepOrNone = (chosen: string, options: SelectOption[] | undefined): string =>
  options?.some((option) => option.value === chosen) ? chosen : '';

export const nameOf = (options: SelectOption[] | undefined, value: string) =>
  options?.find((option) => option.value === value)?.label ?? '';

/** A select's options after its empty choice ('Choose a semester', 'All divisions'). */
const withEmpty = (label: string, options: (SelectOption | OptionGroup)[] = []) => [{ value: '', label }, ...options];
const KINDS = CLASS_KINDS.map((kind) => ({ value: kind, label: CLASS_KIND_LABELS[kind] }));

/** A list's state as a hint under its select: loading, a failed load, or the docs/product.md §8 empty message. */
export function listHint(list: { data?: unknown[]; error?: ApiError; isLoading: boolean }, empty: string): string | undefined {
  if (list.error) return list.error.message;
  if (list.isLoading) return 'Loading…';
  if (list.data && list.data.length === 0) return empty;
  return undefined;
}

/**
 * The view form's lists and what it shows (docs/product.md §4): the semesters and slots of the term, the
 * chosen semester's courses (the first preselected) and divisions, and for a lab the batches of
 * each division. A choice that is no longer offered is dropped, so the form never shows a value
 * its list does not have.
 */
export function useViewChoices(term: Term, chosen: ViewValues) {
  const semesters = useSemesters(term._id);
  const slots = useSlots(term._id);
  const semester = toOptions(semesters.data);
  const semesterId = keepOrNone(chosen.semester_id, semester);
  const courses = useCourses(semesterId || undefined);
  const divisions = useDivisions(semesterId || undefined);
  const kind = CLASS_KINDS.find((one) => one === chosen.slot_count) ?? '';
  const batches = useSemesterBatches(kind === 'lab' ? divisions.data : undefined);

  const course = semesterId ? toOptions(courses.data) : [];
  const slot = toOptions(slots.data);
  const division = toOptions(divisions.data);
  const batchGroups: OptionGroup[] | undefined = batches.data?.map((group) => ({
    label: group.division.name,
    options: toOptions(group.batches) ?? [],
  }));
  const group = kind === 'lecture' ? division : kind === 'lab' ? batchGroups?.flatMap((batchGroup) => batchGroup.options) : [];

  const values: ViewValues = {
    ...chosen,
    semester_id: semesterId,
    course_id: keepOrFirst(chosen.course_id, course),
    slot_id: keepOrNone(chosen.slot_id, slot),
    slot_count: kind,
    group_id: keepOrNone(chosen.group_id, group),
  };

  const groupHint = !kind
    ? 'Choose Lecture or Lab to filter by division or batch.'
    : semesterId && (listHint(divisions, 'No division found') ?? (kind === 'lab' ? listHint(batches, 'No batches found') : undefined));
  const groupOptions = kind === 'lecture' ? division : kind === 'lab' ? batchGroups : [];
  /** What each select shows besides its value: its label, options and hint. */
  const selects = {
    semester_id: { label: 'Semester', hint: listHint(semesters, 'No semester found'), options: withEmpty('Choose a semester', semester) },
    course_id: {
      label: 'Course',
      hint: semesterId ? listHint(courses, 'No course found') : undefined,
      options: withEmpty(semesterId ? 'Choose a course' : 'Choose a semester first', course),
    },
    slot_id: { label: 'Slot', hint: listHint(slots, 'No slots found'), options: withEmpty('Choose a slot', slot) },
    slot_count: { label: 'Slot count', options: withEmpty('Lecture or Lab', KINDS) },
    group_id: {
      label: `${kind === 'lecture' ? 'Division' : kind === 'lab' ? 'Batch' : 'Division or batch'} (optional)`,
      hint: groupHint || undefined,
      options: withEmpty(kind === 'lecture' ? 'All divisions' : kind === 'lab' ? 'All batches' : 'All', groupOptions),
      disabled: !kind,
    },
  };
  return { values, selects, names: { semester, course, slot, group } };
}
