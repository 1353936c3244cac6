import type { LeaveStatus } from '@shared/schemas/leave';
import type { LeaveApplication } from './api';

/** Each status in words, as applicants and staff read it. */
export const STATUS_WORDS: Record<LeaveStatus, string> = {
  pending: 'Waiting for a decision',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  revoked: 'Revoked',
};

/** The filter's choices: the statuses by their short names. */
export const STATUS_CHOICES: Record<LeaveStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  revoked: 'Revoked',
};

const STEP_WORDS: Record<LeaveApplication['history'][number]['action'], string> = {
  applied: 'Applied',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  revoked: 'Revoked',
};
export const stepWords = (action: LeaveApplication['history'][number]['action']): string => STEP_WORDS[action];

/** Its status, and (approved or revoked) whether its classes are still being updated. */
export const statusText = (application: Pick<LeaveApplication, 'status' | 'applying'>): string =>
  `${STATUS_WORDS[application.status]}${application.applying ? ' (its classes are being updated)' : ''}`;

/** '2026-11-20', or '2026-11-20 to 2026-11-22'. */
export const daysText = ({ from, to }: Pick<LeaveApplication, 'from' | 'to'>): string => (from === to ? from : `${from} to ${to}`);

/** Whole days, or how many classes were chosen. */
export const coverText = ({ classes }: Pick<LeaveApplication, 'classes'>): string =>
  classes ? `${classes.length} class${classes.length === 1 ? '' : 'es'}` : 'Whole days';

/** The last thing someone said about it (a decision's or a revocation's comment), if any. */
export const latestComment = (application: Pick<LeaveApplication, 'history'>) =>
  application.history.findLast((step) => step.action !== 'applied' && step.comment);

/** How many days from `from` to `to`, both counted. */
export const dayCount = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
