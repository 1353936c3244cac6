import * as z from 'zod/mini';
import { CLASS_KINDS } from './wire-names';

/*
 * A student's status in a class session and a class's kind, in a module of their own: the mark's input
 * (attendance.ts) and the answers (shared/answers/) both name them, and neither imports the other.
 */

/** docs/product.md §3: late counts as present (weighted by the settings' lateCounts); excused is leave or medical. */
export const STATUSES = ['present', 'late', 'absent', 'excused'] as const;
export type AttendanceStatus = (typeof STATUSES)[number];

/** A class's kind as the schemas check it (on the wire: slotcount, shared/schemas/wire-names.ts). */
export const classKind = z.enum(CLASS_KINDS, { error: 'Slot count must be 1 (Lecture) or 2 (Lab)' });
