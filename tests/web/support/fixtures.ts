import { collegeToday } from '@tests/support/college-time';
import type { PublicUser } from '@shared/schemas/auth';
import type { Batch, Division, Semester, Student, Term } from '@shared/schemas/structure';
import { routes } from './fake-api';

/*
 * The fake server's data, typed by the shared types: a fixture that drifts from the API fails
 * typechecking.
 */

export const FACULTY: PublicUser = { _id: 'u-faculty', username: 'Demo Faculty', email: 'faculty@sams.local', role: 'faculty' };
export const ADMIN: PublicUser = { _id: 'u-admin', username: 'Demo Admin', email: 'admin@sams.local', role: 'admin' };

export const ODD: Term = { _id: 't1', name: '2026-27 Odd Term', status: true };
export const EVEN: Term = { _id: 't2', name: '2025-26 Even Term', status: false };
export const OLD: Term = { _id: 't0', name: '2024-25 Odd Term', status: true };
/** A second active term: the screens use the first active one. */
export const LATER: Term = { _id: 't9', name: 'Later term', status: true };

export const SEMESTER_3: Semester = { _id: 's3', name: 'Semester 3', termid: 't1' };
export const SEMESTER_5: Semester = { _id: 's5', name: 'Semester 5', termid: 't1' };
export const DIVISION_1: Division = { _id: 'd1', name: 'Division 1', semid: 's3' };
export const DIVISION_2: Division = { _id: 'd2', name: 'Division 2', semid: 's3' };
export const BATCH_1A: Batch = { _id: 'b1', name: 'Batch 1A', divisionid: 'd1' };
export const BATCH_1B: Batch = { _id: 'b2', name: 'Batch 1B', divisionid: 'd1' };

export const AARAV: Student = { _id: 'st1', enrollment: '25CE001', name: 'Aarav Patel', email: 'aarav@college.test', batchid: 'b1' };
export const DIYA: Student = { _id: 'st2', enrollment: '25CE002', name: 'Diya Shah', email: 'diya@college.test', batchid: 'b1' };

/** The routes of a signed-in session (or signed out with null). */
export const signedInAs = (user: PublicUser | null) =>
  routes({
    'GET /auth/currentstatus': user ? { data: user } : { status: 401, message: 'Please log in to continue' },
    'GET /config': { data: { demo: null } },
    'POST /auth/logout': { data: null, message: 'Logged out' },
  });

/** Home's Today with no classes, and (for an admin) every class of today marked. */
export const NOTHING_TODAY = routes({
  'GET /timetable/today': { data: [] },
  [`GET /attendance/missing?date=${collegeToday()}`]: { data: { overdue: [], later: [] } },
});

/** Home's lists: the active terms (the first one counts) and their semesters (and nothing today). */
export const ACTIVE_TERMS = routes({
  ...NOTHING_TODAY,
  'GET /term/active': { data: [ODD, LATER] },
  'GET /semester/t1': { data: [SEMESTER_3, SEMESTER_5] },
  'GET /semester/t9': { data: [{ _id: 'sx', name: 'Wrong semester', termid: 't9' }] },
});

/** The structure an admin screen picks from: terms → semesters → divisions → batches, with empty levels. */
export const ADMIN_STRUCTURE = routes({
  ...signedInAs(ADMIN),
  'GET /term': { data: [EVEN, ODD] },
  'GET /term/active': { data: [ODD] },
  'GET /semester/t1': { data: [SEMESTER_3, SEMESTER_5] },
  'GET /semester/t2': { data: [{ _id: 's2', name: 'Semester 2', termid: 't2' }] },
  'GET /division/s2': { data: [{ _id: 'd9', name: 'Division 1', semid: 's2' }] },
  'GET /division/s3': { data: [DIVISION_1, DIVISION_2] },
  'GET /division/s5': { data: [], message: 'No division found' },
  'GET /batch/d1': { data: [BATCH_1A, BATCH_1B] },
  'GET /batch/d2': { data: [], message: 'No batches found' },
  'GET /batch/d9': { data: [{ _id: 'b9', name: 'Batch 1A', divisionid: 'd9' }] },
});
