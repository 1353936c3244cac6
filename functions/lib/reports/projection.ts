import type { Projection } from '@shared/schemas/reports';
import { classesNeeded } from './standing';

/** Rounding slack: 2.0000000001 classes is 2 classes, not 3. */
const SLACK = 1e-9;

/** How many classes are still to come, or why that cannot be told. */
export type Remaining = { remaining: number } | { remaining: null; unknown: NonNullable<Projection['unknown']> };

/**
 * What a standing can still become (docs/product.md §5) when `remaining` more classes are held: the
 * classes in a row that bring it back to the threshold, how many of the remaining may be missed
 * staying at or above it (each missed class an absence), and the best percentage reachable. Pure.
 */
export function projectionOf(
  standing: { attended: number; held: number; percentage: number | null },
  threshold: number,
  still: Remaining,
): Projection {
  const { attended, held, percentage } = standing;
  const known = still.remaining !== null;
  const remaining = still.remaining;
  const total = held + (remaining ?? 0);
  // The most absences m with 100 × (attended + remaining − m) ≥ threshold × (held + remaining).
  const spare = known ? Math.floor((100 * (attended + remaining!) - threshold * total) / 100 + SLACK) : null;
  return {
    attended,
    held,
    percentage,
    below: percentage !== null && percentage < threshold,
    classesNeeded: classesNeeded(attended, held, threshold),
    remaining,
    ...(known ? {} : { unknown: (still as { unknown: NonNullable<Projection['unknown']> }).unknown }),
    canMiss: spare === null ? null : Math.min(remaining!, Math.max(0, spare)),
    best: known && total > 0 ? (100 * (attended + remaining!)) / total : null,
  };
}
