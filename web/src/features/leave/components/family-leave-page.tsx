import { Link } from 'react-router-dom';
import { LEAVE_MESSAGES } from '@shared/schemas/leave';
import { ChildSwitcher, useChosenChild } from '@web/components/family/child-switcher';
import { Loaded } from '@web/components/ui/loaded';
import { Notice } from '@web/components/ui/notice';
import { Page } from '@web/components/ui/page';
import { useStudentLeave } from '../api';
import { LeaveCard } from './leave-card';
import './leave.css';

/**
 * /me/leave (docs/product.md §2.17): a student's leave applications, newest first, a guardian's chosen
 * child's (the Home's switcher); each with its state in words, the latest comment, and Withdraw while it
 * waits for a decision. Apply for leave opens the form.
 */
export function FamilyLeavePage() {
  const chosen = useChosenChild();
  const { child, guardian, keep } = chosen;
  return (
    <Page title={guardian && child ? `Leave of ${child.name}` : 'Leave'}>
      <p>
        <Link to={`/me${keep}`}>Back to {guardian ? 'the attendance' : 'my attendance'}</Link>
      </p>
      <ChildSwitcher chosen={chosen} />
      {child ? <Applications key={child._id} id={child._id} keep={keep} /> : <Notice kind="empty">{LEAVE_MESSAGES.studentNotFound}</Notice>}
    </Page>
  );
}

function Applications({ id, keep }: { id: string; keep: string }) {
  const list = useStudentLeave(id);
  const newestFirst = list.data && [...list.data].sort((a, b) => (b.history[0]?.at ?? '').localeCompare(a.history[0]?.at ?? ''));
  return (
    <>
      <p>
        <Link className="button" to={`/me/leave/new${keep}`}>
          Apply for leave
        </Link>
      </p>
      <Loaded list={{ ...list, data: newestFirst }} empty={LEAVE_MESSAGES.none}>
        {(applications) => (
          <ul className="leave-cards" aria-label="Applications">
            {applications.map((application) => (
              <LeaveCard key={application._id} application={application} />
            ))}
          </ul>
        )}
      </Loaded>
    </>
  );
}
