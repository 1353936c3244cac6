import useSWR from 'swr';
import type { AttendanceStudent, CriteriaQuery, PercentageReport, ClassSessionView, ViewQuery } from '@shared/schemas/attendance';
import type { Batch, Division } from '@shared/schemas/structure';
import { callRoute, type ApiError } from '@web/lib/api-client';

/*
 * The view screen's own data: a lab's group filter, and the two reports, fetched on demand (a
 * button press), not cached. The lists come from @web/lib/queries.
 */

export interface DivisionBatches {
  division: Division;
  batches: Batch[];
}

/** The batches of every division of a semester (a lab's group filter), one GET batch/{divisionid} per division. */
export function useSemesterBatches(divisions: Division[] | undefined) {
  const key = divisions && divisions.length > 0 ? ['view-attendance/batches', ...divisions.map((division) => division._id)] : null;
  return useSWR<DivisionBatches[], ApiError>(key, () =>
    Promise.all(
      divisions!.map(async (division) => {
        const { data } = await callRoute('GET /batch/{divisionid}', { params: { divisionid: division._id } });
        return { division, batches: data ?? [] };
      }),
    ),
  );
}

/**
 * Each date that has sessions (one date, or each of a range's), in date order: the students present (or
 * late) at its sessions, and the sessions (none at all: nothing was marked).
 */
export async function fetchDays(
  query: ViewQuery,
): Promise<{ date: string; students: AttendanceStudent[]; sessions: ClassSessionView[] }[]> {
  const records = (await callRoute('GET /attendance', { query })).data ?? [];
  return records.map((record) => ({ date: record.date, students: record.presentStudentsName, sessions: record.sessions }));
}

/** Every student expected at a session in the range, with their own counts (empty when none was marked). */
export async function fetchPercentages(query: CriteriaQuery): Promise<PercentageReport> {
  return (await callRoute('GET /attendance/criteria', { query })).data ?? { totalLecture: 0, studentData: [] };
}
