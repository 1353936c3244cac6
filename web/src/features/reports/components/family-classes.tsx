import { Link, useSearchParams } from 'react-router-dom';
import { routePath } from '@shared/api-contract';
import { REPORT_MESSAGES } from '@shared/schemas/reports';
import { Loaded } from '@web/components/ui/loaded';
import { Page } from '@web/components/ui/page';
import { useCollegeTime } from '@web/lib/college-time';
import { useSession } from '@web/lib/session';
import { useStudentRecord } from '../api/reports';
import { offlineCopyText, useKeptSince } from '../kept-copy';
import { firstNameOf } from '../projection-text';
import { RecordSessions } from './record-sessions';
import './reports.css';

const ALL_SESSIONS = {};

/**
 * /me/classes (docs/product.md §4): every class of a student's semester, newest first, with their status and
 * the latest correction of it, filtered by course and month, with the record's PDF and CSV. A student's own;
 * a guardian's chosen child (?student=, as on the Home). Offline it shows the device's copy and says how old it is.
 */
export function FamilyClasses() {
  const { user } = useSession();
  const [search] = useSearchParams();
  const children = user?.students ?? [];
  const child = children.find((one) => one._id === search.get('student')) ?? children[0];
  const id = child?._id ?? '';
  const record = useStudentRecord(id, ALL_SESSIONS);
  const { timeZone } = useCollegeTime();
  const keptSince = useKeptSince([routePath('GET /report/student/{id}', { params: { id }, query: ALL_SESSIONS })]);
  const guardian = user?.role === 'guardian';
  const whose = guardian && child ? `${firstNameOf(child.name)}'s` : 'your';

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
        {([shown]) => <RecordSessions record={shown!} range={ALL_SESSIONS} />}
      </Loaded>
    </Page>
  );
}
