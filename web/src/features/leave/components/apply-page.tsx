import { Link } from 'react-router-dom';
import { LEAVE_MESSAGES } from '@shared/schemas/leave';
import { useChosenChild } from '@web/components/family/child-switcher';
import { Loaded } from '@web/components/ui/loaded';
import { Notice } from '@web/components/ui/notice';
import { Page } from '@web/components/ui/page';
import { useSettings } from '@web/lib/queries';
import { ApplyForm } from './apply-form';
import './leave.css';

/**
 * /me/leave/new (docs/product.md §2.17): a student's application for leave, on duty or medical leave, or a
 * guardian's for the chosen child: the kind (with its rule), the days, whole days or some classes, why, and
 * an optional certificate.
 */
export function ApplyPage() {
  const { child, guardian, keep } = useChosenChild();
  const settings = useSettings();
  return (
    <Page title={guardian && child ? `Apply for leave for ${child.name}` : 'Apply for leave'}>
      <p>
        <Link to={`/me/leave${keep}`}>Back to the applications</Link>
      </p>
      {child ? (
        <Loaded list={{ ...settings, data: settings.data && [settings.data] }} empty="No settings found">
          {([current]) => <ApplyForm key={child._id} studentId={child._id} settings={current!} done={`/me/leave${keep}`} />}
        </Loaded>
      ) : (
        <Notice kind="empty">{LEAVE_MESSAGES.studentNotFound}</Notice>
      )}
    </Page>
  );
}
