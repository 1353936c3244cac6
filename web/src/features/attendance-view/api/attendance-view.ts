import useSWR from 'swr';
import type { AttendanceRecord, AttendanceStudent, PercentageReport } from '@shared/schemas/attendance';
import type { Batch, Division } from '@shared/schemas/structure';
import { fetchApi, type ApiError } from '@web/lib/api-client';
import { useApi } from '@web/lib/use-api';

/*
 * The view screen's data. The lists are SWR keyed by their API paths ('/semester/<termid>', …), so
 * the admin's term switch (which revalidates '/term', '/semester/', '/slot/') refreshes them. The
 * two reports are fetched on demand (a button press), not cached.
 */
export const useActiveTerms = () => useApi('GET /term/active', {});
export const useSemesters = (termid: string | undefined) => useApi('GET /semester/{termid}', termid ? { termid } : null);
export const useCourses = (semid: string | undefined) => useApi('GET /course/{semid}', semid ? { semid } : null);
export const useSlots = (termid: string | undefined) => useApi('GET /slot/{termid}', termid ? { termid } : null);
export const useDivisions = (semid: string | undefined) => useApi('GET /division/{semid}', semid ? { semid } : null);

export interface DivisionBatches {
  division: Division;
  batches: Batch[];
}

/** The batches of every division of a semester (a lab's group filter), one GET batch/{divisionid} per division. */
export function useSemesterBatches(divisions: Division[] | undefined) {
  const key = divisions && divisions.length > 0 ? ['view-attendance/batches', ...divisions.map((division) => division._id)] : null;
  return useSWR<DivisionBatches[], ApiError>(key, () =>
    Promise.all(
      divisions!.map(async (division) => ({
        division,
        batches: (await fetchApi<Batch[]>('GET', `/batch/${encodeURIComponent(division._id)}`)) ?? [],
      })),
    ),
  );
}

/** GET attendance's query (api.md): one date, slot, kind and course, optionally one division (lecture) or batch (lab). */
export interface DateQuery {
  date: string;
  slotid: string;
  slotcount: 1 | 2;
  courseid: string;
  groupid?: string;
}

/** GET attendance/criteria's query: a range (enddate defaults to startdate on the server), kind and course. */
export interface RangeQuery {
  startdate: string;
  enddate?: string;
  slotcount: 1 | 2;
  courseid: string;
  groupid?: string;
}

/** A query string in the order the API documents, without the empty optional parameters. */
export function queryString(query: object): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  return search.toString();
}

/** The students present at the session(s) of a date, and how many sessions matched (0: none was marked). */
export async function fetchPresentStudents(query: DateQuery): Promise<{ students: AttendanceStudent[]; sessions: number }> {
  const data = await fetchApi<AttendanceRecord[] | null>('GET', `/attendance?${queryString(query)}`);
  const record = data?.[0];
  return { students: record?.presentStudentsName ?? [], sessions: record ? (record.sessions ?? 1) : 0 };
}

/** Every student expected at a session in the range, with their own counts (empty when none was marked). */
export async function fetchPercentages(query: RangeQuery): Promise<PercentageReport> {
  const data = await fetchApi<PercentageReport | null>('GET', `/attendance/criteria?${queryString(query)}`);
  return data ?? { totalLecture: 0, studentData: [] };
}
