import type { DefaultersQuery, RecordQuery } from '@shared/schemas/reports';
import { useApi } from '@web/lib/use-api';

/*
 * The Reports screens' reads (docs/product.md §2.12). Cached by their path, so a mark, a correction or a
 * change of the settings refreshes them (web/src/lib/use-write.ts), and Back shows them at once.
 */

/** The defaulter list of a semester, division or batch, once one is asked for. */
export const useDefaulters = (query: DefaultersQuery | null) => useApi('GET /report/defaulters', query && { query });

/** One student's record over a range (all of it without one). */
export const useStudentRecord = (id: string, range: RecordQuery) => useApi('GET /report/student/{id}', { params: { id }, query: range });
