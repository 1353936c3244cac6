import * as z from 'zod/mini';

/*
 * A student's status in a session and a session's slot kind, in a module of their own: the mark's input
 * (attendance.ts) and the answers (shared/answers/) both name them, and neither imports the other.
 */

/** docs/product.md §3: late counts as present (weighted by the settings' lateCounts); excused is leave or medical. */
export const STATUSES = ['present', 'late', 'absent', 'excused'] as const;
export type AttendanceStatus = (typeof STATUSES)[number];

export const slotKind = z.union([z.literal(1), z.literal(2)], { error: 'Slot count must be 1 (Lecture) or 2 (Lab)' });
