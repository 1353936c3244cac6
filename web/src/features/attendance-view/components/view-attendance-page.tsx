import { Notice } from '../../../components/ui/notice';
import { Page } from '../../../components/ui/page';

/** View attendance (spec §2.7), built by a later issue: a placeholder for now. */
export function ViewAttendancePage() {
  return (
    <Page title="View Attendance">
      <Notice>Viewing attendance by date and as percentages is coming soon.</Notice>
    </Page>
  );
}
