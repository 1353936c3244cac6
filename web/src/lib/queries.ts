import { preloadApi, useApi } from './use-api';

/*
 * The lists the screens read, once for every feature. SWR keys are the API paths ('/semester/<termid>'),
 * so a write anywhere (an admin screen, the term selector) refreshes every screen that shows them.
 * An undefined parent waits.
 */

export const useAllTerms = (wanted = true) => useApi('GET /term', wanted ? {} : null);
export const useActiveTerms = (wanted = true) => useApi('GET /term/active', wanted ? {} : null);
export const useSemesters = (termid: string | undefined) => useApi('GET /semester/{termid}', termid ? { params: { termid } } : null);
export const useDivisions = (semid: string | undefined) => useApi('GET /division/{semid}', semid ? { params: { semid } } : null);
export const useBatches = (divisionid: string | undefined) =>
  useApi('GET /batch/{divisionid}', divisionid ? { params: { divisionid } } : null);
export const useCourses = (semid: string | undefined) => useApi('GET /course/{semid}', semid ? { params: { semid } } : null);
export const useSlots = (termid: string | undefined) => useApi('GET /slot/{termid}', termid ? { params: { termid } } : null);
/** The students of a batch (a lab, the admin's student list). */
export const useBatchStudents = (batchid: string | undefined) => useApi('GET /student/{batchid}', batchid ? { params: { batchid } } : null);
/** The students of a division (a lecture). */
export const useDivisionStudents = (divisionid: string | undefined) =>
  useApi('GET /student/division/{divisionid}', divisionid ? { params: { divisionid } } : null);
/** Every user (admins), once `listed`. */
export const useUsers = (listed: boolean) => useApi('GET /user', listed ? {} : null);
/** The college's attendance rules (edit window, how late and excused count, the report threshold). */
export const useSettings = () => useApi('GET /settings', {});
/** The signed-in user's classes of today (college time), each with its session once marked. */
export const useTodayClasses = () => useApi('GET /timetable/today', { query: {} });
/** Today's read started before Home's chunk has loaded (the router, once the status check says who is signed in). */
export const preloadTodayClasses = () => preloadApi('GET /timetable/today', { query: {} });
/** The classes of a date not marked yet (admins), once the date is a real one. */
export const useMissingClasses = (date: string | undefined) => useApi('GET /attendance/missing', date ? { query: { date } } : null);
/** A term's timetable entries, of one faculty member or one division (with its batches' labs). */
export const useTimetable = (query: { termid: string; facultyid?: string; groupid?: string } | null) =>
  useApi('GET /timetable', query && { query });
