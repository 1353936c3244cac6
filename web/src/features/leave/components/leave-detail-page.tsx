import { Link, useParams, useSearchParams } from 'react-router-dom';
import { LEAVE_MESSAGES } from '@shared/schemas/leave';
import { Loaded } from '@web/components/ui/loaded';
import { Page } from '@web/components/ui/page';
import { useSession } from '@web/lib/session';
import { useLeaveDetail, type LeaveApplication } from '../api';
import { coverText, daysText, statusText } from '../words';
import { AttachmentButton } from './attachment-button';
import { DecisionPanel } from './decision-panel';
import { CoveredClasses, LeaveHistory } from './leave-history';
import './leave.css';

/**
 * /leave/:id (docs/product.md §2.17): one application as a coordinator or admin decides it: who and what,
 * its attachment, its history, the classes it covers with their status now; Approve or Reject with a
 * comment while it waits, and (admins) Revoke once approved.
 */
export function LeaveDetailPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const admin = useSession().user?.role === 'admin';
  const detail = useLeaveDetail(id);
  const back = search.get('back');
  return (
    <Page title="Leave application">
      <p>
        <Link to={`/leave${back ? `?${back}` : ''}`}>Back to the applications</Link>
      </p>
      <Loaded list={{ ...detail, data: detail.data && [detail.data] }} empty={LEAVE_MESSAGES.notFound}>
        {([shown]) => (
          <>
            <Summary application={shown!.application} />
            <DecisionPanel application={shown!.application} admin={admin} reload={() => detail.mutate()} />
            <CoveredClasses covers={shown!.covers} wholeDays={!shown!.application.classes} />
            <LeaveHistory history={shown!.application.history} />
          </>
        )}
      </Loaded>
    </Page>
  );
}

function Summary({ application }: { application: LeaveApplication }) {
  const counts = application.countsAs === 'present' ? 'present' : 'excused';
  return (
    <section className="card leave-summary" aria-labelledby="leave-summary-heading">
      <h2 id="leave-summary-heading">
        {application.student.name} ({application.student.enrollment})
      </h2>
      <dl className="leave-facts">
        <div>
          <dt>Kind</dt>
          <dd>
            {application.kind} (its classes count as {counts})
          </dd>
        </div>
        <div>
          <dt>Days</dt>
          <dd>{daysText(application)}</dd>
        </div>
        <div>
          <dt>Covers</dt>
          <dd>{coverText(application)}</dd>
        </div>
        <div>
          <dt>Reason</dt>
          <dd>{application.reason}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd className={`leave-status leave-status-${application.status}`}>{statusText(application)}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd>{application.ref}</dd>
        </div>
        <div>
          <dt>Attachment</dt>
          <dd>{application.attachment ? <AttachmentButton id={application._id} name={application.attachment.name} /> : 'None'}</dd>
        </div>
      </dl>
    </section>
  );
}
