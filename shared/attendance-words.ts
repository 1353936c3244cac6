/*
 * Attendance's words and limits the view screen shows, apart from its schemas (shared/schemas/attendance.ts, which
 * re-exports them): the screen loads zod only when a form is sent (web/src/features/attendance-view/view-schemas.ts).
 */

export const NOT_FOUND = 'Attendance data not found!!!';
export const CORRECTED = 'Attendance corrected';
/** The most days GET attendance reads at once (one record per day that has sessions). */
export const MAX_VIEW_DAYS = 31;
