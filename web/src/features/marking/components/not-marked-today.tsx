import { LinkList } from '@web/components/ui/link-list';
import { useCollegeTime } from '@web/lib/college-time';
import { useMissingClasses } from '@web/lib/queries';

export const NOT_MARKED_PATH = '/dashboard/notmarked';

/** How many of today's timetabled classes are overdue and not marked, as the link's text. */
export function notMarkedText(count: number | undefined): string {
  if (count === undefined) return 'Classes not marked today';
  return `${count} ${count === 1 ? 'class' : 'classes'} not marked today`;
}

/** The classes of today still to come (not overdue yet), said apart. */
export const laterTodayText = (count: number): string => `${count} more later today`;

/**
 * The admin's Home (docs/product.md §2.4): today's (college time) count of classes ended and not marked,
 * and apart those later today, linking to the Not marked screen.
 */
export function NotMarkedToday() {
  const { today } = useCollegeTime();
  const missing = useMissingClasses(today);
  const later = missing.data?.later.length ?? 0;
  const detail = missing.error
    ? `Could not count them: ${missing.error.message}`
    : missing.data
      ? [later > 0 && laterTodayText(later), 'See which, and who teaches them'].filter(Boolean).join(' · ')
      : 'Counting…';
  return (
    <LinkList
      label="Attendance to check"
      items={[{ key: 'not-marked', to: NOT_MARKED_PATH, label: notMarkedText(missing.data?.overdue.length), detail }]}
    />
  );
}
