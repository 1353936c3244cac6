import type { TimetableEntry } from '@shared/schemas/timetable';
import type { Loadable } from '@web/components/ui/loaded';
import { useActiveTerms, useSettings, useTimetable } from '@web/lib/queries';
import { useSession } from '@web/lib/session';

/*
 * Who may mark what (docs/product.md §3, the settings' markingPolicy): under 'assigned' a faculty member
 * may mark a course, kind and group only where a timetable entry of the active term gives it to them,
 * so the marking flow offers only those. Admins, and everyone under 'any-faculty', see every choice.
 * The server decides; this only keeps the flow from offering what it would refuse. Settings that fail
 * to load offer everything (the server still refuses what is not allowed).
 */

type Keep<T> = (entry: TimetableEntry, item: T) => boolean;

export function useAssignedClasses() {
  const { user } = useSession();
  const settings = useSettings();
  const terms = useActiveTerms();
  const applies = user?.role === 'faculty' && settings.data?.markingPolicy === 'assigned';
  const termid = terms.data?.[0]?._id;
  const entries = useTimetable(applies && termid && user ? { termid, facultyid: user._id } : null);
  const settingsLoading = !settings.data && !settings.error;

  /** A step's list, with only the items some entry of the caller's keeps (all of them where the policy does not apply). */
  function filter<T>(list: Loadable<T>, keep: Keep<T>): Loadable<T> {
    if (settingsLoading) return { ...list, data: undefined, isLoading: true };
    if (!applies) return list;
    if (entries.error) return { data: undefined, error: entries.error, isLoading: false, mutate: entries.mutate };
    const mine = termid ? entries.data : terms.data && [];
    if (!list.data) return list;
    if (!mine) return { ...list, data: undefined, isLoading: true };
    return { ...list, data: list.data.filter((item) => mine.some((entry) => keep(entry, item))) };
  }

  return { filter, applies };
}
