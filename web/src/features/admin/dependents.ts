import type { Dependents } from '@shared/schemas/dependents';
import { useApi } from '@web/lib/use-api';

/** The levels whose delete takes other things with it (a slot, a user or a student takes nothing). */
const DEPENDENTS = {
  semester: 'GET /semester/{id}/dependents',
  division: 'GET /division/{id}/dependents',
  batch: 'GET /batch/{id}/dependents',
  course: 'GET /course/{id}/dependents',
} as const;
export type CascadingKind = keyof typeof DEPENDENTS;

export const cascades = (kind: string | undefined): kind is CascadingKind => !!kind && kind in DEPENDENTS;

/**
 * What deleting the item would remove, asked once when the confirmation opens (none for a level
 * without dependents). Paused while `deleting`: the refresh after the delete must not ask about an
 * item that is gone.
 */
export function useDependents(kind: string | undefined, id: string, deleting: boolean) {
  const key = cascades(kind) ? DEPENDENTS[kind] : DEPENDENTS.semester;
  return useApi(key, cascades(kind) ? { params: { id } } : null, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    isPaused: () => deleting,
  });
}

const NOUNS: [keyof Dependents, string, string][] = [
  ['divisions', 'division', 'divisions'],
  ['batches', 'batch', 'batches'],
  ['students', 'student', 'students'],
  ['courses', 'course', 'courses'],
  ['attendance', 'attendance record', 'attendance records'],
];

/** '2 divisions, 4 batches, 60 students' (zero counts left out; '' when nothing goes with it). */
export function describeDependents(counts: Partial<Dependents> | undefined): string {
  if (!counts) return '';
  return NOUNS.filter(([key]) => (counts[key] ?? 0) > 0)
    .map(([key, one, many]) => `${counts[key]} ${counts[key] === 1 ? one : many}`)
    .join(', ');
}
