import type { ClassSessionView } from '@shared/schemas/attendance';
import type { ClassKind } from '@shared/schemas/wire-names';
import { useOnline } from '@web/lib/offline/online';
import { useApi } from '@web/lib/use-api';

/*
 * Which groups of a class are already marked today (docs/product.md §2.4): one GET attendance for the
 * date, course, kind and slot answers every group's session, so the division and batch steps flag the
 * marked ones and the form shows who marked it instead of an editable form. Offline, or when the read
 * fails, nothing is flagged: the form stays open (a mark saved on the phone, or the server's 409, says it).
 */

export interface ClassOfDay {
  date: string;
  courseid: string;
  classKind: ClassKind;
  slotid: string;
}

/** The marked sessions of the class on its date, by group; `ready` once known (or not knowable). */
export function useMarkedClassSessions(of: ClassOfDay | null) {
  const online = useOnline();
  const read = useApi(
    'GET /attendance',
    of && online ? { query: { date: of.date, slotid: of.slotid, classKind: of.classKind, courseid: of.courseid } } : null,
  );
  const sessions: ClassSessionView[] = read.data?.flatMap((record) => (record.date === of?.date ? record.sessions : [])) ?? [];
  return {
    /** The group's session, if it is marked. */
    of: (groupid: string): ClassSessionView | undefined => sessions.find((session) => session.groupid === groupid),
    ready: !of || !online || read.data !== undefined || read.error !== undefined,
    reload: () => read.mutate(),
  };
}
