import { useApi } from '@web/lib/use-api';

/*
 * The student's and guardian's Home read (docs/product.md §5): a student's standing per course and kind and
 * overall, with what the classes still to come allow. Cached by its path (under /report, so a mark or a
 * change of the settings refreshes it), and kept on the device for offline use (shared/offline-reads.ts).
 */

/** The standing of one student, once there is one to ask for. */
export const useStudentStanding = (id: string) => useApi('GET /report/student/{id}/standing', id ? { params: { id } } : null);
