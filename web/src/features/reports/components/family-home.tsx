import { Link, useSearchParams } from 'react-router-dom';
import { routePath } from '@shared/api-contract';
import { REPORT_MESSAGES } from '@shared/schemas/reports';
import { Loaded } from '@web/components/ui/loaded';
import { Notice } from '@web/components/ui/notice';
import { Page } from '@web/components/ui/page';
import { useCollegeTime } from '@web/lib/college-time';
import { useSession } from '@web/lib/session';
import { useStudentStanding } from '../api/standing';
import { offlineCopyText, useKeptSince } from '../kept-copy';
import { firstNameOf, type Reader } from '../projection-text';
import { StandingCards } from './standing-cards';
import { StudentDetails } from './student-details';
import './reports.css';

/**
 * /me (docs/product.md §4, §5): a student's own attendance, a guardian's children's (a switcher by name
 * when there are several): a card per course and kind and overall with what the classes still to come
 * allow, who the student is, and a link to every class (/me/classes). It reads the standing only (the
 * summaries and the timetable, never the class sessions). Offline it shows the device's copy and says how old it is.
 */
export function FamilyHome() {
  const { user } = useSession();
  const [search, setSearch] = useSearchParams();
  const children = user?.students ?? [];
  const chosen = search.get('student');
  const child = children.find((one) => one._id === chosen) ?? children[0];
  const guardian = user?.role === 'guardian';
  const reader: Reader = guardian && child ? { you: false, firstName: firstNameOf(child.name) } : { you: true };

  return (
    <Page title={guardian ? 'Attendance of your children' : 'My attendance'}>
      {children.length > 1 && (
        <nav className="card family-switcher" aria-label="Child">
          {children.map((one) => (
            <button
              key={one._id}
              type="button"
              className={`button${one._id === child?._id ? '' : ' button-secondary'}`}
              aria-pressed={one._id === child?._id}
              onClick={() => setSearch({ student: one._id })}
            >
              {one.name}
            </button>
          ))}
        </nav>
      )}
      {child ? (
        <ChosenStudent key={child._id} id={child._id} reader={reader} />
      ) : (
        <Notice kind="empty">{REPORT_MESSAGES.studentNotFound}</Notice>
      )}
    </Page>
  );
}

/** One student's Home: their standing cards first (what a phone shows at once), who they are, then the way to every class. */
function ChosenStudent({ id, reader }: { id: string; reader: Reader }) {
  const standing = useStudentStanding(id);
  const { timeZone } = useCollegeTime();
  const keptSince = useKeptSince([routePath('GET /report/student/{id}/standing', { params: { id } })]);
  const whose = reader.you ? 'your' : `${reader.firstName}'s`;
  return (
    <>
      {keptSince !== null && standing.data && (
        <p className="card family-offline-copy" role="status">
          {offlineCopyText(whose, keptSince, timeZone)}
        </p>
      )}
      <Loaded list={{ ...standing, data: standing.data && [standing.data] }} empty={REPORT_MESSAGES.studentNotFound}>
        {([shown]) => (
          <>
            <StandingCards standing={shown!} reader={reader} />
            <section className="card record-student" aria-label="Student">
              <StudentDetails student={shown!.student} />
              <Link className="button button-secondary family-classes-link" to={`/me/classes?student=${encodeURIComponent(id)}`}>
                Every class, with PDF and CSV
              </Link>
            </section>
          </>
        )}
      </Loaded>
    </>
  );
}
