import { buildDivision, dayBefore, markSessions } from '../college';
import type { BenchContext } from '../context';
import { metered, round } from '../measure';

export interface CostRow {
  operation: string;
  requests: number;
  byCommand: Record<string, number>;
  minimum: number;
  readUnits: number;
  writeUnits: number;
  ms: number;
}

/**
 * DynamoDB cost per operation: requests and consumed capacity, counted by an SDK middleware,
 * against the fewest requests the data model allows for the same answer.
 */
export async function measureCost(context: BenchContext): Promise<CostRow[]> {
  const rows: CostRow[] = [];
  const record = async (operation: string, minimum: number, work: () => Promise<{ status: number; message: string }>) => {
    const { result, usage, ms } = await metered(work);
    if (result.status >= 300) throw new Error(`${operation}: ${result.status} ${result.message}`);
    rows.push({
      operation,
      requests: usage.requests,
      byCommand: usage.byCommand,
      minimum,
      readUnits: round(usage.readUnits, 1),
      writeUnits: round(usage.writeUnits, 1),
      ms: round(ms, 1),
    });
  };

  // Marking 60 students, then reading that day back.
  const sixty = await buildDivision({ batches: 2, perBatch: 30 });
  const date = dayBefore(1);
  const mark = {
    presentStudentData: sixty.students.map((s) => s._id),
    date,
    slotid: sixty.slots[0]!._id,
    slotcount: 1,
    courseid: sixty.course._id,
    groupid: sixty.division._id,
  };
  // session read + BatchGet(course, slot, group) + Query(students) + conditional Put
  await record('mark 60 students', 4, () => context.call('POST', '/api/v1/attendance', mark));
  // session read + Query(sessions) + BatchGet(60 students)
  await record('view by date (60 present)', 3, () =>
    context.call('GET', `/api/v1/attendance?date=${date}&slotid=${mark.slotid}&slotcount=1&courseid=${mark.courseid}`),
  );

  // Percentages over a semester: 90 sessions × 120 students.
  const semester = await buildDivision({ batches: 4, perBatch: 30 });
  await markSessions(semester, 90);
  // session read + ⌈90 sessions × ~7 KB / 1 MB⌉ Query pages + ⌈120 / 100⌉ BatchGets
  await record('percentages: 90 sessions × 120 students', 1 + 1 + 2, () =>
    context.call(
      'GET',
      `/api/v1/attendance/criteria?startdate=${dayBefore(20)}&enddate=${dayBefore(1)}&slotcount=1&courseid=${semester.course._id}`,
    ),
  );
  // session read + one Query on gsi1
  await record('students of a division (120)', 2, () => context.call('GET', `/api/v1/student/division/${semester.division._id}`));

  // Deleting a semester with 2,000 students: 16 batches × 125.
  const big = await buildDivision({ batches: 16, perBatch: 125, slots: 1 });
  const items = 2000 * 3; // student, enrollment claim, list entry
  const nodes = 1 + 1 + 16 + 1; // semester, division, batches, course
  // session read + per node (mark, list children, delete its 2 items) + ⌈items / 25⌉ BatchWrites
  await record('delete a semester with 2,000 students', 1 + nodes * 3 + Math.ceil(items / 25), () =>
    context.call('DELETE', `/api/v1/semester/${big.semester._id}`),
  );
  return rows;
}
