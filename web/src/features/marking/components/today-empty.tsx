import { Link } from 'react-router-dom';
import { TIMETABLE_MESSAGES } from '@shared/timetable-words';
import { Notice } from '@web/components/ui/notice';
import { useActiveTerms, useTimetable } from '@web/lib/queries';
import { useSession } from '@web/lib/session';
import { useAssignedClasses } from '../assigned';

/** What an empty Today says when the caller has no class at all on the active term's timetable (a new faculty member). */
export const NO_TIMETABLE = {
  faculty:
    'No classes on your timetable yet. Ask your admin to add your classes to the timetable. Until then, you can mark any class: choose it under Another class.',
  assigned:
    'No classes on your timetable yet. Ask your admin to add your classes to the timetable: at this college, faculty mark only the classes the timetable gives them.',
  admin: 'No classes of yours on the timetable. Add classes on the Timetable screen, or mark any class: choose it under Another class.',
} as const;

/**
 * Today with no class (docs/product.md §2.4): 'No classes today' when the caller teaches on other days; with no
 * class at all on the active term's timetable, what to do instead, and the way to the step-by-step flow
 * below (`anotherClass`: the id of its heading). While the timetable is read, or if it fails, 'No classes today'.
 */
export function TodayEmpty({ anotherClass }: { anotherClass: string }) {
  const { user } = useSession();
  const terms = useActiveTerms();
  const termid = terms.data?.[0]?._id;
  const mine = useTimetable(termid && user ? { termid, facultyid: user._id } : null);
  const { applies: onlyOwnClasses } = useAssignedClasses();
  const noTimetable = terms.data?.length === 0 || mine.data?.length === 0;
  if (!noTimetable) return <Notice kind="empty">{TIMETABLE_MESSAGES.noClasses}</Notice>;

  const admin = user?.role === 'admin';
  const chooseAnother = () => {
    const heading = document.getElementById(anotherClass);
    heading?.scrollIntoView?.({ block: 'start' });
    heading?.focus();
  };
  // Each a row of the notice's grid.
  const actions = (
    <>
      {!onlyOwnClasses && (
        <button type="button" className="button" onClick={chooseAnother}>
          Choose a class to mark
        </button>
      )}
      {admin && (
        <Link to="/dashboard/timetable" className="button button-secondary">
          Open the timetable
        </Link>
      )}
    </>
  );
  return (
    <Notice kind="empty" action={actions}>
      {admin ? NO_TIMETABLE.admin : onlyOwnClasses ? NO_TIMETABLE.assigned : NO_TIMETABLE.faculty}
    </Notice>
  );
}
