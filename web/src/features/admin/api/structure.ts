import useSWR from 'swr';
import type { Batch, Course, Division, Semester, Slot, Term } from '@shared/schemas/structure';
import { ApiError } from '@web/lib/api-client';
import { useApi } from '@web/lib/use-api';
import { adminRequest, useRefresh } from './request';

/*
 * The academic structure for the admin screens. SWR keys are the API paths ('/semester/<termid>'),
 * shared with the marking flow and the term selector, so a write here refreshes Home and the
 * selector too.
 */

export const useAllTerms = () => useApi('GET /term', {});
export const useActiveTerms = () => useApi('GET /term/active', {});
export const useSemesters = (termid: string | undefined) => useApi('GET /semester/{termid}', termid ? { termid } : null);
export const useDivisions = (semid: string | undefined) => useApi('GET /division/{semid}', semid ? { semid } : null);
export const useBatches = (divisionid: string | undefined) => useApi('GET /batch/{divisionid}', divisionid ? { divisionid } : null);
export const useCourses = (semid: string | undefined) => useApi('GET /course/{semid}', semid ? { semid } : null);
export const useSlots = (termid: string | undefined) => useApi('GET /slot/{termid}', termid ? { termid } : null);

/** The levels under a term, each created under a parent and deleted with everything under it. */
export type ChildKind = 'semester' | 'division' | 'batch' | 'course' | 'slot';

/** The parent field each level's create body names (docs/product.md §3). */
export const PARENT_FIELD = { semester: 'termid', division: 'semid', batch: 'divisionid', course: 'semid', slot: 'termid' } as const;

interface ChildOf {
  semester: Semester;
  division: Division;
  batch: Batch;
  course: Course;
  slot: Slot;
}

/** What a delete removes besides the item itself (DELETE answers it; GET …/dependents predicts it). */
export interface Dependents {
  divisions: number;
  batches: number;
  students: number;
  courses: number;
  attendance: number;
}

export interface DeleteAnswer {
  _id: string;
  deleted?: Partial<Dependents>;
}

/** The lists a write to each level can change (the level and everything a cascade reaches). */
const AFFECTED: Record<ChildKind, string[]> = {
  semester: ['/semester/', '/division/', '/batch/', '/course/', '/student/'],
  division: ['/division/', '/batch/', '/student/'],
  batch: ['/batch/', '/student/'],
  course: ['/course/'],
  slot: ['/slot/'],
};

/** POST term, then the term lists (this screen's, the selector's, Home's) reload. */
export function useCreateTerm() {
  const refresh = useRefresh();
  return async (input: { name: string; status: boolean }) => {
    const answer = await adminRequest<Term>('POST', '/term', input);
    await refresh('/term');
    return answer;
  };
}

/** POST semester|division|batch|course|slot {name, <parent>}, then that parent's list reloads. */
export function useCreateChild<K extends ChildKind>(kind: K) {
  const refresh = useRefresh();
  return async (name: string, parentId: string) => {
    const answer = await adminRequest<ChildOf[K]>('POST', `/${kind}`, { name, [PARENT_FIELD[kind]]: parentId });
    await refresh(`/${kind}/${parentId}`);
    return answer;
  };
}

/** DELETE one item (the server removes everything under it in the same request), then every list it touched reloads. */
export function useDeleteChild(kind: ChildKind) {
  const refresh = useRefresh();
  return async (id: string) => {
    try {
      return await adminRequest<DeleteAnswer>('DELETE', `/${kind}/${encodeURIComponent(id)}`);
    } finally {
      // Also after a failure: a 404 means someone else deleted it, and the list should say so.
      await refresh(...AFFECTED[kind]);
    }
  };
}

/** Levels whose delete takes other things with it (a slot takes nothing). */
export const hasDependents = (kind: ChildKind): kind is Exclude<ChildKind, 'slot'> => kind !== 'slot';

/** GET <kind>/{id}/dependents: what deleting the item would remove (admin); no level (users, students) or a slot asks nothing. */
export function useDependents(kind: ChildKind | undefined, id: string) {
  // An array key: never matched (or revalidated) by the path-prefix refreshes of the lists.
  return useSWR<Dependents, ApiError>(
    kind && hasDependents(kind) ? ['dependents', kind, id] : null,
    ([, level, itemId]: [string, string, string]) =>
      adminRequest<Dependents>('GET', `/${level}/${encodeURIComponent(itemId)}/dependents`).then((answer) => answer.data),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
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
