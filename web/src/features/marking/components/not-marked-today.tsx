import { todayUtc } from '@shared/dates';
import { LinkList } from '@web/components/ui/link-list';
import { useMissingClasses } from '@web/lib/queries';

export const NOT_MARKED_PATH = '/dashboard/notmarked';

/** How many of today's timetabled classes are not marked yet, as the link's text. */
export function notMarkedText(count: number | undefined): string {
  if (count === undefined) return 'Classes not marked today';
  return `${count} ${count === 1 ? 'class' : 'classes'} not marked today`;
}

/** The admin's Home (docs/product.md §2.4): today's count of classes not marked, linking to the Not marked screen. */
export function NotMarkedToday() {
  const missing = useMissingClasses(todayUtc());
  const detail = missing.error
    ? `Could not count them: ${missing.error.message}`
    : missing.data
      ? 'See which, and who teaches them'
      : 'Counting…';
  return (
    <LinkList
      label="Attendance to check"
      items={[{ key: 'not-marked', to: NOT_MARKED_PATH, label: notMarkedText(missing.data?.length), detail }]}
    />
  );
}
