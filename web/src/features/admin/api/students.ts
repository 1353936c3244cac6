import type { Student } from '@shared/schemas/structure';
import { useApi } from '@web/lib/use-api';
import { adminRequest, useRefresh } from './request';

/** The students of a batch (GET student/{batchid}; SWR key '/student/<batchid>'); null waits. */
export const useStudents = (batchid: string | null) => useApi('GET /student/{batchid}', batchid ? { batchid } : null);

/** One student by id (GET student/student/{id}), fetched when the update dialog opens. */
export const fetchStudent = (id: string) => adminRequest<Student>('GET', `/student/student/${encodeURIComponent(id)}`);

export interface StudentInput {
  enrollment: string;
  name: string;
  email: string;
  batchid: string;
}

/** Student writes; each reloads the student lists (a lecture's division list included). */
export function useStudentWrites() {
  const refresh = useRefresh();
  const after = async <T>(write: Promise<T>): Promise<T> => {
    try {
      return await write;
    } finally {
      await refresh('/student/');
    }
  };
  return {
    create: (input: StudentInput) => after(adminRequest<Student>('POST', '/student', input)),
    /** Missing or empty fields stay as they are (docs/product.md §5: the update form requires none). */
    update: (id: string, input: Partial<StudentInput>) =>
      after(adminRequest<Student>('PATCH', `/student/${encodeURIComponent(id)}`, input)),
    remove: (id: string) => after(adminRequest<Student>('DELETE', `/student/${encodeURIComponent(id)}`)),
    /** PATCH student/updateterm: every student of one batch moves to another. */
    move: (oldbatchid: string, newbatchid: string) =>
      after(adminRequest<{ moved: number }>('PATCH', '/student/updateterm', { oldbatchid, newbatchid })),
  };
}
