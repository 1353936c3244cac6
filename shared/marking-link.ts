import type { TimetableClass } from './schemas/timetable';
import { kindCode } from './schemas/wire-names';

/**
 * The marking form of one timetabled class (docs/product.md §2.4): the flow's last step with the ids
 * and display path its earlier steps would carry. Today, Not marked and the reminder email link it.
 *
 *   /students/:groupid?extraData&termid&semid&courseid&kind&slot
 */
export function markingFormPath(item: TimetableClass): string {
  const { entry } = item;
  const search = new URLSearchParams({
    extraData: [item.course, item.kind, item.slot, item.group].join(' / '),
    termid: entry.termid,
    semid: entry.semid,
    courseid: entry.courseid,
    kind: String(kindCode(entry.classKind)),
    slot: entry.slotid,
  });
  return `/students/${entry.groupid}?${search.toString()}`;
}
