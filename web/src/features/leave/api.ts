import type { ApiData } from '@shared/api-contract';
import type { LeaveStatus } from '@shared/schemas/leave';
import { useApi } from '@web/lib/use-api';

/*
 * The leave reads (docs/product.md §2.17), cached by their paths under /leave: an application, decision,
 * withdrawal or revocation reloads them all (the route table's `refreshes`).
 */

export type LeaveApplication = ApiData<'GET /leave/{id}'>['application'];
export type CoveredClass = ApiData<'GET /leave/{id}'>['covers'][number];
export type StudentClass = ApiData<'GET /leave/student/{id}/classes'>[number];

/** A student's own applications (the student, their guardians). */
export const useStudentLeave = (id: string | undefined) => useApi('GET /leave/student/{id}', id ? { params: { id } } : null);

/** The student's classes between two days, once both are chosen and in order. */
export const useStudentClasses = (id: string | undefined, from: string, to: string) =>
  useApi('GET /leave/student/{id}/classes', id && from && to && to >= from ? { params: { id }, query: { from, to } } : null);

export interface LeaveFilters {
  status?: LeaveStatus;
  kind?: string;
  divisionid?: string;
}

/** The applications a coordinator or admin may decide, filtered (the server keeps a coordinator's divisions). */
export const useLeaveList = (filters: LeaveFilters) =>
  useApi('GET /leave', { query: { status: filters.status, kind: filters.kind, divisionid: filters.divisionid } });

/** One application and the classes it covers. */
export const useLeaveDetail = (id: string | undefined) => useApi('GET /leave/{id}', id ? { params: { id } } : null);
