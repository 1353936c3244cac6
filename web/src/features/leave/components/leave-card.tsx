import { useState } from 'react';
import { LEAVE_MESSAGES } from '@shared/schemas/leave';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { errorMessage } from '@web/lib/api-client';
import { useCollegeTime } from '@web/lib/college-time';
import { toast } from '@web/lib/toast';
import { useWrite } from '@web/lib/use-write';
import type { LeaveApplication } from '../api';
import { coverText, daysText, latestComment, statusText } from '../words';

/** One application as its student or guardian sees it: what, when, its state in words, and Withdraw while pending. */
export function LeaveCard({ application }: { application: LeaveApplication }) {
  const { moment } = useCollegeTime();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const write = useWrite();
  const comment = latestComment(application);
  const title = `${application.kind} leave, ${daysText(application)}`;

  async function withdraw() {
    setBusy(true);
    try {
      const answer = await write('POST /leave/{id}/withdraw', { params: { id: application._id }, body: { version: application.version } });
      toast.success(answer.message || LEAVE_MESSAGES.withdrawn);
      setAsking(false);
    } catch (failure) {
      toast.error(errorMessage(failure));
      setAsking(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="card leave-card">
      <h2 className="leave-card-title">{title}</h2>
      <dl className="leave-facts">
        <div>
          <dt>Status</dt>
          <dd className={`leave-status leave-status-${application.status}`}>{statusText(application)}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd>{application.ref}</dd>
        </div>
        <div>
          <dt>Covers</dt>
          <dd>{coverText(application)}</dd>
        </div>
        {application.history[0] && (
          <div>
            <dt>Applied</dt>
            <dd>{moment(application.history[0].at)}</dd>
          </div>
        )}
        {comment && (
          <div>
            <dt>Latest comment</dt>
            <dd>
              {comment.comment} ({comment.by.username})
            </dd>
          </div>
        )}
        {(application.status === 'approved' || application.status === 'revoked') && (
          <div>
            <dt>Classes on leave</dt>
            <dd>{application.classesOnLeave}</dd>
          </div>
        )}
      </dl>
      {application.status === 'pending' && (
        <button type="button" className="button button-secondary" aria-label={`Withdraw ${title}`} onClick={() => setAsking(true)}>
          Withdraw
        </button>
      )}
      {asking && (
        <ConfirmDialog
          title="Withdraw this application?"
          message={`${title} (${application.ref}) will no longer wait for a decision.`}
          confirmLabel="Withdraw"
          busy={busy}
          onConfirm={() => void withdraw()}
          onCancel={() => setAsking(false)}
        />
      )}
    </li>
  );
}
