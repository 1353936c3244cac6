import { useSearchParams } from 'react-router-dom';
import { LEAVE_MESSAGES } from '@shared/schemas/leave';
import { LinkList } from '@web/components/ui/link-list';
import { Loaded } from '@web/components/ui/loaded';
import { Page } from '@web/components/ui/page';
import { useCollegeTime } from '@web/lib/college-time';
import { useSession } from '@web/lib/session';
import { useLeaveList, type LeaveApplication } from '../api';
import { coverText, daysText, STATUS_WORDS } from '../words';
import { LeaveFiltersForm, readFilters } from './leave-filters';
import './leave.css';

/**
 * /leave (docs/product.md §2.17), admins and faculty: the applications to decide, pending ones first
 * chosen; a faculty member sees those of the divisions they coordinate (the server keeps to them). Each
 * opens the application.
 */
export function LeaveListPage() {
  const admin = useSession().user?.role === 'admin';
  const [search] = useSearchParams();
  const filters = readFilters(search);
  const list = useLeaveList(filters);
  const { moment } = useCollegeTime();
  const back = search.toString();

  const item = (application: LeaveApplication) => ({
    key: application._id,
    to: `/leave/${encodeURIComponent(application._id)}${back ? `?back=${encodeURIComponent(back)}` : ''}`,
    label: `${application.student.name} (${application.student.enrollment})`,
    detail: [
      `${application.kind}, ${daysText(application)}`,
      coverText(application),
      application.history[0] ? `applied ${moment(application.history[0].at)}` : '',
      application.attachment ? 'attachment' : 'no attachment',
    ]
      .filter(Boolean)
      .join(' · '),
    badge: STATUS_WORDS[application.status],
  });

  return (
    <Page
      title={LEAVE_MESSAGES.list}
      lead={
        <p className="leave-lead">
          {admin
            ? 'Leave, on-duty and medical applications of every division.'
            : 'Leave, on-duty and medical applications of the divisions you coordinate.'}
        </p>
      }
    >
      <LeaveFiltersForm admin={admin} />
      <Loaded list={list} empty={LEAVE_MESSAGES.none}>
        {(applications) => <LinkList label="Applications" items={applications.map(item)} />}
      </Loaded>
    </Page>
  );
}
