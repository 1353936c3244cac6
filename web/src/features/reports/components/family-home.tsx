import { Link } from 'react-router-dom';
import { routePath } from '@shared/api-contract';
import { REPORT_MESSAGES } from '@shared/schemas/reports';
import { ChildSwitcher, useChosenChild } from '@web/components/family/child-switcher';
import { Loaded } from '@web/components/ui/loaded';
import { Notice } from '@web/components/ui/notice';
import { Page } from '@web/components/ui/page';
import { useCollegeTime } from '@web/lib/college-time';
import { useStudentStanding } from '../api/standing';
import { offlineCopyText, useKeptSince } from '../kept-copy';
import { firstNameOf, type Reader } from '../projection-text';
import { DataRequestCard } from './data-request-card';
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
  const chosen = useChosenChild();
  const { child, guardian } = chosen;
  const reader: Reader = guardian && child ? { you: false, firstName: firstNameOf(child.name) } : { you: true };

  return (
    <Page title={guardian ? 'Attendance of your children' : 'My attendance'}>
      {!guardian && (
        <Link className="button family-check-in" to="/me/checkin">
          Check in to a class
        </Link>
      )}
      <ChildSwitcher chosen={chosen} />
      {child ? (
        <ChosenStudent key={child._id} id={child._id} reader={reader} keep={chosen.keep} />
      ) : (
        <Notice kind="empty">{REPORT_MESSAGES.studentNotFound}</Notice>
      )}
    </Page>
  );
}

/** One student's Home: their standing cards first (what a phone shows at once), who they are, then the way to every class and to leave. */
function ChosenStudent({ id, reader, keep }: { id: string; reader: Reader; keep: string }) {
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
              <Link className="button button-secondary family-classes-link" to={`/me/leave${keep}`}>
                Apply for leave, or see {whose} applications
              </Link>
            </section>
            <DataRequestCard id={id} whose={whose} />
          </>
        )}
      </Loaded>
    </>
  );
}
