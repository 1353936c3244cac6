import { useSearchParams } from 'react-router-dom';
import { REPORT_MESSAGES } from '@shared/schemas/reports';
import { Loaded } from '@web/components/ui/loaded';
import { Page } from '@web/components/ui/page';
import { useSession } from '@web/lib/session';
import { useStudentRecord } from '../api/reports';
import { RecordSessions } from './record-sessions';
import { StandingTable } from './record-standing';
import { StudentDetails } from './student-details';
import './reports.css';

const ALL_SESSIONS = {};

/**
 * /me (docs/product.md §4): a student's own attendance, a guardian's children's (a switcher when there are
 * several): their standing per course and kind and overall, then every class, newest first.
 */
export function FamilyHome() {
  const { user } = useSession();
  const [search, setSearch] = useSearchParams();
  const children = user?.students ?? [];
  const chosen = search.get('student');
  const id = children.find((child) => child._id === chosen)?._id ?? children[0]?._id ?? '';
  const record = useStudentRecord(id, ALL_SESSIONS);
  const guardian = user?.role === 'guardian';

  return (
    <Page title={guardian ? 'Attendance of your children' : 'My attendance'}>
      {children.length > 1 && (
        <nav className="card family-switcher" aria-label="Child">
          {children.map((child) => (
            <button
              key={child._id}
              type="button"
              className={`button${child._id === id ? '' : ' button-secondary'}`}
              aria-pressed={child._id === id}
              onClick={() => setSearch({ student: child._id })}
            >
              {child.name}
            </button>
          ))}
        </nav>
      )}
      <Loaded list={{ ...record, data: record.data && [record.data] }} empty={REPORT_MESSAGES.studentNotFound}>
        {([shown]) => (
          <>
            <section className="card record-student" aria-label="Student">
              <StudentDetails student={shown!.student} />
            </section>
            <StandingTable courses={shown!.courses} overall={shown!.overall} threshold={shown!.threshold} />
            <RecordSessions record={shown!} range={ALL_SESSIONS} />
          </>
        )}
      </Loaded>
    </Page>
  );
}
