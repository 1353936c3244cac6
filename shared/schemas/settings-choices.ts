/*
 * The choices of the college's settings (docs/product.md §3), in a module of their own: the settings' input
 * (settings.ts) and their answer (shared/answers/settings.ts) both name them, and neither imports the other.
 */

export const EXCUSED_RULES = ['excluded', 'absent'] as const;
export type ExcusedRule = (typeof EXCUSED_RULES)[number];
/** Who may mark a class: any faculty member, or only the one the timetable assigns it to (admins always may). */
export const MARKING_POLICIES = ['any-faculty', 'assigned'] as const;
export type MarkingPolicy = (typeof MARKING_POLICIES)[number];
/** Whether the threshold applies to each course and kind ('each-course') or to the student's overall percentage ('overall'). */
export const THRESHOLD_SCOPES = ['each-course', 'overall'] as const;
export type ThresholdScope = (typeof THRESHOLD_SCOPES)[number];
