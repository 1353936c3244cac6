import type { ClassKind } from '@shared/schemas/wire-names';
import { useBatchStudents, useDivisionStudents } from '@web/lib/queries';

export interface GroupStudent {
  _id: string;
  enrollment: string;
  name: string;
}

/** The students to mark: a lecture loads the division's students, a lab the batch's (docs/product.md §4). */
export function useGroupStudents(classKind: ClassKind | null, groupid: string | undefined) {
  const byDivision = useDivisionStudents(classKind === 'lecture' ? groupid : undefined);
  const byBatch = useBatchStudents(classKind === 'lab' ? groupid : undefined);
  const source = classKind === 'lecture' ? byDivision : byBatch;
  const data: GroupStudent[] | undefined =
    classKind === 'lecture'
      ? byDivision.data?.map(({ batchStudents }) => batchStudents)
      : byBatch.data?.map(({ _id, enrollment, name }) => ({ _id, enrollment, name }));
  return { data, error: source.error, isLoading: source.isLoading, mutate: source.mutate };
}
