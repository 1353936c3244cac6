import type { ApiData } from '@shared/api-contract';
import type { SignedInUser } from '@shared/schemas/auth';

/*
 * The leave screens' fake data (docs/product.md §2.17), typed by the contract: a student, a guardian of two,
 * and an application in any state.
 */

export type LeaveApplication = ApiData<'GET /leave/{id}'>['application'];

export const ASHA = { _id: 'st1', name: 'Asha Patel' };
export const RAVI = { _id: 'st2', name: 'Ravi Patel' };
export const STUDENT: SignedInUser = {
  _id: 'u-asha',
  username: 'Asha Patel',
  email: 'asha@college.test',
  role: 'student',
  students: [ASHA],
};
export const GUARDIAN: SignedInUser = {
  _id: 'u-mother',
  username: 'Meena Patel',
  email: 'meena@home.test',
  role: 'guardian',
  students: [ASHA, RAVI],
};

const by = (username: string, role: string) => ({ _id: `u-${username.split(' ')[0]!.toLowerCase()}`, username, role });

/** An application of Asha's, pending unless told otherwise. */
export function application(overrides: Partial<LeaveApplication> = {}): LeaveApplication {
  return {
    _id: 'lv1',
    ref: 'K7P2QX',
    version: 1,
    studentid: 'st1',
    student: { name: 'Asha Patel', enrollment: '25CE001' },
    divisionid: 'd1',
    batchid: 'b1',
    kind: 'Medical',
    countsAs: 'excused',
    from: '2026-11-20',
    to: '2026-11-22',
    reason: 'Fever',
    status: 'pending',
    history: [{ action: 'applied', at: '2026-11-19T04:30:00.000Z', by: by('Asha Patel', 'student') }],
    classesOnLeave: 0,
    applying: false,
    ...overrides,
  };
}

/** The step a decision adds. */
export const step = (action: 'approved' | 'rejected' | 'withdrawn' | 'revoked', comment?: string) => ({
  action,
  at: '2026-11-19T06:00:00.000Z',
  by: by('Demo Faculty', 'faculty'),
  ...(comment && { comment }),
});
