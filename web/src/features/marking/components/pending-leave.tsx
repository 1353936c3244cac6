import { LinkList } from '@web/components/ui/link-list';
import { useApi } from '@web/lib/use-api';

/** The count as the link says it: '1 leave application pending'. */
export const pendingLeaveText = (count: number): string => `${count} leave application${count === 1 ? '' : 's'} pending`;

/**
 * Home (docs/product.md §2.17): the leave applications waiting for the caller's decision (a coordinator's
 * divisions', or every one for an admin), linking to them; nothing while there are none or they cannot be counted.
 */
export function PendingLeave() {
  const pending = useApi('GET /leave', { query: { status: 'pending' } });
  const count = pending.data?.length ?? 0;
  if (count === 0) return null;
  return <LinkList label="Leave to decide" items={[{ key: 'pending-leave', to: '/leave', label: pendingLeaveText(count) }]} />;
}
