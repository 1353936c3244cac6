import type { MarkInput } from '@shared/schemas/attendance';
import { apiRequest } from '@web/lib/api-client';
import { useApi } from '@web/lib/use-api';

/*
 * The marking flow's data. SWR keys are the API paths ('/course/<semid>', …), so the admin's
 * term switch (which revalidates '/term', '/semester/', '/slot/') refreshes Home.
 */
export const useActiveTerms = () => useApi('GET /term/active', {});
export const useSemesters = (termid: string | undefined) => useApi('GET /semester/{termid}', termid ? { termid } : null);
export const useCourses = (semid: string | undefined) => useApi('GET /course/{semid}', semid ? { semid } : null);
export const useSlots = (termid: string | undefined) => useApi('GET /slot/{termid}', termid ? { termid } : null);
export const useDivisions = (semid: string | undefined) => useApi('GET /division/{semid}', semid ? { semid } : null);
export const useBatches = (divisionid: string | undefined) => useApi('GET /batch/{divisionid}', divisionid ? { divisionid } : null);

export interface GroupStudent {
  _id: string;
  enrollment: string;
  name: string;
}

/** The students to mark: a lecture (kind 1) loads the division's students, a lab (kind 2) the batch's (docs/product.md §4). */
export function useGroupStudents(kind: 1 | 2 | null, groupid: string | undefined) {
  const byDivision = useApi('GET /student/division/{divisionid}', kind === 1 && groupid ? { divisionid: groupid } : null);
  const byBatch = useApi('GET /student/{batchid}', kind === 2 && groupid ? { batchid: groupid } : null);
  const source = kind === 1 ? byDivision : byBatch;
  const data: GroupStudent[] | undefined =
    kind === 1
      ? byDivision.data?.map(({ batchStudents }) => batchStudents)
      : byBatch.data?.map(({ _id, enrollment, name }) => ({ _id, enrollment, name }));
  return { data, error: source.error, isLoading: source.isLoading, retry: () => void source.mutate() };
}

/** POST attendance; rethrows (docs/product.md §7) so the form can show the message. */
export const markAttendance = (input: MarkInput) => apiRequest('POST /attendance', { body: input });
