import { useBatchStudents, useDivisionStudents } from '@web/lib/queries';

export interface GroupStudent {
  _id: string;
  enrollment: string;
  name: string;
}

/** The students to mark: a lecture (kind 1) loads the division's students, a lab (kind 2) the batch's (docs/product.md §4). */
export function useGroupStudents(kind: 1 | 2 | null, groupid: string | undefined) {
  const byDivision = useDivisionStudents(kind === 1 ? groupid : undefined);
  const byBatch = useBatchStudents(kind === 2 ? groupid : undefined);
  const source = kind === 1 ? byDivision : byBatch;
  const data: GroupStudent[] | undefined =
    kind === 1
      ? byDivision.data?.map(({ batchStudents }) => batchStudents)
      : byBatch.data?.map(({ _id, enrollment, name }) => ({ _id, enrollment, name }));
  return { data, error: source.error, isLoading: source.isLoading, mutate: source.mutate };
}
