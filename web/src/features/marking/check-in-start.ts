import { checkedInText } from '@web/components/attendance/check-in-flags';
import type { Statuses } from '@web/components/attendance/statuses';
import { useApi } from '@web/lib/use-api';
import type { GroupStudent } from './group-students';
import type { OnLeaveStart } from './on-leave';

/**
 * The form of a class opened from its check-in (`checkin` in the URL, docs/product.md §2.18): the students who
 * checked in start present (late, when they checked in late by the settings) and the rest absent, each checked-in
 * row saying so (and any flag). Ready once the
 * check-in has answered or failed; without one, the form starts as usual.
 */
export function useCheckInStart(
  checkinId: string | null,
  group: readonly GroupStudent[] | undefined,
): { ready: boolean; start: OnLeaveStart | null } {
  const read = useApi('GET /checkin/{id}', checkinId ? { params: { id: checkinId } } : null);
  if (!checkinId || read.error) return { ready: true, start: null };
  if (!read.data || !group) return { ready: false, start: null };
  const inClass = new Map(read.data.checkedIn.map((one) => [one._id, one]));
  const statuses: Statuses = Object.fromEntries(
    group.map(({ _id }) => [_id, inClass.has(_id) ? (inClass.get(_id)!.late ? 'late' : 'present') : 'absent']),
  );
  const badges = Object.fromEntries([...inClass.values()].map((one) => [one._id, checkedInText(one)]));
  return { ready: true, start: { statuses, badges } };
}

/** Leave over check-in: a student on approved leave keeps the leave's status and badge. */
export const withLeave = (checkIn: OnLeaveStart | null, leave: OnLeaveStart): OnLeaveStart =>
  checkIn ? { statuses: { ...checkIn.statuses, ...leave.statuses }, badges: { ...checkIn.badges, ...leave.badges } } : leave;
