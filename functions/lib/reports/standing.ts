import type { CollegeSettings } from '@shared/schemas/settings';
import type { StatusCounts } from '../repositories/attendance-summaries';

/**
 * docs/product.md §5: what a student's counts are worth under the college's rules. `attended` is
 * present + late × lateCounts; `held` is every class session, less the excused ones when they are
 * excluded; `percentage` is 100 × attended / held, unrounded, null when no class session counts.
 */
export function standingOf(counts: StatusCounts, settings: CollegeSettings): { attended: number; held: number; percentage: number | null } {
  const attended = counts.present + counts.late * settings.lateCounts;
  const all = counts.present + counts.late + counts.absent + counts.excused;
  const held = all - (settings.excusedCounts === 'excluded' ? counts.excused : 0);
  return { attended, held, percentage: held > 0 ? (100 * attended) / held : null };
}

/**
 * How many classes in a row a student must attend for (attended + k) / (held + k) to reach the
 * threshold: 0 when it is reached already, null when it never can be (a threshold of 100 after
 * any class missed).
 */
export function classesNeeded(attended: number, held: number, threshold: number): number | null {
  if (held === 0 || 100 * attended >= threshold * held) return 0;
  if (threshold >= 100) return null;
  // k ≥ (threshold × held − 100 × attended) / (100 − threshold); the tolerance keeps 2.0000000001 from becoming 3.
  return Math.max(0, Math.ceil((threshold * held - 100 * attended) / (100 - threshold) - 1e-9));
}

/** The sum of several students' or groups' counts. */
export const sumCounts = (all: StatusCounts[]): StatusCounts =>
  all.reduce(
    (sum, one) => ({
      present: sum.present + one.present,
      late: sum.late + one.late,
      absent: sum.absent + one.absent,
      excused: sum.excused + one.excused,
    }),
    { present: 0, late: 0, absent: 0, excused: 0 },
  );
