import type { LeaveSettings } from '@shared/schemas/leave-settings';

type LeaveKind = LeaveSettings['leaveKinds'][number];

const days = (count: number) => `${count} day${count === 1 ? '' : 's'}`;

/** A kind's rule as the form says it beside the kind: how long, when a certificate is needed, how its classes count. */
export function kindRule(kind: LeaveKind): string {
  const certificate =
    kind.certificateOverDays === null
      ? 'no certificate needed'
      : kind.certificateOverDays === 0
        ? 'a certificate is always needed'
        : `a certificate is needed over ${days(kind.certificateOverDays)}`;
  const counts = kind.countsAs === 'present' ? 'its classes count as present' : 'its classes count as excused';
  return `At most ${days(kind.maxDays)}; ${certificate}; ${counts}.`;
}

/** Whether an application of this kind over `dayCount` days needs a certificate. */
export const needsCertificate = (kind: LeaveKind, dayCount: number): boolean =>
  kind.certificateOverDays !== null && dayCount > kind.certificateOverDays;
