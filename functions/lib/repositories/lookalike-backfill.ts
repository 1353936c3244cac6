import { claimStoredLookalikes } from './students';
import { listStudentsByDivision } from './group-students';
import { listChildren } from './structure';

/**
 * `npm run lookalikes -- claim` (docs/operations.md): students an older release stored hold no
 * look-alike claims, so a look-alike of their enrollment could still be added beside them (structure
 * names and emails need nothing: their creates compare with the stored items themselves). This walks
 * every term, semester and division (Queries only) and claims the keys of each student that
 * holds none. Safe to run again, and while SAMS is in use: each student is written only if
 * unchanged since read. Two stored students that already look alike are reported, not changed.
 */
export interface BackfillReport {
  students: number;
  claimed: number;
  /** Students whose enrollment looks like another student's: an admin changes one of them. */
  lookalikes: { _id: string; enrollment: string }[];
  /** Students that changed while the run read them: run it again. */
  changed: number;
}

export async function claimLookalikesOfStoredStudents(): Promise<BackfillReport> {
  const report: BackfillReport = { students: 0, claimed: 0, lookalikes: [], changed: 0 };
  for (const term of await listChildren('term'))
    for (const semester of await listChildren('semester', term._id))
      for (const division of await listChildren('division', semester._id))
        for (const student of await listStudentsByDivision(division._id)) {
          report.students += 1;
          if (student.lookalikes) continue;
          const outcome = await claimStoredLookalikes(student);
          if (outcome === 'claimed') report.claimed += 1;
          else if (outcome === 'changed') report.changed += 1;
          else report.lookalikes.push({ _id: student._id, enrollment: student.enrollment });
        }
  return report;
}
