import { Link, useSearchParams } from 'react-router-dom';
import { routePath } from '@shared/api-contract';
import { REPORT_MESSAGES } from '@shared/schemas/reports';
import { Loaded } from '@web/components/ui/loaded';
import { Page } from '@web/components/ui/page';
import { useCollegeTime } from '@web/lib/college-time';
import { useSession } from '@web/lib/session';
import { useStudentRecord } from '../api/reports';
import { useStudentStanding } from '../api/standing';
import { offlineCopyText, useKeptSince } from '../kept-copy';
import { firstNameOf, type Reader } from '../projection-text';
import { projectionsSection } from '../record';
import { RecordClassSessions } from './record-sessions';
import './reports.css';

const ALL_SESSIONS = {};

/**
 * /me/classes (docs/product.md §4): every class of a student's semester, newest first, with their status and
 * the latest correction of it, filtered by course and month, with the record's PDF and CSV. A student's own;
 * a guardian's chosen child (?student=, as on the Home). Offline it shows the device's copy and says how old it is.
 * The PDF also says what the classes still to come allow, in the Home's words (its standing, read as the Home
 * reads it: usually already on hand); until that standing has come, the PDF is made without them.
 */
export function FamilyClasses() {
  const { user } = useSession();
  const [search] = useSearchParams();
  const children = user?.students ?? [];
  const child = children.find((one) => one._id === search.get('student')) ?? children[0];
  const id = child?._id ?? '';
  const record = useStudentRecord(id, ALL_SESSIONS);
  const standing = useStudentStanding(id);
  const { timeZone } = useCollegeTime();
  const keptSince = useKeptSince([routePath('GET /report/student/{id}', { params: { id }, query: ALL_SESSIONS })]);
  const guardian = user?.role === 'guardian';
  const reader: Reader = guardian && child ? { you: false, firstName: firstNameOf(child.name) } : { you: true };
  const whose = reader.you ? 'your' : `${reader.firstName}'s`;
  const projections = standing.data && projectionsSection(standing.data, reader);

  return (
    <Page title={guardian && child ? `Every class of ${child.name}` : 'Every class'}>
      <p>
        <Link to={`/me${guardian && child ? `?student=${encodeURIComponent(id)}` : ''}`}>
          Back to {guardian ? 'the attendance' : 'my attendance'}
        </Link>
      </p>
      {keptSince !== null && record.data && (
        <p className="card family-offline-copy" role="status">
          {offlineCopyText(whose, keptSince, timeZone)}
        </p>
      )}
      <Loaded list={{ ...record, data: record.data && [record.data] }} empty={REPORT_MESSAGES.studentNotFound}>
        {([shown]) => <RecordClassSessions record={shown!} range={ALL_SESSIONS} projections={projections} />}
      </Loaded>
    </Page>
  );
}
