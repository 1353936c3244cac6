import type { Statuses } from '@web/components/attendance/statuses';
import type { DraftClass } from '@web/lib/offline/mark-drafts';
import { useApi } from '@web/lib/use-api';

/** What the form knows of the students on approved leave in this class: their starting status and their badge. */
export interface OnLeaveStart {
  statuses: Statuses;
  /** 'On leave (Medical)', by student. */
  badges: Readonly<Record<string, string>>;
}

const NONE: OnLeaveStart = { statuses: {}, badges: {} };

/**
 * The students of the group on approved leave (docs/product.md §2.17) covering this class: a whole day's
 * leave covers every class of it, else only the classes it names. Ready once the read has answered or
 * failed (offline with no kept copy, say): then no one is shown on leave, and the form starts as usual.
 */
export function useOnLeave(of: DraftClass | null): { ready: boolean; start: OnLeaveStart } {
  const read = useApi('GET /leave/group/{groupid}', of && { params: { groupid: of.groupid }, query: { date: of.date } });
  if (!of || read.error) return { ready: true, start: NONE };
  if (!read.data) return { ready: false, start: NONE };
  const covering = read.data.filter(
    (leave) =>
      !leave.classes ||
      leave.classes.some((one) => one.slotid === of.slotid && one.courseid === of.courseid && one.classKind === of.classKind),
  );
  return {
    ready: true,
    start: {
      statuses: Object.fromEntries(covering.map((leave) => [leave.studentid, leave.status])),
      badges: Object.fromEntries(covering.map((leave) => [leave.studentid, `On leave (${leave.kind})`])),
    },
  };
}
